import { describe, expect, it } from "vitest";
import { minuteOf, refusalSeries, streamViewers, totalViewers } from "../../src/domain/live-now";

describe("streamViewers", () => {
  it("sums each stream's devices, busiest stream first, devices by count", () => {
    const streams = streamViewers([
      { assetID: "b", device: "Safari on iOS", sessions: 1 },
      { assetID: "a", device: "Chrome on Windows", sessions: 2 },
      { assetID: "a", device: "Firefox on Linux", sessions: 3 },
    ]);
    expect(streams).toEqual([
      { assetID: "a", viewers: 5, devices: [{ device: "Firefox on Linux", sessions: 3 }, { device: "Chrome on Windows", sessions: 2 }] },
      { assetID: "b", viewers: 1, devices: [{ device: "Safari on iOS", sessions: 1 }] },
    ]);
    expect(totalViewers(streams)).toBe(6);
  });

  it("lists known streams with nobody on them at 0, after the watched ones, in id order", () => {
    const streams = streamViewers([{ assetID: "x", device: "Chrome on macOS", sessions: 1 }], ["z", "y", "x"]);
    expect(streams.map((s) => [s.assetID, s.viewers])).toEqual([["x", 1], ["y", 0], ["z", 0]]);
    expect(totalViewers(streamViewers([], ["y"]))).toBe(0);
  });
});

describe("refusalSeries", () => {
  const now = Date.UTC(2026, 10, 26, 20, 30, 45);
  it("covers the last 30 minutes up to the current one, oldest first, zero where nothing was refused", () => {
    const current = minuteOf(now);
    const series = refusalSeries([{ minute: current, refusals: 4 }, { minute: current - 29, refusals: 2 }, { minute: current - 30, refusals: 9 }], now);
    expect(series).toHaveLength(30);
    expect(series[0]).toEqual({ minute: current - 29, refusals: 2 });
    expect(series.at(-1)).toEqual({ minute: current, refusals: 4 });
    expect(series.reduce((n, r) => n + r.refusals, 0)).toBe(6);
  });

  it("keys minutes by their start", () => {
    expect(minuteOf(Date.UTC(2026, 0, 1, 0, 1, 59, 999))).toBe(minuteOf(Date.UTC(2026, 0, 1, 0, 1)));
    expect(minuteOf(Date.UTC(2026, 0, 1, 0, 2))).toBe(minuteOf(Date.UTC(2026, 0, 1, 0, 1)) + 1);
  });
});
