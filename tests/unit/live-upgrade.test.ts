import { describe, expect, it } from "vitest";
import { contrastRatio, LIVE_UPGRADE_DEFAULTS, liveLock, liveUpgradeData, type LiveViewerFacts } from "../../src/domain/live-upgrade";

const P = "liveUpgrade.";
const visitor: LiveViewerFacts = { loggedIn: false, bypassed: false, entitlements: null };
const viewer = (entitlements: string[], bypassed = false): LiveViewerFacts => ({ loggedIn: true, bypassed, entitlements });
const TOP_STREAM = ["roverstv+", "vip"];
const MID_STREAM = ["roverstv", "roverstv+", "vip"];

describe("liveUpgradeData (spec §3 'Live upgrade data', from the web settings)", () => {
  it("takes the settings' values and falls back value by value", () => {
    const data = liveUpgradeData({ [`${P}buttonText`]: "Upgrade now", [`${P}requireUpgradeEntitlement`]: "RoversTV" });
    expect(data.buttonText).toBe("Upgrade now");
    expect(data.requireUpgradeEntitlement).toBe("roverstv");
    expect(data.requireLoginEntitlement).toBe("*");
    expect(data.lockedVideoTitle).toBe("To stream live games you must be subscribed to a TV package");
  });

  it("refuses a link off the site, an unusable colour, an unreadable colour pair and a bad code", () => {
    for (const link of ["https://evil.example/", "//evil.example", "javascript:alert(1)"]) {
      expect(liveUpgradeData({ [`${P}buttonLink`]: link }).buttonLink).toBe(LIVE_UPGRADE_DEFAULTS.buttonLink);
    }
    expect(liveUpgradeData({ [`${P}brandingBackground`]: "red;}" }).brandingBackground).toBe(LIVE_UPGRADE_DEFAULTS.brandingBackground);
    const grey = liveUpgradeData({ [`${P}brandingBackground`]: "#777777", [`${P}brandingTextColor`]: "#888888" });
    expect([grey.brandingBackground, grey.brandingTextColor]).toEqual([LIVE_UPGRADE_DEFAULTS.brandingBackground, LIVE_UPGRADE_DEFAULTS.brandingTextColor]);
    expect(liveUpgradeData({ [`${P}brandingBackground`]: "#fff", [`${P}brandingTextColor`]: "#0b2d1f" }).brandingBackground).toBe("#fff");
    expect(liveUpgradeData({ [`${P}requireLoginEntitlement`]: "a b" }).requireLoginEntitlement).toBe("*");
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 0);
  });
});

describe("liveLock", () => {
  const spec = LIVE_UPGRADE_DEFAULTS;

  it("with the spec's data: a visitor logs in, anyone locked out is offered the upgrade, the entitled play", () => {
    expect(liveLock(spec, visitor, TOP_STREAM).kind).toBe("login");
    const fan = liveLock(spec, viewer(["freemium"]), TOP_STREAM);
    expect(fan).toMatchObject({ kind: "upgrade", offer: { packageName: "Rovers TV+", button: { text: "View Subscriptions", href: "/videos/subscriptions" } } });
    expect(liveLock(spec, viewer(["freemium"]), MID_STREAM)).toMatchObject({ offer: { packageName: "Rovers TV" } });
    expect(liveLock(spec, viewer(["roverstv+"]), TOP_STREAM).kind).toBe("open");
    expect(liveLock(spec, viewer([], true), TOP_STREAM).kind).toBe("open");
  });

  it("requireLoginEntitlement other than '*' asks for that entitlement to pass the login stage", () => {
    const data = { ...spec, requireLoginEntitlement: "freemium" };
    expect(liveLock(data, viewer(["roverstv+"]), TOP_STREAM).kind).toBe("login");
    expect(liveLock(data, viewer(["freemium", "roverstv+"]), TOP_STREAM).kind).toBe("open");
    expect(liveLock(data, viewer([], true), TOP_STREAM).kind).toBe("open");
  });

  it("requireUpgradeEntitlement other than '?' offers the upgrade only to its holders; entitlementDisplayOverride names the package", () => {
    const data = { ...spec, requireUpgradeEntitlement: "roverstv", entitlementDisplayOverride: "Rovers TV+ Audio" };
    expect(liveLock(data, viewer(["freemium"]), TOP_STREAM).kind).toBe("notSubscribed");
    expect(liveLock(data, viewer(["roverstv"]), TOP_STREAM)).toMatchObject({ kind: "upgrade", offer: { packageName: "Rovers TV+ Audio" } });
  });
});
