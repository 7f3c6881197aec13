import { describe, expect, it } from "vitest";
import { publishedOn } from "../../src/domain/news-address";

describe("publishedOn: a legacy news address's date against the article's", () => {
  const at = "2024-03-09T18:30:00.000Z";
  it("matches the year, the year and month, and the full date", () => {
    expect(publishedOn(at, { year: 2024 })).toBe(true);
    expect(publishedOn(at, { year: 2024, month: 3 })).toBe(true);
    expect(publishedOn(at, { year: 2024, month: 3, day: 9 })).toBe(true);
  });
  it("refuses another year, month or day", () => {
    expect(publishedOn(at, { year: 1999 })).toBe(false);
    expect(publishedOn(at, { year: 2023, month: 3 })).toBe(false);
    expect(publishedOn(at, { year: 2024, month: 4 })).toBe(false);
    expect(publishedOn(at, { year: 2024, month: 3, day: 10 })).toBe(false);
  });
  it("counts days in UTC, as the dated listings do", () => {
    expect(publishedOn("2024-12-31T23:30:00.000Z", { year: 2024, month: 12, day: 31 })).toBe(true);
    expect(publishedOn("2025-01-01T00:10:00+01:00", { year: 2024, month: 12, day: 31 })).toBe(true);
    expect(publishedOn("2025-01-01T00:10:00+01:00", { year: 2025 })).toBe(false);
  });
  it("matches nothing with an unreadable date", () => {
    expect(publishedOn("not a date", { year: 2024 })).toBe(false);
  });
});
