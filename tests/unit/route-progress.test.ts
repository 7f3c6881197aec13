import { describe, expect, it } from "vitest";
import { progressFraction, shouldShowProgress, ROUTE_PROGRESS_DURATION_MS, ROUTE_PROGRESS_THROTTLE_MS } from "../../src/domain/route-progress";

describe("route progress (spec §2: 200 ms throttle, 5000 ms duration)", () => {
  it("constants", () => {
    expect(ROUTE_PROGRESS_THROTTLE_MS).toBe(200);
    expect(ROUTE_PROGRESS_DURATION_MS).toBe(5000);
  });
  it("shows only once the throttle has passed", () => {
    expect(shouldShowProgress(0)).toBe(false);
    expect(shouldShowProgress(199)).toBe(false);
    expect(shouldShowProgress(200)).toBe(true);
    expect(shouldShowProgress(3000)).toBe(true);
  });
  it("fraction grows over the duration and never completes by itself", () => {
    expect(progressFraction(100)).toBe(0);
    expect(progressFraction(200)).toBe(0);
    expect(progressFraction(2700)).toBeCloseTo(0.5);
    expect(progressFraction(60_000)).toBe(0.95);
  });
});
