import { clubLocalToUtc, formatInClubTime } from "./date-format";
import { penceOf, priceDisplayOf } from "./money";

/**
 * Promo codes made in the console (/admin/promotions) and mirrored to Stripe as a coupon and its
 * promotion code. Pure, so the worker enforces, the form shows and the dev checkout applies the
 * same rules: what a code may look like, the discount it gives, for how long, and when checkout
 * refuses it.
 */

/** Letters, digits and dashes: what a supporter types at checkout (Stripe compares it case-insensitively). */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9-]{3,40}$/;
/** An amount off above £999.99 is a typing mistake, as a pass's price above it is. */
export const MAX_AMOUNT_OFF_PENCE = 99_999;
/** Stripe's coupons repeat for at most 36 months here: longer is 'forever'. */
export const MAX_DURATION_MONTHS = 36;
export const MAX_REDEMPTIONS = 1_000_000;

export const PROMO_DURATIONS = ["once", "repeating", "forever"] as const;
export type PromoDuration = (typeof PROMO_DURATIONS)[number];

/** What the console's form sends: its fields as typed. */
export interface PromoInput {
  code: string;
  percentOff: string;
  amountOff: string;
  duration: string;
  durationInMonths: string;
  firstTimeOnly: boolean;
  maxRedemptions: string;
  /** a London date, YYYY-MM-DD: the code works until the end of that day; empty for no end */
  expiresOn: string;
}

/** A discount's terms: exactly one of percentOff and amountOffPence. */
export interface PromoTerms {
  percentOff: number | null;
  amountOffPence: number | null;
  duration: PromoDuration;
  /** repeating only */
  durationInMonths: number | null;
}

export interface CheckedPromo extends PromoTerms {
  code: string;
  firstTimeOnly: boolean;
  maxRedemptions: number | null;
  /** UTC ISO: the first instant it no longer works (the London midnight after its last day); null: no end */
  expiresAt: string | null;
}

export type PromoField = "code" | "percentOff" | "amountOff" | "duration" | "durationInMonths" | "maxRedemptions" | "expiresOn";
export type PromoProblem = { field: PromoField; detail: string };

const wholeNumber = (text: string): number | null => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null);

/** The day after a London date (YYYY-MM-DD), by the calendar: no time zone can move it. */
function nextDay(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** A London date → the UTC instant its day ends (the next London midnight), or null when it is not a date. */
export function londonDayEnd(date: string): string | null {
  const text = date.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const [y, m, d] = text.split("-").map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return null;
  return clubLocalToUtc(`${nextDay(text)}T00:00`);
}

/** The London date (YYYY-MM-DD) of a code's last day, from its stored end: what the form and the list show. */
export function lastLondonDay(expiresAt: string): string {
  return formatInClubTime(new Date(Date.parse(expiresAt) - 1000).toISOString(), "YYYY-MM-DD");
}

/**
 * The form's fields checked whole, each problem against its field: a code of 3–40 letters, digits
 * and dashes; a percentage of 1–100 or an amount off in pounds (one of them); once, forever, or
 * repeating for 1–36 months; an optional limit of redemptions; an optional last day, today or later
 * in London. Whether the code is already taken is the store's question, not this one's.
 */
export function checkPromo(input: PromoInput, now: Date): { ok: true; promo: CheckedPromo } | { ok: false; problems: PromoProblem[] } {
  const problems: PromoProblem[] = [];
  const code = input.code.trim();
  if (!PROMO_CODE_PATTERN.test(code)) problems.push({ field: "code", detail: "3 to 40 letters, digits or dashes: SUMMER-25" });

  const percentText = input.percentOff.trim().replace(/%$/, "");
  const amountText = input.amountOff.trim();
  let percentOff: number | null = null;
  let amountOffPence: number | null = null;
  if (percentText === "" && amountText === "") problems.push({ field: "percentOff", detail: "Enter a percentage off, or an amount off below" });
  else if (percentText !== "" && amountText !== "") problems.push({ field: "amountOff", detail: "Either a percentage or an amount off, not both" });
  else if (percentText !== "") {
    percentOff = wholeNumber(percentText);
    if (percentOff === null || percentOff < 1 || percentOff > 100) problems.push({ field: "percentOff", detail: "A whole percentage from 1 to 100" });
  } else {
    amountOffPence = penceOf(amountText);
    if (amountOffPence === null) problems.push({ field: "amountOff", detail: "An amount in pounds and pence: 5.00" });
    else if (amountOffPence < 1 || amountOffPence > MAX_AMOUNT_OFF_PENCE) problems.push({ field: "amountOff", detail: "From £0.01 to £999.99" });
  }

  const duration = PROMO_DURATIONS.find((d) => d === input.duration.trim()) ?? null;
  if (duration === null) problems.push({ field: "duration", detail: "Once, repeating or forever" });
  // Months mean something only for a repeating discount; for the others the field is ignored.
  let durationInMonths: number | null = null;
  if (duration === "repeating") {
    durationInMonths = wholeNumber(input.durationInMonths);
    if (durationInMonths === null || durationInMonths < 1 || durationInMonths > MAX_DURATION_MONTHS) {
      problems.push({ field: "durationInMonths", detail: `A number of months from 1 to ${MAX_DURATION_MONTHS}` });
    }
  }

  let maxRedemptions: number | null = null;
  if (input.maxRedemptions.trim() !== "") {
    maxRedemptions = wholeNumber(input.maxRedemptions);
    if (maxRedemptions === null || maxRedemptions < 1 || maxRedemptions > MAX_REDEMPTIONS) problems.push({ field: "maxRedemptions", detail: "A whole number from 1 to 1,000,000, or empty for no limit" });
  }

  let expiresAt: string | null = null;
  if (input.expiresOn.trim() !== "") {
    expiresAt = londonDayEnd(input.expiresOn);
    if (expiresAt === null) problems.push({ field: "expiresOn", detail: "A date: 2026-12-31" });
    else if (Date.parse(expiresAt) <= now.getTime()) problems.push({ field: "expiresOn", detail: "The last day must be today or later" });
  }

  if (problems.length > 0 || duration === null) return { ok: false, problems };
  return { ok: true, promo: { code, percentOff, amountOffPence, duration, durationInMonths, firstTimeOnly: input.firstTimeOnly, maxRedemptions, expiresAt } };
}

/**
 * The discount on one charge, in pence: a percentage of it rounded to the nearest penny (a half
 * penny to the buyer), or the amount off; never more than the charge itself.
 */
export function discountPence(amountPence: number, terms: Pick<PromoTerms, "percentOff" | "amountOffPence">): number {
  const off = terms.percentOff !== null ? Math.round((amountPence * terms.percentOff) / 100) : (terms.amountOffPence ?? 0);
  return Math.max(0, Math.min(amountPence, off));
}

/**
 * How many charges of a price the discount applies to: a one-off payment is one charge; a
 * subscription's first invoice only (once), every invoice (forever: null), or those that start
 * within its months (repeating: a monthly plan's first N, a yearly plan's first ⌈N/12⌉).
 */
export function discountedCharges(terms: Pick<PromoTerms, "duration" | "durationInMonths">, interval: "month" | "year" | null): number | null {
  if (interval === null || terms.duration === "once") return 1;
  if (terms.duration === "forever") return null;
  const months = terms.durationInMonths ?? 1;
  return interval === "month" ? months : Math.ceil(months / 12);
}

/** '50% off', '£5.00 off'. */
export const discountText = (terms: Pick<PromoTerms, "percentOff" | "amountOffPence">): string =>
  terms.percentOff !== null ? `${terms.percentOff}% off` : `${priceDisplayOf(terms.amountOffPence ?? 0)} off`;

/** '50% off once', '£5.00 off each month for 3 months', '25% off forever': the terms as the console and the checkout say them. */
export function termsText(terms: PromoTerms): string {
  const off = discountText(terms);
  if (terms.duration === "once") return `${off} once`;
  if (terms.duration === "forever") return `${off} forever`;
  const months = terms.durationInMonths ?? 1;
  return `${off} for ${months} ${months === 1 ? "month" : "months"}`;
}

/** 'First-time buyers · 100 at most · last day 2026-12-31', or 'No limits': a code's limits in one line. */
export function limitsText(p: { firstTimeOnly: boolean; maxRedemptions: number | null; expiresAt: string | null }): string {
  const parts = [
    p.firstTimeOnly ? "First-time buyers" : null,
    p.maxRedemptions !== null ? `${p.maxRedemptions} at most` : null,
    p.expiresAt !== null ? `last day ${lastLondonDay(p.expiresAt)}` : null,
  ].filter((x): x is string => x !== null);
  return parts.length === 0 ? "No limits" : parts.join(" · ");
}

export type PromoStatus = "active" | "deactivated" | "expired" | "used up";

/** What the console's list says of a code now: deactivated by staff first, then past its last day, then out of redemptions. */
export function promoStatus(p: { active: boolean; expiresAt: string | null; maxRedemptions: number | null; redemptions: number }, now: Date): PromoStatus {
  if (!p.active) return "deactivated";
  if (p.expiresAt !== null && Date.parse(p.expiresAt) <= now.getTime()) return "expired";
  if (p.maxRedemptions !== null && p.redemptions >= p.maxRedemptions) return "used up";
  return "active";
}

/** The checkout's words for a code it refuses (the embedded dev checkout says them as a hosted checkout does). */
export const PROMO_REFUSALS = {
  unknown: "This code is invalid.",
  expired: "This code has expired.",
  usedUp: "This code has reached its limit of uses.",
  firstTime: "This code is only for first-time customers.",
} as const;

/**
 * Whether checkout takes a code, as Stripe decides at its hosted checkout: an unknown or inactive
 * code is invalid; then past its end, out of redemptions (its own limit or its coupon's), or for
 * first-time buyers when this buyer has paid before. Null: accepted.
 */
export function promoRefusal(
  code: {
    active: boolean;
    /** unix seconds, null: no end */
    expiresAt: number | null;
    /** what is left of its limit (the tighter of the code's and its coupon's); null: no limit */
    redemptionsLeft: number | null;
    firstTimeOnly: boolean;
  } | null,
  buyer: { hasPaidBefore: boolean },
  now: Date,
): string | null {
  if (code === null || !code.active) return PROMO_REFUSALS.unknown;
  if (code.expiresAt !== null && code.expiresAt * 1000 <= now.getTime()) return PROMO_REFUSALS.expired;
  if (code.redemptionsLeft !== null && code.redemptionsLeft <= 0) return PROMO_REFUSALS.usedUp;
  if (code.firstTimeOnly && buyer.hasPaidBefore) return PROMO_REFUSALS.firstTime;
  return null;
}
