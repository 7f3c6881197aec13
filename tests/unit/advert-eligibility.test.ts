import { describe, expect, it } from "vitest";
import {
  advertFormOf,
  eligibleAdverts,
  isAdvertEligible,
  pickAdvert,
  type AnyAdvertForm,
  type FeedAdvert,
  type OlderAdvert,
} from "../../src/domain/advert-eligibility";
import type { Advert } from "../../src/schemas/shell";

const NOW = Date.parse("2024-10-05T14:00:00Z");
const base: Advert = {
  id: 1,
  advertName: "Kit launch",
  advertRef: "ad-1",
  campaignRef: "c-1",
  url: "https://store.example/kit",
  enabled: true,
  channel: "web",
  childFriendly: true,
  startUTC: "2024-10-01T00:00:00Z",
  endUTC: "2024-10-31T23:59:59Z",
  mobileImageKey: "ads/kit-m.jpg",
  desktopImageKey: "ads/kit-d.jpg",
  slotType: "banner",
};

describe("isAdvertEligible (spec §5)", () => {
  it("an enabled, current, web advert with url and mobile image shows", () => {
    expect(isAdvertEligible(base, NOW, false)).toBe(true);
    expect(isAdvertEligible(base, new Date(NOW), true)).toBe(true);
  });
  it("must be enabled", () => {
    expect(isAdvertEligible({ ...base, enabled: false }, NOW, false)).toBe(false);
  });
  it("now must lie within start and end (inclusive)", () => {
    expect(isAdvertEligible(base, Date.parse("2024-09-30T23:59:59Z"), false)).toBe(false);
    expect(isAdvertEligible(base, Date.parse("2024-11-01T00:00:00Z"), false)).toBe(false);
    expect(isAdvertEligible(base, Date.parse(base.startUTC), false)).toBe(true);
    expect(isAdvertEligible(base, Date.parse(base.endUTC), false)).toBe(true);
    expect(isAdvertEligible({ ...base, startUTC: "not a date" }, NOW, false)).toBe(false);
  });
  it("channel empty or web", () => {
    expect(isAdvertEligible({ ...base, channel: "" }, NOW, false)).toBe(true);
    expect(isAdvertEligible({ ...base, channel: "app" }, NOW, false)).toBe(false);
  });
  it("needs a url and a mobile image key", () => {
    expect(isAdvertEligible({ ...base, url: null }, NOW, false)).toBe(false);
    expect(isAdvertEligible({ ...base, url: "" }, NOW, false)).toBe(false);
    expect(isAdvertEligible({ ...base, mobileImageKey: null }, NOW, false)).toBe(false);
    const noDesktopImage: Advert = { ...base, desktopImageKey: null };
    expect(isAdvertEligible(noDesktopImage, NOW, false)).toBe(true);
  });
  it("child-friendly mode shows only child-friendly adverts", () => {
    expect(isAdvertEligible({ ...base, childFriendly: false }, NOW, true)).toBe(false);
    expect(isAdvertEligible({ ...base, childFriendly: false }, NOW, false)).toBe(true);
  });
});

describe("pickAdvert (spec §4: one eligible advert at random)", () => {
  const ads = [
    { ...base, id: 1, enabled: false },
    { ...base, id: 2 },
    { ...base, id: 3, childFriendly: false },
    { ...base, id: 4 },
  ];
  it("chooses among eligible adverts only", () => {
    expect(eligibleAdverts(ads, NOW, true).map((a) => a.id)).toEqual([2, 4]);
    expect(pickAdvert(ads, NOW, true, () => 0)?.id).toBe(2);
    expect(pickAdvert(ads, NOW, true, () => 0.99)?.id).toBe(4);
    expect(pickAdvert(ads, NOW, false, () => 0.5)?.id).toBe(3);
  });
  it("null when none is eligible", () => {
    expect(pickAdvert([{ ...base, enabled: false }], NOW, false)).toBeNull();
    expect(pickAdvert([], NOW, false)).toBeNull();
  });
});

const older: OlderAdvert = { advertID: 7, advertName: "Old kit", targetUrl: "https://store.example/", childFriendly: true, imageData: { Location: "ads/old.jpg" } };
const feed: FeedAdvert = { title: "Feed offer", url: "https://feed.example/", imageData: { key: "ads/feed.jpg" } };

describe("one rule over the three advert forms: every branch (spec §5)", () => {
  // [case, advert, now, child-friendly mode, shown]
  const table: [string, AnyAdvertForm, number, boolean, boolean][] = [
    ["current: all conditions met", base, NOW, false, true],
    ["current: all met, child-friendly mode, flagged", base, NOW, true, true],
    ["current: disabled", { ...base, enabled: false }, NOW, false, false],
    ["current: before start", base, Date.parse("2024-09-30T23:59:59Z"), false, false],
    ["current: after end", base, Date.parse("2024-11-01T00:00:00Z"), false, false],
    ["current: at start (inclusive)", base, Date.parse(base.startUTC), false, true],
    ["current: at end (inclusive)", base, Date.parse(base.endUTC), false, true],
    ["current: unreadable window", { ...base, endUTC: "soon" }, NOW, false, false],
    ["current: channel empty", { ...base, channel: "" }, NOW, false, true],
    ["current: channel web", { ...base, channel: "web" }, NOW, false, true],
    ["current: channel app", { ...base, channel: "app" }, NOW, false, false],
    ["current: no url", { ...base, url: null }, NOW, false, false],
    ["current: empty url", { ...base, url: "" }, NOW, false, false],
    ["current: no mobile image key", { ...base, mobileImageKey: null }, NOW, false, false],
    ["current: no desktop image is fine", { ...base, desktopImageKey: null }, NOW, false, true],
    ["current: unflagged, child-friendly mode", { ...base, childFriendly: false }, NOW, true, false],
    ["current: unflagged, child-friendly mode off", { ...base, childFriendly: false }, NOW, false, true],
    ["older: flagged, child-friendly mode", older, NOW, true, true],
    ["older: unflagged, child-friendly mode", { ...older, childFriendly: false }, NOW, true, false],
    ["older: unflagged, mode off", { ...older, childFriendly: false }, NOW, false, true],
    ["feed: mode off", feed, NOW, false, true],
    ["feed: child-friendly mode (no flag to show it)", feed, NOW, true, false],
  ];
  it.each(table)("%s", (_name, advert, now, childFriendly, shown) => {
    expect(isAdvertEligible(advert, now, childFriendly)).toBe(shown);
  });
  it("tells the forms apart", () => {
    expect([advertFormOf(base), advertFormOf(older), advertFormOf(feed)]).toEqual(["current", "older", "feed"]);
  });
});
