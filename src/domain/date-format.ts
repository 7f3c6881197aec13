/** Spec §9 'Date formats', always in the club's timezone (Europe/London), on server and client alike. */
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc";
import timezone from "dayjs/plugin/timezone";
import { club } from "../config/club";

dayjs.extend(utc);
dayjs.extend(timezone);

export const DATE_FORMAT = club.dateFormat; // 'D MMM YYYY'
export const MATCH_DATE_FORMAT = club.matchDateFormat; // 'ddd D MMM'
export const KICK_OFF_FORMAT = "HH:mm";

type DateInput = string | number | Date;

function inClubTime(value: DateInput) {
  return dayjs.utc(value).tz(club.timezone);
}

/**
 * Texts already formatted, by format and timestamp. Converting to the club's zone is the costliest
 * step of a server render (dayjs's zone plugin asks Intl twice per date) and every render of a page
 * prints the same dates again; the answer for a given instant and format never changes.
 */
const formatted = new Map<string, string>();
const FORMATTED_LIMIT = 5000;

/** Formats in Europe/London; '' for an unparseable date so a bad row never throws in render. */
export function formatInClubTime(value: DateInput, format: string): string {
  const key = value instanceof Date ? undefined : `${format}|${value}`;
  const known = key === undefined ? undefined : formatted.get(key);
  if (known !== undefined) return known;
  const text = dayjs.utc(value).isValid() ? inClubTime(value).format(format) : "";
  if (key !== undefined) {
    if (formatted.size >= FORMATTED_LIMIT) formatted.clear();
    formatted.set(key, text);
  }
  return text;
}

/** '5 Oct 2024' */
export function formatDate(value: DateInput): string {
  return formatInClubTime(value, DATE_FORMAT);
}

/** 'Sat 5 Oct' */
export function formatMatchDate(value: DateInput): string {
  return formatInClubTime(value, MATCH_DATE_FORMAT);
}

/** '15:00' */
export function formatKickOff(value: DateInput): string {
  return formatInClubTime(value, KICK_OFF_FORMAT);
}

/** The club's date texts by name, as pages show them (src/components/ClubTime.tsx). */
export const CLUB_TIME_FORMATS = {
  /** '5 Oct 2024' */
  date: DATE_FORMAT,
  /** 'Sat 5 Oct' */
  matchDate: MATCH_DATE_FORMAT,
  /** '15:00' */
  kickOff: KICK_OFF_FORMAT,
  /** '3 August 2024' (player facts, match details) */
  longDate: "D MMMM YYYY",
  /** 'August 2024' (the fixtures' month headings) */
  month: "MMMM YYYY",
} as const;
export type ClubTimeFormat = keyof typeof CLUB_TIME_FORMATS;

/** The calendar month of an instant in the club's zone ('2024-08'), to group fixtures by. */
export function monthKey(value: DateInput): string {
  return formatInClubTime(value, "YYYY-MM");
}

/** An instant in one of the club's named formats. */
export function clubTimeText(value: DateInput, format: ClubTimeFormat): string {
  return formatInClubTime(value, CLUB_TIME_FORMATS[format]);
}

/** A `datetime-local` value ('2026-12-01T18:00') read as Europe/London time → UTC ISO; null when invalid. */
export function clubLocalToUtc(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  const t = dayjs.tz(local, "YYYY-MM-DDTHH:mm", club.timezone);
  return t.isValid() ? t.toDate().toISOString() : null;
}

/** A UTC instant as a `datetime-local` value in Europe/London ('' for none or invalid). */
export function utcToClubLocal(iso: string | null): string {
  if (!iso || !dayjs.utc(iso).isValid()) return "";
  return inClubTime(iso).format("YYYY-MM-DDTHH:mm");
}
