import { describe, expect, it } from "vitest";
import { consentCookieValue, parseConsent, type ConsentChoice } from "../../src/app/viewer-preferences";
import {
  consentFromChoices,
  consentFromGroups,
  mayPersonaliseAdverts,
  mayTrack,
  NO_TRACKING,
  trackingSessionId,
} from "../../src/domain/consent";
import { buildTrackingEvent } from "../../src/domain/tracking-event";
import { advertHref } from "../../src/domain/advert-link";

const ALL: ConsentChoice = { analytics: true, marketing: true, personalisation: true };
const NONE: ConsentChoice = { analytics: false, marketing: false, personalisation: false };

describe("consent mapping (spec §4 'Cookie consent', §9)", () => {
  // [case, active groups, categories]
  const groups: [string, string[], ConsentChoice][] = [
    ["no group", [], NONE],
    ["C0004 active enables all three", ["C0004"], ALL],
    ["C0004 among others", ["C0001", "C0002", "C0004"], ALL],
    ["other groups alone grant nothing", ["C0001", "C0002", "C0003"], NONE],
    ["a near miss is not C0004", ["C00041", "c0004"], NONE],
  ];
  it.each(groups)("groups: %s", (_name, active, expected) => {
    expect(consentFromGroups(active)).toEqual(expected);
  });

  // [case, ticked in 'Manage choices', categories, cookie value]
  const choices: [string, Partial<ConsentChoice>, ConsentChoice, string][] = [
    ["nothing ticked (the default)", {}, NONE, "none"],
    ["analytics only", { analytics: true }, { ...NONE, analytics: true }, "analytics"],
    ["marketing only", { marketing: true }, { ...NONE, marketing: true }, "marketing"],
    ["personalisation only", { personalisation: true }, { ...NONE, personalisation: true }, "personalisation"],
    ["analytics and marketing", { analytics: true, marketing: true }, { ...NONE, analytics: true, marketing: true }, "analytics,marketing"],
    ["all three", ALL, ALL, "analytics,marketing,personalisation"],
  ];
  it.each(choices)("choices: %s", (_name, ticked, expected, cookie) => {
    const choice = consentFromChoices(ticked);
    expect(choice).toEqual(expected);
    expect(consentCookieValue(choice)).toBe(cookie);
    expect(parseConsent(cookie)).toEqual(expected); // SSR reads back what the popup wrote
  });

  // [case, consent, may track, session id sent, personalised adverts]
  const gates: [string, ConsentChoice | null, boolean, string, boolean][] = [
    ["not chosen yet", null, false, NO_TRACKING, false],
    ["refused all", NONE, false, NO_TRACKING, false],
    ["analytics", { ...NONE, analytics: true }, true, "4242", false],
    ["marketing without analytics", { ...NONE, marketing: true }, false, NO_TRACKING, true],
    ["personalisation only", { ...NONE, personalisation: true }, false, NO_TRACKING, false],
    ["all", ALL, true, "4242", true],
  ];
  it.each(gates)("gates: %s", (_name, consent, track, session, personalised) => {
    expect(mayTrack(consent)).toBe(track);
    expect(trackingSessionId(4242, consent)).toBe(session);
    expect(mayPersonaliseAdverts(consent)).toBe(personalised);
  });
});

describe("tracking events and advert links follow the consent", () => {
  const page = { domain: "www.rovers.test", width: 1440.4, height: 900, userAgent: "UA", ssoVendor: "dev", sessionID: 4242, ssoID: "demo-fan" };
  const advert = { advertID: 3, advertName: "Kit", advertRef: "KIT", campaignRef: "RETAIL", url: "https://store.example/kit" };
  const now = new Date("2026-11-23T20:00:00Z");

  it("nothing is built without analytics consent", () => {
    expect(buildTrackingEvent("advertImpression", advert, page, null, now, () => 0.5)).toBeNull();
    expect(buildTrackingEvent("advertClick", advert, page, { ...ALL, analytics: false }, now, () => 0.5)).toBeNull();
  });
  it("with it, the spec's fields", () => {
    expect(buildTrackingEvent("advertImpression", advert, page, ALL, now, () => 0)).toEqual({
      channel: "web", domain: "www.rovers.test", logID: 1, screensize: "1440x900", ssoVendor: "dev", userAgent: "UA",
      sessionID: "4242", ssoID: "demo-fan", action: "advertImpression", timestamp: "2026-11-23T20:00:00.000Z",
      url: "https://store.example/kit", userAllowTracking: true, advertID: 3, advertName: "Kit", advertRef: "KIT", campaignRef: "RETAIL",
    });
    expect(buildTrackingEvent("pageView", { url: "/news" }, page, ALL, now, () => 0.9999999)).toMatchObject({ logID: 1_000_000, url: "/news" });
    expect(buildTrackingEvent("pageView", { url: "/news" }, page, ALL, now, () => 0)).not.toHaveProperty("advertID");
  });
  it("advert links are tagged only with marketing consent, and never carry a real id without analytics", () => {
    expect(advertHref(advert.url, "RETAIL", null, 4242)).toBe(advert.url);
    expect(advertHref(advert.url, "RETAIL", { ...NONE, analytics: true }, 4242)).toBe(advert.url);
    expect(advertHref(advert.url, "RETAIL", ALL, 4242)).toBe("https://store.example/kit?utm_source=northbridge-rovers&utm_campaign=RETAIL&rovers_sid=4242");
    expect(advertHref(advert.url, "RETAIL", { ...NONE, marketing: true }, 4242)).toContain("rovers_sid=no+tracking");
    expect(advertHref("/videos/subscriptions", "RTV", ALL, 4242)).toBe("/videos/subscriptions");
  });
});
