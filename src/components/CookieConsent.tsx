import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { Settings } from "../schemas/shell";
import { useAppState } from "../state/store";
import Button from "./Button";
import { readSetting } from "../data/web-settings";
import { useDialogFocus } from "./use-dialog-focus";

export const COOKIE_CONSENT_NAME = "cookie_consent";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export const cookieFallbackTitle = "We value your privacy";
export const cookieFallbackText =
  "We use cookies to make this site work, to understand how it is used and to show you relevant content and adverts. By clicking Accept you agree to analytics, marketing and personalisation cookies.";

/** true when the browser already holds the consent cookie (read from document.cookie). */
export function hasConsentCookie(cookieHeader: string): boolean {
  return cookieHeader.split(";").some((part) => part.trim() === `${COOKIE_CONSENT_NAME}=1`);
}

/**
 * The cookie popup (spec §2, §4 'Cookie consent'). Cookies are read in an effect only, so
 * the server and the first client render agree (no popup), and it slides in once mounted.
 * Accepting consents to analytics, marketing and personalisation and is remembered for a year.
 * A non-modal dialog placed right after the skip link, so the keyboard reaches it first; it does
 * not take focus by itself. Escape from inside hides it for this page view without consenting,
 * and focus goes back to where it came from.
 */
export default function CookieConsent({ settings }: { settings: Settings }) {
  const { dispatch } = useAppState();
  const [open, setOpen] = useState(false);
  const popupRef = useRef<HTMLElement>(null);
  useDialogFocus(open, popupRef, { onClose: () => setOpen(false), modal: false, focusOnOpen: false });

  useEffect(() => {
    if (hasConsentCookie(document.cookie)) {
      dispatch({ type: "cookies/consent", analytics: true, marketing: true, personalisation: true });
    } else {
      setOpen(true);
    }
  }, [dispatch]);

  if (!open) return null;
  // Only a site path is followed from the settings; anything else falls back to the policy page.
  const configured = readSetting(settings, "cookie.policyLink");
  const policyLink = configured && configured.startsWith("/") && !configured.startsWith("//") ? configured : "/cookie-policy";

  const accept = () => {
    const secure = window.location.protocol === "https:" ? "; Secure" : "";
    document.cookie = `${COOKIE_CONSENT_NAME}=1; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`;
    dispatch({ type: "cookies/consent", analytics: true, marketing: true, personalisation: true });
    setOpen(false);
  };

  return (
    <section ref={popupRef} className="cookie-consent" role="dialog" aria-modal="false" aria-label="Cookie consent" aria-describedby="cookie-consent-text">
      <div className="cookie-consent__inner">
        <div className="cookie-consent__copy">
          <h2 className="cookie-consent__title">{readSetting(settings, "cookie.title") ?? cookieFallbackTitle}</h2>
          <p className="cookie-consent__text" id="cookie-consent-text">
            {readSetting(settings, "cookie.text") ?? cookieFallbackText}{" "}
            <Link to={policyLink} className="cookie-consent__link">
              {readSetting(settings, "cookie.policyLinkText") ?? "Cookie Policy"}
            </Link>
          </p>
        </div>
        <div className="cookie-consent__actions">
          <Button text={readSetting(settings, "cookie.acceptButton") ?? "Accept"} type="primary-light" onClick={accept} className="cookie-consent__accept" />
        </div>
      </div>
    </section>
  );
}
