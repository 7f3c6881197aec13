import { describe, expect, it } from "vitest";
import { firstFooterChoice, fromCurrentAdvert, fromExperimentAdvert, pickForSlots } from "../../src/domain/slot-adverts";
import type { Advert } from "../../src/schemas/shell";
import { currentAdvertOf, experimentAdvertOf } from "../../src/components/footer/slot-client";
import type { AdvertShape } from "../../src/domain/advert-shapes";

type A = { id: number; shape: AdvertShape };
const ad = (id: number, shape: AdvertShape): A => ({ id, shape });
const pool = [ad(1, "mpu"), ad(2, "banner"), ad(3, "banner-large"), ad(5, "content-feed"), ad(6, "banner"), ad(8, "mpu")];
const ids = (list: A[]) => list.map((a) => a.id);
const shapeOf = (a: A) => a.shape;

describe("pickForSlots (spec §4: one eligible advert at random per slot)", () => {
  it("draws without repeats while enough are eligible, then repeats rather than leave a slot empty", () => {
    expect(ids(pickForSlots(pool, 3, () => 0, shapeOf))).toEqual([1, 2, 3]);
    expect(ids(pickForSlots(pool, 3, () => 0.999, shapeOf))).toEqual([8, 6, 5]);
    expect(ids(pickForSlots([ad(9, "mpu")], 3, () => 0.5, shapeOf))).toEqual([9, 9, 9]);
    expect(pickForSlots([], 3, Math.random, shapeOf)).toEqual([]);
  });

  it("keeps each slot's shape when asked (the first view after the server's choice), at random within it", () => {
    const kept = pickForSlots(pool, 3, () => 0.999, shapeOf, ["banner", "mpu", "banner-large"]);
    expect(ids(kept)).toEqual([6, 8, 3]);
    expect(ids(pickForSlots(pool, 3, () => 0, shapeOf, ["banner", "banner", "banner"]))).toEqual([2, 6, 2]);
    // no advert of that shape is eligible any more: the slot takes an unused one of any shape
    expect(ids(pickForSlots([ad(1, "mpu"), ad(2, "banner")], 2, () => 0, shapeOf, ["content-feed", "mpu"]))).toEqual([1, 1]);
  });
});

describe("what a slot draws, from each advert form", () => {
  const current = {
    id: 4, advertName: "Kit", advertRef: "KIT", campaignRef: "RETAIL", url: "https://store.example/kit", enabled: true, channel: "web", childFriendly: true,
    slotType: "mpu", timings: { startUTC: "2024-01-01T00:00:00Z", endUTC: "2099-01-01T00:00:00Z" }, images: [], advertTitle: "",
    advertData: { url: "https://store.example/kit", images: { mobile: { key: "kit-m", imageSize: "750x750" }, desktop: { key: "kit-d", imageSize: "600x500" } } },
  };

  it("reads the slot call's current form, and drops what does not match it", () => {
    const advert = currentAdvertOf(current);
    expect(advert).toMatchObject({ id: 4, slotType: "mpu", mobileImageKey: "kit-m", desktopImageKey: "kit-d", startUTC: "2024-01-01T00:00:00Z" });
    expect(fromCurrentAdvert(advert!)).toMatchObject({ key: "advert:4", advertID: 4, shape: "mpu", mobileImage: "kit-m", desktopImage: "kit-d" });
    expect(currentAdvertOf({ ...current, slotType: "square" })).toBeNull();
    expect(currentAdvertOf({ ...current, timings: undefined })).toBeNull();
    expect(currentAdvertOf({ ...current, advertData: { images: { mobile: null, desktop: null } } })).toMatchObject({ mobileImageKey: null });
    expect(currentAdvertOf("advert")).toBeNull();
  });

  it("reads the experiments' older and aggregated-feed forms; they take the square content-feed slot", () => {
    const older = experimentAdvertOf({ advertID: 90, advertName: "Old", targetUrl: "https://old.example/", childFriendly: true, imageData: { Location: "advert-old" } });
    expect(fromExperimentAdvert(older!)).toMatchObject({ advertID: 90, shape: "content-feed", url: "https://old.example/", mobileImage: "advert-old" });
    const feed = experimentAdvertOf({ title: "Feed", url: "https://feed.example/", imageData: { key: "advert-feed" } });
    expect(fromExperimentAdvert(feed!)).toMatchObject({ advertID: null, advertName: "Feed", shape: "content-feed", mobileImage: "advert-feed" });
    expect(fromExperimentAdvert(experimentAdvertOf({ advertID: "x1", advertName: "S", targetUrl: "/", childFriendly: false, imageData: { Location: "k" } })!).advertID).toBeNull();
    expect(experimentAdvertOf({ nonsense: true })).toBeNull();
  });
});

describe("firstFooterChoice: what a page carries for the footer", () => {
  const advert = (id: number, over: Partial<Advert> = {}): Advert => ({
    id, advertName: `Advert ${id}`, advertRef: `REF-${id}`, campaignRef: "C", url: "https://a.example/", enabled: true, channel: "", childFriendly: true,
    startUTC: "2024-01-01T00:00:00Z", endUTC: "2099-01-01T00:00:00Z", mobileImageKey: `m${id}`, desktopImageKey: `d${id}`, slotType: "mpu", ...over,
  });
  it("three eligible adverts at random, with only the fields a slot draws", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    const adverts = [advert(1), advert(2, { enabled: false }), advert(3, { startUTC: "2026-01-01T00:01:00Z" }), advert(4, { slotType: "banner" }), advert(5)];
    const chosen = firstFooterChoice(adverts, now, () => 0);
    expect(chosen.map((a) => a.id)).toEqual([1, 4, 5]);
    expect(Object.keys(chosen[0]!).sort()).toEqual(["advertName", "advertRef", "campaignRef", "desktopImageKey", "id", "mobileImageKey", "slotType", "url"]);
    expect(firstFooterChoice([advert(2, { enabled: false })], now, Math.random)).toEqual([]);
  });
});
