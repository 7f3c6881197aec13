import { describe, expect, it } from "vitest";
import { addSeenPromo, isPromoActive, parseSeenPromos, promoToShow, selectPromo, PROMO_SEEN_COOKIE_EXPIRES } from "../../src/domain/promo-window";

const NOW = Date.parse("2024-10-05T12:00:00Z");
const promo = (promoID: number, start: string, end: string) => ({ promoID, startDateTime: start, endDateTime: end });

describe("overlay promo window (spec §4, §5)", () => {
  it("keeps promos whose start and end bracket now", () => {
    expect(isPromoActive(promo(1, "2024-10-01T00:00:00Z", "2024-10-10T00:00:00Z"), NOW)).toBe(true);
    expect(isPromoActive(promo(1, "2024-10-06T00:00:00Z", "2024-10-10T00:00:00Z"), NOW)).toBe(false);
    expect(isPromoActive(promo(1, "2024-09-01T00:00:00Z", "2024-10-05T11:59:59Z"), NOW)).toBe(false);
    expect(isPromoActive(promo(1, "bad", "2024-10-10T00:00:00Z"), NOW)).toBe(false);
  });

  it("shows the first unseen active promo; none means dismiss (null)", () => {
    const promos = [
      promo(1, "2024-11-01T00:00:00Z", "2024-11-10T00:00:00Z"), // future
      promo(2, "2024-10-01T00:00:00Z", "2024-10-10T00:00:00Z"),
      promo(3, "2024-10-01T00:00:00Z", "2024-10-10T00:00:00Z"),
    ];
    expect(selectPromo(promos, [], NOW)?.promoID).toBe(2);
    expect(selectPromo(promos, [2], NOW)?.promoID).toBe(3);
    expect(selectPromo(promos, [2, 3], NOW)).toBeNull();
  });

  it("consent first: no promo until the cookie popup is answered, then its own rules", () => {
    const promos = [
      { promoID: 1, startDateTime: "2026-01-01T00:00:00Z", endDateTime: "2099-01-01T00:00:00Z" },
      { promoID: 2, startDateTime: "2026-01-01T00:00:00Z", endDateTime: "2099-01-01T00:00:00Z" },
    ];
    const now = Date.parse("2026-06-01T00:00:00Z");
    expect(promoToShow(promos, [], now, false)).toBeNull();
    expect(promoToShow(promos, [], now, true)?.promoID).toBe(1);
    expect(promoToShow(promos, [1], now, true)?.promoID).toBe(2);
    expect(promoToShow(promos, [1, 2], now, true)).toBeNull();
  });

  it("the seen cookie lists promo IDs and lasts until 2099", () => {
    expect(parseSeenPromos(undefined)).toEqual([]);
    expect(parseSeenPromos("3,7, 12,x,7")).toEqual([3, 7, 12]);
    expect(parseSeenPromos("3%2C7")).toEqual([3, 7]);
    expect(addSeenPromo("", 5)).toBe("5");
    expect(addSeenPromo("5", 9)).toBe("5,9");
    expect(addSeenPromo("5,9", 5)).toBe("5,9");
    expect(PROMO_SEEN_COOKIE_EXPIRES.getUTCFullYear()).toBe(2099);
  });
});
