import { createContext, useContext } from "react";
import { ADULT_HINT_COOKIE, childFriendlyOf } from "../domain/adult-age";

/**
 * What a supporter chose that changes the HTML itself, not only what the browser does after
 * hydration: child-friendly mode (spec §1, default on), spoiler-free mode, and the cookie consent
 * choice (spec §4 'Cookie consent'). Each is a cookie the worker reads before rendering, so the
 * first paint is already right; the page cache keeps one variant per combination
 * (`preferencesKey`), never per session. The browser reads them back from <html data-prefs> for
 * hydration, like the signed-in hint.
 */
export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
  personalisation: boolean;
}

export interface ViewerPreferences {
  childFriendly: boolean;
  spoilerFree: boolean;
  /** null until the supporter has chosen (the popup shows); every category is off until then */
  consent: ConsentChoice | null;
}

export const PREFERENCE_COOKIES = {
  childFriendly: "rovers_child_friendly",
  spoilerFree: "rovers_spoiler_free",
  consent: "cookie_consent",
} as const;

export const PREFERENCES_ATTRIBUTE = "data-prefs";

export const DEFAULT_PREFERENCES: ViewerPreferences = { childFriendly: true, spoilerFree: false, consent: null };

const CONSENT_CATEGORIES = ["analytics", "marketing", "personalisation"] as const;

/**
 * The consent cookie's value: "1" (accept all, as the first popup wrote it), "none", or a comma
 * list of the categories granted ("analytics,marketing"). Anything else counts as not chosen.
 */
export function parseConsent(value: string | undefined): ConsentChoice | null {
  if (value === undefined) return null;
  if (value === "1") return { analytics: true, marketing: true, personalisation: true };
  if (value === "none") return { analytics: false, marketing: false, personalisation: false };
  const granted = value.split(",");
  if (!granted.every((name) => CONSENT_CATEGORIES.some((category) => category === name))) return null;
  return {
    analytics: granted.includes("analytics"),
    marketing: granted.includes("marketing"),
    personalisation: granted.includes("personalisation"),
  };
}

export function consentCookieValue(choice: ConsentChoice): string {
  const granted = CONSENT_CATEGORIES.filter((name) => choice[name]);
  return granted.length === 0 ? "none" : granted.join(",");
}

/** Reads the preference cookies out of a Cookie header (or document.cookie). */
export function preferencesFromCookies(cookieHeader: string | null | undefined): ViewerPreferences {
  const cookies = new Map<string, string>();
  for (const part of (cookieHeader ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0) cookies.set(part.slice(0, at).trim(), decodeURIComponent(part.slice(at + 1).trim()));
  }
  return {
    // The supporter's own choice first; without one, on (spec §1) unless a signed-in adult.
    childFriendly: childFriendlyOf(cookies.get(PREFERENCE_COOKIES.childFriendly), cookies.get(ADULT_HINT_COOKIE) === "1"),
    spoilerFree: cookies.get(PREFERENCE_COOKIES.spoilerFree) === "1",
    consent: parseConsent(cookies.get(PREFERENCE_COOKIES.consent)),
  };
}

/** A short stable name of the combination: the page-cache variant and the <html data-prefs> value. */
export function preferencesKey(preferences: ViewerPreferences): string {
  const consent = preferences.consent ? `c${consentCookieValue(preferences.consent)}` : "c-";
  return [preferences.childFriendly ? "cf1" : "cf0", preferences.spoilerFree ? "sf1" : "sf0", consent].join(".");
}

/** The inverse of preferencesKey, for the browser reading <html data-prefs>; defaults on anything unknown. */
export function preferencesFromKey(key: string | undefined): ViewerPreferences {
  if (!key) return DEFAULT_PREFERENCES;
  const [cf, sf, consent] = key.split(".");
  return {
    childFriendly: cf !== "cf0",
    spoilerFree: sf === "sf1",
    consent: consent && consent !== "c-" ? parseConsent(consent.slice(1)) : null,
  };
}

export const ViewerPreferencesContext = createContext<ViewerPreferences>(DEFAULT_PREFERENCES);

export function useViewerPreferences(): ViewerPreferences {
  return useContext(ViewerPreferencesContext);
}
