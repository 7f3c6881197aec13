import { describe, expect, it } from "vitest";
import { shouldDock, UNDOCK_VISIBLE_RATIO } from "../../src/domain/docked-video";

describe("the match centre's docked video", () => {
  it("docks an open video whose place is mostly out of view, and returns it once half is back", () => {
    expect(shouldDock(true, 0)).toBe(true);
    expect(shouldDock(true, UNDOCK_VISIBLE_RATIO - 0.01)).toBe(true);
    expect(shouldDock(true, UNDOCK_VISIBLE_RATIO)).toBe(false);
    expect(shouldDock(true, 1)).toBe(false);
  });

  it("never docks a closed video", () => {
    expect(shouldDock(false, 0)).toBe(false);
    expect(shouldDock(false, 1)).toBe(false);
  });
});
