import dayjs from "dayjs";
import utc from "dayjs/plugin/utc";
import timezone from "dayjs/plugin/timezone";
import { club } from "../config/club";

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Access the club grants by hand (supporter care's complimentary access, an extension past a
 * subscription's period; a voucher later): rows of `access_grants` (migrations/0041_access_grants.sql),
 * copied onto the account as `granted_access` so the session reads them with the account in its one
 * D1 read. This file holds the rules, pure: what the grants hold now, and what a grant may be.
 */
export interface AccessGrant {
  entitlement: string;
  /** ISO instant: held from (an extension starts where its subscription's period ends) */
  startsAt: string;
  /** ISO instant: held until, exclusive; the grant ends by itself then, nothing needs to run */
  endsAt: string;
}

/** The furthest a grant may reach: two years from now. */
export const MAX_GRANT_DAYS = 731;
/** An extension gives at most this many days past a period end. */
export const MAX_EXTENSION_DAYS = 366;
export const MAX_REASON_LENGTH = 500;
export const MAX_NOTE_LENGTH = 2000;

/** The entitlements the grants hold at `nowMs`: those started and not yet ended (a malformed time never grants). */
export function grantedEntitlements(grants: readonly AccessGrant[], nowMs: number): string[] {
  const held = grants.filter((g) => {
    const start = Date.parse(g.startsAt);
    const end = Date.parse(g.endsAt);
    return !Number.isNaN(start) && !Number.isNaN(end) && start <= nowMs && nowMs < end;
  });
  return [...new Set(held.map((g) => g.entitlement))];
}

/** The account's stored `granted_access` (a JSON array); anything malformed counts as no grant. */
export function parseGrantedAccess(json: string | undefined): AccessGrant[] {
  try {
    const value: unknown = JSON.parse(json ?? "[]");
    if (!Array.isArray(value)) return [];
    return value.filter(
      (g): g is AccessGrant =>
        typeof g === "object" && g !== null && typeof (g as AccessGrant).entitlement === "string" && typeof (g as AccessGrant).startsAt === "string" && typeof (g as AccessGrant).endsAt === "string",
    );
  } catch {
    return [];
  }
}

/**
 * The end of a London calendar day ('2026-12-24') as the UTC instant the next day starts: access
 * granted "until 24 Dec" lasts all of that day in the club's time, summer or winter. Null when the
 * text is not a real date.
 */
export function endOfClubDay(date: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const day = dayjs.tz(date, "YYYY-MM-DD", club.timezone);
  if (!day.isValid() || day.format("YYYY-MM-DD") !== date) return null;
  return day.add(1, "day").toDate().toISOString();
}

export interface GrantInput {
  entitlements: readonly string[];
  /** a London date, 'YYYY-MM-DD' */
  until: string;
  reason: string;
}

/**
 * A complimentary grant's problems, each named by its field: at least one of the club's codes,
 * each one a package grants (`grantable`); a London date still ahead and at most two years away;
 * a reason. Its end when there is none.
 */
export function checkGrant(input: GrantInput, grantable: readonly string[], nowMs: number): { problems: { field: string; detail: string }[]; endsAt: string | null } {
  const problems: { field: string; detail: string }[] = [];
  if (input.entitlements.length === 0) problems.push({ field: "entitlements", detail: "Choose at least one entitlement" });
  else if (input.entitlements.some((e) => !grantable.includes(e))) problems.push({ field: "entitlements", detail: `Choose among ${grantable.join(", ")}` });
  const endsAt = endOfClubDay(input.until);
  if (endsAt === null) problems.push({ field: "until", detail: "A date: 2026-12-24" });
  else if (Date.parse(endsAt) <= nowMs) problems.push({ field: "until", detail: "The date must be in the future" });
  else if (Date.parse(endsAt) > nowMs + MAX_GRANT_DAYS * 86_400_000) problems.push({ field: "until", detail: "At most two years from today" });
  const reason = input.reason.trim();
  if (reason === "") problems.push({ field: "reason", detail: "Say why (the supporter's problem, the ticket)" });
  else if (reason.length > MAX_REASON_LENGTH) problems.push({ field: "reason", detail: `At most ${MAX_REASON_LENGTH} characters` });
  return { problems, endsAt: problems.length === 0 ? endsAt : null };
}

/**
 * An extension of a subscription's entitlement: a grant from the period's end for `days` days.
 * Only a subscription with a period end still ahead (or just ended) can be extended.
 */
export function extensionWindow(periodEnd: string | null, days: number, nowMs: number): { startsAt: string; endsAt: string } | { problem: string; field: string } {
  if (!Number.isInteger(days) || days < 1 || days > MAX_EXTENSION_DAYS) return { field: "days", problem: `A whole number of days, 1 to ${MAX_EXTENSION_DAYS}` };
  const start = periodEnd === null ? Number.NaN : Date.parse(periodEnd);
  if (Number.isNaN(start)) return { field: "subscription", problem: "That subscription has no period end to extend" };
  // An extension that would already be over gives nothing: grant complimentary access instead.
  const end = start + days * 86_400_000;
  if (end <= nowMs) return { field: "days", problem: "That extension would already be over: grant complimentary access instead" };
  return { startsAt: new Date(start).toISOString(), endsAt: new Date(end).toISOString() };
}

/** Whether a grant row is still to come or running: not revoked, not ended. */
export function grantActive(g: { endsAt: string; revokedAt: string | null }, nowMs: number): boolean {
  return g.revokedAt === null && Date.parse(g.endsAt) > nowMs;
}

/** The note's problem, if any: text required, at most 2,000 characters. */
export function checkNote(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === "") return "Write the note";
  if (trimmed.length > MAX_NOTE_LENGTH) return `At most ${MAX_NOTE_LENGTH.toLocaleString("en-GB")} characters`;
  return null;
}

/** Which kind of payment reference a search text is (cs_…, sub_…, pi_…, ch_…), or null. */
export function paymentReferenceKind(q: string): "checkout" | "subscription" | "payment-intent" | "charge" | null {
  if (!/^[A-Za-z0-9_]{4,255}$/.test(q)) return null;
  if (q.startsWith("cs_")) return "checkout";
  if (q.startsWith("sub_")) return "subscription";
  if (q.startsWith("pi_")) return "payment-intent";
  if (q.startsWith("ch_")) return "charge";
  return null;
}
