import { describe, expect, it } from "vitest";
import { easeInOutCubic, hashScrollTarget } from "../../src/domain/hash-scroll";
import { SCROLL_TO_HASH_OFFSET } from "../../src/domain/timings";

describe("scroll to hash (spec §2: offset -130)", () => {
  it("stops 130 px above the anchor", () => {
    expect(hashScrollTarget(500, 1000, SCROLL_TO_HASH_OFFSET)).toBe(1370);
    expect(hashScrollTarget(-200, 1000, SCROLL_TO_HASH_OFFSET)).toBe(670);
  });
  it("never scrolls above the top of the page", () => {
    expect(hashScrollTarget(50, 0, SCROLL_TO_HASH_OFFSET)).toBe(0);
  });
  it("eases from 0 to 1 through the middle", () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBe(0.5);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.25)).toBeLessThan(0.25);
    expect(easeInOutCubic(0.75)).toBeGreaterThan(0.75);
  });
});
