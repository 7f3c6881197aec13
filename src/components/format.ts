/**
 * Date and number texts the pages show. Dates always print in the club's timezone (spec §9) through
 * src/domain/date-format, so the server and the browser print the same text (hydration must match).
 */
import { formatInClubTime, formatKickOff } from "../domain/date-format";

export { formatDate, formatMatchDate } from "../domain/date-format";
export { formatDuration } from "../domain/duration-format";

/** Kick-off time, 24-hour clock, e.g. '15:00'. */
export function formatKickoff(iso: string): string {
  return formatKickOff(iso);
}

/** Month heading of the fixtures list, e.g. 'August 2024'. */
export function formatMonth(iso: string): string {
  return formatInClubTime(iso, "MMMM YYYY");
}

/** Key that groups matches by calendar month in the club's zone. */
export function monthKey(iso: string): string {
  return formatInClubTime(iso, "YYYY-MM");
}

/** e.g. '3 August 2024' (player facts, match details). */
export function formatLongDate(iso: string): string {
  return formatInClubTime(iso, "D MMMM YYYY");
}

const thousands = new Intl.NumberFormat("en-GB");
export function formatCount(value: number): string {
  return thousands.format(value);
}
