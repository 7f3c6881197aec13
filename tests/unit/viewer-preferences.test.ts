import { describe, expect, it } from "vitest";
import {
  consentCookieValue,
  DEFAULT_PREFERENCES,
  parseConsent,
  preferencesFromCookies,
  preferencesFromKey,
  preferencesKey,
} from "../../src/app/viewer-preferences";

describe("viewer preferences", () => {
  it("defaults: child-friendly on, spoiler-free off, consent not chosen", () => {
    expect(preferencesFromCookies(undefined)).toEqual(DEFAULT_PREFERENCES);
    expect(preferencesFromCookies("other=1; rovers_child_friendly=yes")).toEqual(DEFAULT_PREFERENCES);
  });

  it("reads each cookie", () => {
    expect(preferencesFromCookies("rovers_child_friendly=0; rovers_spoiler_free=1; cookie_consent=analytics%2Cmarketing")).toEqual({
      childFriendly: false,
      spoilerFree: true,
      consent: { analytics: true, marketing: true, personalisation: false },
    });
  });

  it("maps the consent cookie's values", () => {
    expect(parseConsent("1")).toEqual({ analytics: true, marketing: true, personalisation: true });
    expect(parseConsent("none")).toEqual({ analytics: false, marketing: false, personalisation: false });
    expect(parseConsent("personalisation")).toEqual({ analytics: false, marketing: false, personalisation: true });
    expect(parseConsent("analytics,tracking")).toBeNull();
    expect(parseConsent("")).toBeNull();
    expect(parseConsent(undefined)).toBeNull();
    expect(consentCookieValue({ analytics: false, marketing: false, personalisation: false })).toBe("none");
    expect(consentCookieValue({ analytics: true, marketing: false, personalisation: true })).toBe("analytics,personalisation");
  });

  it("round-trips through its key, and different choices have different keys", () => {
    const all = [
      DEFAULT_PREFERENCES,
      { childFriendly: false, spoilerFree: true, consent: null },
      { childFriendly: true, spoilerFree: false, consent: { analytics: true, marketing: false, personalisation: false } },
      { childFriendly: false, spoilerFree: false, consent: { analytics: false, marketing: false, personalisation: false } },
    ];
    for (const p of all) expect(preferencesFromKey(preferencesKey(p))).toEqual(p);
    expect(new Set(all.map(preferencesKey)).size).toBe(all.length);
    expect(preferencesFromKey(undefined)).toEqual(DEFAULT_PREFERENCES);
    expect(preferencesFromKey("garbage")).toEqual(DEFAULT_PREFERENCES);
  });
});
