import { describe, expect, it } from "vitest";
import { conversion, dailyValues, monthlyRecurringPence, passesByMatch, pounds, revenueWindow, visitSessions, windowDays } from "../../src/domain/revenue";

describe("the revenue window", () => {
  it("is the 90 days ending today (UTC), today included", () => {
    const w = revenueWindow(Date.parse("2024-11-21T23:59:59Z"));
    expect(w).toEqual({ from: "2024-08-24", to: "2024-11-21", fromUnix: Date.parse("2024-08-24T00:00:00Z") / 1000 });
    const days = windowDays(w.from, w.to);
    expect(days).toHaveLength(90);
    expect([days[0], days.at(-1)]).toEqual(["2024-08-24", "2024-11-21"]);
  });

  it("crosses a month and a leap day", () => {
    expect(windowDays("2024-02-28", "2024-03-01")).toEqual(["2024-02-28", "2024-02-29", "2024-03-01"]);
  });
});

describe("dailyValues", () => {
  it("puts 0 on missing days, adds rows of one day, leaves days outside the window out", () => {
    const days = ["2024-01-01", "2024-01-02", "2024-01-03"];
    const rows = [
      { day: "2024-01-03", value: 5 },
      { day: "2024-01-01", value: 2 },
      { day: "2024-01-01", value: 1 },
      { day: "2023-12-31", value: 9 },
    ];
    expect(dailyValues(days, rows)).toEqual([3, 0, 5]);
  });
});

describe("monthlyRecurringPence", () => {
  it("counts a monthly price whole and a yearly one a twelfth, rounded once to the penny", () => {
    expect(monthlyRecurringPence([])).toBe(0);
    expect(monthlyRecurringPence([{ interval: "month", amountPence: 599, subscribers: 3 }])).toBe(1797);
    // 4499 / 12 = 374.9166…
    expect(monthlyRecurringPence([{ interval: "year", amountPence: 4499, subscribers: 1 }])).toBe(375);
    // 12 × 1499 / 12 exactly: no rounding drift from adding twelfths one by one
    expect(monthlyRecurringPence([{ interval: "year", amountPence: 1499, subscribers: 12 }])).toBe(1499);
    expect(
      monthlyRecurringPence([
        { interval: "year", amountPence: 4499, subscribers: 1 },
        { interval: "month", amountPence: 599, subscribers: 2 },
        { interval: "month", amountPence: 199, subscribers: 1 },
      ]),
    ).toBe(1772);
  });
});

describe("conversion", () => {
  it("is a percentage to one decimal, '–' from nothing", () => {
    expect(conversion(0, 0)).toBe("–");
    expect(conversion(3, 1)).toBe("33.3%");
    expect(conversion(8, 8)).toBe("100.0%");
    expect(conversion(1000, 7)).toBe("0.7%");
  });
});

describe("pounds", () => {
  it("formats pence only for display", () => {
    expect(pounds(0)).toBe("£0.00");
    expect(pounds(5)).toBe("£0.05");
    expect(pounds(599)).toBe("£5.99");
    expect(pounds(123456789)).toBe("£1,234,567.89");
    expect(pounds(-199)).toBe("−£1.99");
  });
});

describe("visitSessions", () => {
  it("counts consented sessions once, never an event sent without consent", () => {
    const e = (sessionID: string, userAllowTracking: boolean) => ({ sessionID, userAllowTracking });
    expect(visitSessions([e("a", true), e("a", true), e("b", false), e("c", true), e("", true)])).toEqual(["a", "c"]);
    expect(visitSessions([e("b", false)])).toEqual([]);
  });
});

describe("passesByMatch", () => {
  const pkg = (packageID: string, matchID: number | null, kickoff: string | null) => ({ packageID, matchID, kickoff });
  it("adds each package's days under its match, latest kick-off first; unknown packages and passes without a match under null", () => {
    const packages = [pkg("a", 1, "2024-10-01T12:00:00Z"), pkg("a2", 1, "2024-10-01T12:00:00Z"), pkg("b", 2, "2024-11-01T12:00:00Z"), pkg("c", null, null)];
    const sales = [
      { packageID: "a", sold: 2, pence: 998 },
      { packageID: "b", sold: 1, pence: 299 },
      { packageID: "a", sold: 1, pence: 250 },
      { packageID: "a2", sold: 1, pence: 499 },
      { packageID: "c", sold: 1, pence: 100 },
      { packageID: "gone", sold: 3, pence: 300 },
    ];
    const result = passesByMatch(sales, packages).map(({ matchID, sold, pence }) => [matchID, sold, pence]);
    expect(result).toEqual([
      [2, 1, 299],
      [1, 4, 1747],
      [null, 4, 400],
    ]);
    expect(passesByMatch(sales, packages, 1)).toHaveLength(1);
  });
});
