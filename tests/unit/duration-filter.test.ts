import { describe, expect, it } from "vitest";
import { durationBucket, durationRange, isDurationFilter, matchesDuration } from "../../src/domain/duration-filter";

describe("duration filters (spec §9: short < 300 s, medium 300–600 s, long > 600 s)", () => {
  it.each([
    [0, "short"],
    [299, "short"],
    [300, "medium"],
    [450, "medium"],
    [600, "medium"],
    [601, "long"],
    [5400, "long"],
  ] as const)("%i s is %s", (s, bucket) => {
    expect(durationBucket(s)).toBe(bucket);
    expect(matchesDuration(s, bucket)).toBe(true);
  });
  it("query ranges agree with the buckets", () => {
    expect(durationRange("short")).toEqual({ min: null, max: 299 });
    expect(durationRange("medium")).toEqual({ min: 300, max: 600 });
    expect(durationRange("long")).toEqual({ min: 601, max: null });
  });
  it("parses filter names", () => {
    expect(isDurationFilter("medium")).toBe(true);
    expect(isDurationFilter("huge")).toBe(false);
  });
});
