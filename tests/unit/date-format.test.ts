import { describe, expect, it } from "vitest";
import { formatDate, formatKickOff, formatMatchDate } from "../../src/domain/date-format";

describe("date formats (spec §9, Europe/London)", () => {
  it("default 'D MMM YYYY'", () => {
    expect(formatDate("2024-10-05T14:00:00Z")).toBe("5 Oct 2024");
    // 23:30 UTC in summer is already the next day in London (BST)
    expect(formatDate("2024-07-31T23:30:00Z")).toBe("1 Aug 2024");
    // in winter London is UTC
    expect(formatDate("2024-12-31T23:30:00Z")).toBe("31 Dec 2024");
  });
  it("match date 'ddd D MMM'", () => {
    expect(formatMatchDate("2024-10-05T14:00:00Z")).toBe("Sat 5 Oct");
  });
  it("kick-off 'HH:mm' in London time", () => {
    expect(formatKickOff("2024-10-05T14:00:00Z")).toBe("15:00"); // BST
    expect(formatKickOff("2024-12-26T15:00:00Z")).toBe("15:00"); // GMT
    expect(formatKickOff("2025-03-30T00:30:00Z")).toBe("00:30"); // before the clocks change at 01:00 UTC
    expect(formatKickOff("2025-03-30T01:30:00Z")).toBe("02:30"); // after
  });
  it("an unparseable date formats as ''", () => {
    expect(formatDate("not a date")).toBe("");
  });
});
