/**
 * The addresses of a news article (spec §2): `/news/{slug}` is its one canonical address; the
 * legacy forms `/news/{year}/{slug}`, `/news/{year}/{month}/{slug}` and
 * `/news/{year}/{month}/{day}/{slug}` still reach it, but only when their date is the article's.
 */

/** The date a legacy address gives: a year, maybe a month (1–12), maybe a day (1–31). */
export interface LegacyNewsDate {
  year: number;
  month?: number;
  day?: number;
}

/**
 * Whether an article published at `publishedAt` (ISO 8601) was published on the date a legacy
 * address names, to the precision it names. Days are UTC days, the same as the dated listings'
 * (`/news/2024/3` lists what this says is of March 2024). An unreadable date matches nothing.
 */
export function publishedOn(publishedAt: string, date: LegacyNewsDate): boolean {
  const at = new Date(publishedAt);
  if (Number.isNaN(at.getTime())) return false;
  if (at.getUTCFullYear() !== date.year) return false;
  if (date.month !== undefined && at.getUTCMonth() + 1 !== date.month) return false;
  if (date.day !== undefined && at.getUTCDate() !== date.day) return false;
  return true;
}
