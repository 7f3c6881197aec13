/**
 * Fixed-date helpers for the seed (no Date.now()): London wall-clock times to UTC ISO strings,
 * following the UK daylight-saving rule (BST from the last Sunday of March to the last Sunday
 * of October, changing at 01:00 UTC).
 */

/** The demo's "today": 2024/25 has results up to 2024-11-20 and fixtures after. */
export const DEMO_NOW = "2024-11-21T00:00:00.000Z";

function lastSundayUtc(year, monthIndex) {
  const last = new Date(Date.UTC(year, monthIndex + 1, 0));
  last.setUTCDate(last.getUTCDate() - last.getUTCDay());
  return Date.UTC(year, monthIndex, last.getUTCDate(), 1, 0, 0);
}

/** Is the UTC instant inside British Summer Time? */
export function isBst(utcMillis) {
  const year = new Date(utcMillis).getUTCFullYear();
  return utcMillis >= lastSundayUtc(year, 2) && utcMillis < lastSundayUtc(year, 9);
}

/** London wall-clock time to an ISO 8601 UTC string. */
export function londonToUtc(year, month, day, hour, minute = 0) {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Wall clock in BST is one hour ahead of UTC; afternoons and evenings never straddle the change.
  const utc = isBst(asUtc - 3600_000) ? asUtc - 3600_000 : asUtc;
  return new Date(utc).toISOString();
}

/** A Date (UTC midnight) as its parts. */
export function parts(date) {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), weekday: date.getUTCDay() };
}

export function utcDate(year, month, day) {
  return new Date(Date.UTC(year, month - 1, day));
}

export function addDays(date, days) {
  return new Date(date.getTime() + days * 86_400_000);
}

/** First date on or after `date` falling on `weekday` (0 Sunday … 6 Saturday). */
export function nextWeekday(date, weekday) {
  const delta = (weekday - date.getUTCDay() + 7) % 7;
  return addDays(date, delta);
}

/** ISO string `hours` after another ISO string. */
export function isoPlusHours(iso, hours) {
  return new Date(Date.parse(iso) + hours * 3600_000).toISOString();
}

export function isoDate(date) {
  return date.toISOString().slice(0, 10);
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "Saturday 14 December" in London time, for article text. */
export function londonLongDate(iso) {
  const millis = Date.parse(iso);
  const local = new Date(millis + (isBst(millis) ? 3600_000 : 0));
  return `${DAYS[local.getUTCDay()]} ${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]}`;
}

/** "3pm", "7.45pm" in London time, for article text. */
export function londonTime(iso) {
  const millis = Date.parse(iso);
  const local = new Date(millis + (isBst(millis) ? 3600_000 : 0));
  const h = local.getUTCHours();
  const m = local.getUTCMinutes();
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}${m ? "." + String(m).padStart(2, "0") : ""}${h < 12 ? "am" : "pm"}`;
}

export function monthName(monthIndex) {
  return MONTHS[monthIndex];
}
