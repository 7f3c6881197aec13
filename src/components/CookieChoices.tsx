import type { ConsentChoice } from "../app/viewer-preferences";

/** The three categories of spec §9, in the order 'Manage choices' lists them. */
export const CONSENT_CATEGORIES: { name: keyof ConsentChoice; label: string; description: string }[] = [
  { name: "analytics", label: "Analytics", description: "Count visits and advert views so we can see how the site is used." },
  { name: "marketing", label: "Marketing", description: "Let our partners' adverts link back to your visit." },
  { name: "personalisation", label: "Personalisation", description: "Remember what you like to tailor what we show you." },
];

/**
 * The cookie popup's 'Manage choices' (CookieConsent.tsx): a box per category, each off until
 * ticked. A chunk of its own: only a supporter who asks to choose needs it.
 */
export default function CookieChoices({ ticked, onChange }: { ticked: ConsentChoice; onChange: (ticked: ConsentChoice) => void }) {
  return (
    <fieldset className="cookie-consent__choices">
      <legend className="cookie-consent__legend">Choose which cookies we may use</legend>
      {CONSENT_CATEGORIES.map((category) => (
        <label key={category.name} className="cookie-consent__choice">
          <input type="checkbox" name={category.name} checked={ticked[category.name]} onChange={(event) => onChange({ ...ticked, [category.name]: event.currentTarget.checked })} />
          <span className="cookie-consent__choice-text">
            <span className="cookie-consent__choice-label">{category.label}</span>
            <span className="cookie-consent__choice-description">{category.description}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
