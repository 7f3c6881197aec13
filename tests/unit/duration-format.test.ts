import { describe, expect, it } from "vitest";
import { formatDuration } from "../../src/domain/duration-format";

describe("formatDuration (spec §9: > 3599 s as 'H hr mm', else 'mm:ss')", () => {
  it.each([
    [0, "00:00"],
    [5, "00:05"],
    [65, "01:05"],
    [599, "09:59"],
    [600, "10:00"],
    [3599, "59:59"],
    [3600, "1 hr 00"],
    [3661, "1 hr 01"],
    [5400, "1 hr 30"],
    [7325, "2 hr 02"],
    [65.9, "01:05"],
    [-3, "00:00"],
    [Number.NaN, "00:00"],
  ])("%s s → %s", (s, text) => {
    expect(formatDuration(s)).toBe(text);
  });
});
