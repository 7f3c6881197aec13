import { describe, expect, it } from "vitest";
import { servableAdverts } from "../../src/domain/advert-serving";
import type { Advert } from "../../src/schemas/shell";

const now = Date.parse("2026-06-01T12:00:00Z");
const minute = 60_000;
const advert = (id: number, over: Partial<Advert>): Advert => ({
  id, advertName: `a${id}`, advertRef: "", campaignRef: "", url: "https://example.test/", enabled: true, channel: "web",
  childFriendly: true, startUTC: "2026-01-01T00:00:00Z", endUTC: "2027-01-01T00:00:00Z", mobileImageKey: "m", desktopImageKey: "d",
  slotType: "mpu", ...over,
});

describe("servableAdverts", () => {
  it("keeps live adverts, not-child-friendly ones included (the browser filters those per viewer)", () => {
    const list = [advert(1, {}), advert(2, { childFriendly: false }), advert(3, { channel: "" })];
    expect(servableAdverts(list, now, 5 * minute).map((a) => a.id)).toEqual([1, 2, 3]);
  });

  it("leaves out disabled, app-only, incomplete and ended adverts", () => {
    const list = [
      advert(1, { enabled: false }),
      advert(2, { channel: "app" }),
      advert(3, { url: null }),
      advert(4, { endUTC: "2026-06-01T11:59:00Z" }),
    ];
    expect(servableAdverts(list, now, 5 * minute)).toEqual([]);
  });

  it("keeps an advert starting within the look-ahead, not one starting later", () => {
    const soon = advert(1, { startUTC: new Date(now + 4 * minute).toISOString() });
    const later = advert(2, { startUTC: new Date(now + 6 * minute).toISOString() });
    expect(servableAdverts([soon, later], now, 5 * minute).map((a) => a.id)).toEqual([1]);
  });
});
