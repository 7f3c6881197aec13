import { describe, expect, it } from "vitest";
import { churnMonths, churnPercent } from "../../src/domain/churn";
import { csvText } from "../../src/domain/csv";

describe("churn per month", () => {
  it("the last six UTC months up to now's, oldest first, across a year's end", () => {
    const months = churnMonths(Date.parse("2027-02-14T23:30:00Z"));
    expect(months.map((m) => m.month)).toEqual(["2026-09", "2026-10", "2026-11", "2026-12", "2027-01", "2027-02"]);
    expect(months[3]).toEqual({ month: "2026-12", from: Date.parse("2026-12-01T00:00:00Z") / 1000, to: Date.parse("2027-01-01T00:00:00Z") / 1000 });
  });

  it("is the share of those on at the start that ended, one decimal; none on is no rate", () => {
    expect(churnPercent(300, 9)).toBe(3);
    expect(churnPercent(7, 1)).toBe(14.3);
    expect(churnPercent(0, 0)).toBeNull();
  });
});

describe("CSV", () => {
  it("quotes what needs it and defuses a formula", () => {
    expect(csvText([["a", 1], ['he said "hi", twice', "=SUM(A1)"], ["-3", "line\nbreak"]])).toBe('a,1\r\n"he said ""hi"", twice",\'=SUM(A1)\r\n\'-3,"line\nbreak"\r\n');
  });
});
