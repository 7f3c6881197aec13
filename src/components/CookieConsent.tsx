import { Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { Settings } from "../schemas/shell";
import { useAppState } from "../state/store";
import Button from "./Button";
import { readLinkSetting, readSetting } from "../data/web-settings";
import { useDialogFocus } from "./use-dialog-focus";
import { consentCookieValue, PREFERENCE_COOKIES, useViewerPreferences, type ConsentChoice } from "../app/viewer-preferences";
import { CONSENT_GROUP_ALL, consentFromChoices, consentFromGroups } from "../domain/consent";
import { lazyComponent } from "./lazy-component";

const CookieChoices = lazyComponent(() => import("./CookieChoices"));

export const COOKIE_CONSENT_NAME = PREFERENCE_COOKIES.consent;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export const cookieFallbackTitle = "We value your privacy";
export const cookieFallbackText =
  "We use cookies to make this site work, to understand how it is used and to show you relevant content and adverts. By clicking Accept you agree to analytics, marketing and personalisation cookies.";

/** Sent by the footer's 'Cookie settings' button: the popup opens again on 'Manage choices'. */
export const OPEN_COOKIE_SETTINGS_EVENT = "rovers:cookie-settings";

export function openCookieSettings(): void {
  window.dispatchEvent(new Event(OPEN_COOKIE_SETTINGS_EVENT));
}

function writeConsentCookie(value: string) {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${COOKIE_CONSENT_NAME}=${value}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

/**
 * The cookie popup (spec §2, §4 'Cookie consent'). The choice is the cookie_consent cookie of
 * src/app/viewer-preferences.ts, read by the worker before rendering: a supporter who has not
 * chosen gets the popup in the first paint, one who has never sees it. Accept activates consent
 * group C0004, which grants all three categories (cookie "1"); 'Manage choices' opens the three
 * categories, each off until ticked, and 'Confirm my choices' stores exactly those. Until a
 * choice grants analytics, nothing is tracked (src/domain/consent.ts).
 * A non-modal dialog placed right after the skip link, so the keyboard reaches it first; it does
 * not take focus by itself. Escape from inside hides it for this page view without consenting,
 * and focus goes back to where it came from.
 */
export default function CookieConsent({ settings }: { settings: Settings }) {
  const { state, dispatch } = useAppState();
  const preferences = useViewerPreferences();
  const [open, setOpen] = useState(preferences.consent === null);
  const [managing, setManaging] = useState(false);
  const [ticked, setTicked] = useState<ConsentChoice>(consentFromChoices({}));
  const popupRef = useRef<HTMLElement>(null);
  useDialogFocus(open, popupRef, { onClose: () => setOpen(false), modal: false, focusOnOpen: false });

  // A choice can be changed at any time: the footer's 'Cookie settings' reopens the popup with the
  // current choice ticked (spec §4: consent can be withdrawn as easily as given).
  const current = state.cookiesConsent;
  useEffect(() => {
    const reopen = () => {
      setTicked(consentFromChoices(current));
      setManaging(true);
      setOpen(true);
      // The popup does not take focus by itself; asked for from the footer, it should (on the
      // first box, once the choices have come).
      void CookieChoices.preload().then(() => requestAnimationFrame(() => popupRef.current?.querySelector<HTMLElement>("input, button")?.focus()));
    };
    window.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, reopen);
    return () => window.removeEventListener(OPEN_COOKIE_SETTINGS_EVENT, reopen);
  }, [current]);

  if (!open) return null;
  // Only a site path is followed from the settings; anything else falls back to the policy page.
  const policyLink = readLinkSetting(settings, "cookie.policyLink") ?? "/cookie-policy";

  const choose = (choice: ConsentChoice, cookieValue: string) => {
    writeConsentCookie(cookieValue);
    dispatch({ type: "cookies/consent", ...choice });
    setOpen(false);
  };
  const accept = () => choose(consentFromGroups([CONSENT_GROUP_ALL]), "1");
  // The choices are a chunk of their own: they show, with 'Confirm my choices', once it has come
  // (had it failed, rendering them tries again and reports the failure).
  const manage = () => void CookieChoices.preload().then(showChoices, showChoices);
  const showChoices = () => setManaging(true);
  const confirm = () => {
    const choice = consentFromChoices(ticked);
    choose(choice, consentCookieValue(choice));
  };

  return (
    <section ref={popupRef} className="cookie-consent" role="dialog" aria-modal="false" aria-label="Cookie consent" aria-describedby="cookie-consent-text">
      <div className="cookie-consent__inner" data-managing={managing}>
        <div className="cookie-consent__copy">
          <h2 className="cookie-consent__title">{readSetting(settings, "cookie.title") ?? cookieFallbackTitle}</h2>
          <p className="cookie-consent__text" id="cookie-consent-text">
            {readSetting(settings, "cookie.text") ?? cookieFallbackText}{" "}
            <Link to={policyLink} className="cookie-consent__link">
              {readSetting(settings, "cookie.policyLinkText") ?? "Cookie Policy"}
            </Link>
          </p>
          {managing ? (
            <Suspense>
              <CookieChoices ticked={ticked} onChange={setTicked} />
            </Suspense>
          ) : null}
        </div>
        <div className="cookie-consent__actions">
          <Button text={readSetting(settings, "cookie.acceptButton") ?? "Accept"} type="primary-light" onClick={accept} className="cookie-consent__accept" />
          {managing ? (
            <Button text="Confirm my choices" type="ghost-light" onClick={confirm} className="cookie-consent__confirm" />
          ) : (
            <Button text="Manage choices" type="ghost-light" onClick={manage} className="cookie-consent__manage" />
          )}
        </div>
      </div>
    </section>
  );
}
