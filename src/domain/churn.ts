/**
 * Churn per month on 'Subscriptions and revenue': of the subscriptions that were on at a month's
 * first second (UTC), the share that ended within it. A subscription started in the month is not
 * counted, so a month's rate is never lowered by its own new sign-ups. Pure: the worker counts.
 */

/** Months shown: the current one (so far) and the five before it. */
export const CHURN_MONTHS = 6;

export interface MonthBounds {
  /** YYYY-MM */
  month: string;
  /** unix seconds: its first second, and the first of the next month */
  from: number;
  to: number;
}

/** The last `n` UTC months up to `now`'s, oldest first. */
export function churnMonths(now: number, n = CHURN_MONTHS): MonthBounds[] {
  const d = new Date(now);
  const months: MonthBounds[] = [];
  for (let back = n - 1; back >= 0; back--) {
    const from = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1);
    const to = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back + 1, 1);
    months.push({ month: new Date(from).toISOString().slice(0, 7), from: from / 1000, to: to / 1000 });
  }
  return months;
}

/** Ended of those on at the start, as a percentage with one decimal; null when none was on. */
export function churnPercent(onAtStart: number, ended: number): number | null {
  return onAtStart === 0 ? null : Math.round((ended / onAtStart) * 1000) / 10;
}
