import { describe, expect, it } from "vitest";
import { sidebarTitle } from "../../src/domain/sidebar-title";

describe("sidebarTitle (spec §5/§9: over 48 characters cut to 48 plus an ellipsis)", () => {
  const t48 = "x".repeat(48);
  it("48 or fewer characters are unchanged", () => {
    expect(sidebarTitle("")).toBe("");
    expect(sidebarTitle("Highlights: Rovers 2-1 City")).toBe("Highlights: Rovers 2-1 City");
    expect(sidebarTitle(t48)).toBe(t48);
  });
  it("49 or more are cut to 48 plus '...'", () => {
    expect(sidebarTitle(t48 + "y")).toBe(t48 + "...");
    const long = "Extended Highlights: Northbridge Rovers FC 3-2 Southport Athletic";
    expect(sidebarTitle(long)).toBe(long.slice(0, 48) + "...");
    expect(sidebarTitle(long).length).toBe(51);
  });
  it("counts code points, never splitting an emoji", () => {
    const s = "⚽".repeat(47) + "😀😀";
    expect(sidebarTitle(s)).toBe("⚽".repeat(47) + "😀...");
  });
});
