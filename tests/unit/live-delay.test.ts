import { describe, expect, it } from "vitest";
import { behindMs, delaySummary, delayText, MAX_BEHIND_MS } from "../../src/domain/live-delay";

describe("a player's delay reading", () => {
  it("is the wall clock minus the picture's time", () => {
    expect(behindMs(1_000_000, 1_008_250)).toBe(8250);
  });
  it("reads a picture slightly ahead of the viewer's clock as no delay, and one far ahead as nothing", () => {
    expect(behindMs(1_001_500, 1_000_000)).toBe(0);
    expect(behindMs(1_010_000, 1_000_000)).toBeNull();
  });
  it("sends nothing without a picture time, or for a player stalled past the bound", () => {
    expect(behindMs(null, 1_000_000)).toBeNull();
    expect(behindMs(Number.NaN, 1_000_000)).toBeNull();
    expect(behindMs(0, MAX_BEHIND_MS + 1)).toBeNull();
  });
});

describe("an event's delay", () => {
  it("is the nearest-rank median and 99th percentile, in seconds with one decimal", () => {
    // 1..100 s: the median is the 50th value, the 99th percentile the 99th.
    const readings = Array.from({ length: 100 }, (_, i) => (100 - i) * 1000);
    expect(delaySummary(readings)).toEqual({ p50Seconds: 50, p99Seconds: 99, readings: 100 });
  });
  it("of one reading is that reading; of none is null", () => {
    expect(delaySummary([8_240])).toEqual({ p50Seconds: 8.2, p99Seconds: 8.2, readings: 1 });
    expect(delaySummary([])).toBeNull();
  });
  it("of a few readings puts the worst at the 99th percentile", () => {
    expect(delaySummary([6_000, 7_000, 30_000])).toEqual({ p50Seconds: 7, p99Seconds: 30, readings: 3 });
  });
});

describe("the console's delay line", () => {
  it("names the median and the worst, and says when there is no reading", () => {
    expect(delayText({ p50Seconds: 8.2, p99Seconds: 12, readings: 14 })).toBe("8.2 s typical, 12.0 s at worst (14 readings in the last 10 minutes)");
    expect(delayText({ p50Seconds: 7, p99Seconds: 7, readings: 1 })).toContain("(1 reading in");
    expect(delayText(null)).toBe("No reading yet (players send one after 10 s of play)");
  });
});
