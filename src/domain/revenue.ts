/**
 * The rules of the console's 'Subscriptions and revenue'. Money is integer minor
 * units (pence) everywhere; only `pounds` turns it into text, at display.
 */

/** The console reads this many days, ending today (UTC), today included. */
export const REVENUE_DAYS = 90;

const DAY_MS = 86_400_000;

/** The window's first and last day (YYYY-MM-DD, UTC) and its first second (unix s), for `now`. */
export function revenueWindow(now: number, days = REVENUE_DAYS): { from: string; to: string; fromUnix: number } {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const start = today - (days - 1) * DAY_MS;
  return { from: isoDay(start), to: isoDay(today), fromUnix: start / 1000 };
}

/** Every day of the window, oldest first. */
export function windowDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) days.push(isoDay(t));
  return days;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A per-day series with its missing days at 0: the queries answer only days that had something.
 * Rows outside the window are left out.
 */
export function dailyValues(days: readonly string[], rows: readonly { day: string; value: number }[]): number[] {
  const byDay = new Map<string, number>();
  for (const row of rows) byDay.set(row.day, (byDay.get(row.day) ?? 0) + row.value);
  return days.map((day) => byDay.get(day) ?? 0);
}

export type BillingInterval = "month" | "year";

/** Active subscriptions on one recurring price. */
export interface PriceSubscribers {
  interval: BillingInterval;
  amountPence: number;
  subscribers: number;
}

/**
 * Monthly recurring revenue: what the active subscriptions bring in a month at the price they
 * renew at (a promotion code's free first month is not recurring). A yearly price counts a twelfth;
 * the sum is rounded once, to the penny, so tiers' MRRs may differ from the total by rounding.
 */
export function monthlyRecurringPence(prices: readonly PriceSubscribers[]): number {
  const twelfths = prices.reduce((sum, p) => sum + p.amountPence * p.subscribers * (p.interval === "year" ? 1 : 12), 0);
  return Math.round(twelfths / 12);
}

/** Match passes sold on one day of one package (its price's package), and the money. */
export interface PassSales {
  packageID: string;
  sold: number;
  pence: number;
}

/**
 * Passes per match: each package's sales added under its match (a package without one, or not
 * known, under null), latest kick-off first, at most `limit`. `match` is the package row of the
 * match's first package seen, carrying whatever the caller reads from it (kick-off, names).
 */
export function passesByMatch<M extends { packageID: string; matchID: number | null; kickoff: string | null }>(
  sales: readonly PassSales[],
  packages: readonly M[],
  limit = 30,
): { matchID: number | null; match: M | null; sold: number; pence: number }[] {
  const packageOf = new Map(packages.map((p) => [p.packageID, p]));
  const byMatch = new Map<number | null, { matchID: number | null; match: M | null; sold: number; pence: number }>();
  for (const s of sales) {
    const match = packageOf.get(s.packageID) ?? null;
    const matchID = match?.matchID ?? null;
    const entry = byMatch.get(matchID) ?? { matchID, match: matchID === null ? null : match, sold: 0, pence: 0 };
    entry.sold += s.sold;
    entry.pence += s.pence;
    byMatch.set(matchID, entry);
  }
  const kickoff = (e: { match: M | null }) => e.match?.kickoff ?? "";
  return [...byMatch.values()].sort((a, b) => kickoff(b).localeCompare(kickoff(a)) || (a.matchID ?? 0) - (b.matchID ?? 0)).slice(0, limit);
}

/** The step from one stage of the funnel to the next, as a percentage with one decimal ("–" from 0). */
export function conversion(from: number, to: number): string {
  if (from <= 0) return "–";
  return `${(Math.round((to / from) * 1000) / 10).toFixed(1)}%`;
}

/**
 * The sessions a batch of tracking events counts as visits: those whose events allowed tracking
 * (analytics consent), once each. An event sent without consent never counts, whatever else came.
 */
export function visitSessions(events: readonly { sessionID: string; userAllowTracking: boolean }[]): string[] {
  return [...new Set(events.filter((e) => e.userAllowTracking && e.sessionID !== "").map((e) => e.sessionID))];
}

/** Pence as pounds for display: 123456 → "£1,234.56", -199 → "−£1.99". */
export function pounds(pence: number): string {
  const sign = pence < 0 ? "−" : "";
  const abs = Math.abs(Math.round(pence));
  const whole = Math.floor(abs / 100).toLocaleString("en-GB");
  return `${sign}£${whole}.${String(abs % 100).padStart(2, "0")}`;
}
