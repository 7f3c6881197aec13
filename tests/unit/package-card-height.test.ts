import { describe, expect, it } from "vitest";
import { packageCardHeight } from "../../src/domain/package-card-height";
import { packageCardStyle } from "../../src/domain/package-card-style";

describe("packageCardHeight (spec §9: 480 + 80 per price option beyond two)", () => {
  it.each([
    [0, 480],
    [1, 480],
    [2, 480],
    [3, 560],
    [4, 640],
    [6, 800],
  ])("%i options → %i px", (n, px) => {
    expect(packageCardHeight(n)).toBe(px);
  });
});

describe("packageCardStyle (spec §5: border if widget style equals package mode, else shadow)", () => {
  it.each([
    ["light", "light", "border"],
    ["dark", "dark", "border"],
    ["light", "dark", "shadow"],
    ["dark", "light", "shadow"],
  ] as const)("widget %s, package %s → %s", (w, p, s) => {
    expect(packageCardStyle(w, p)).toBe(s);
  });
});
