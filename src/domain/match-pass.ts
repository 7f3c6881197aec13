import { matchPassCode } from "./live-events";
import { clubLocalToUtc, utcToClubLocal } from "./date-format";
import { penceOf } from "./money";

/**
 * A match pass sold from the console's fixture list: its price in pence (typed in pounds), its
 * sale window (typed in London time, stored in UTC), and what it opens (the match's live streams
 * that carry its entitlement). Pure, so the worker enforces and the form shows the same rules.
 */

/** Stripe's smallest GBP charge is 30p; a pass above £999.99 is a typing mistake. */
export const MIN_PASS_PENCE = 30;
export const MAX_PASS_PENCE = 99_999;
/** Without a choice, a pass goes off sale three hours after kick-off: a late buyer still sees the second half. */
export const DEFAULT_SALE_HOURS_AFTER_KICKOFF = 3;


/** The kick-off plus three hours, in London time for the form's field (YYYY-MM-DDTHH:mm). */
export function defaultSaleUntil(kickoffUtc: string): string {
  return utcToClubLocal(new Date(Date.parse(kickoffUtc) + DEFAULT_SALE_HOURS_AFTER_KICKOFF * 3_600_000).toISOString());
}

/** A London date and time as typed ('2026-12-01T09:00' or with a space) → UTC ISO, or null when it is not one. */
function londonToUtc(local: string): string | null {
  const text = local.trim().replace(" ", "T");
  const utc = clubLocalToUtc(text);
  return utc !== null && utcToClubLocal(utc) === text ? utc : null;
}

export interface PassInput {
  price: string;
  saleFrom: string;
  saleUntil: string;
  /** the live streams it opens: ids among the match's */
  streams: readonly string[];
}

export interface PassFacts {
  /** UTC ISO */
  kickoff: string;
  /** the ids of the match's live streams */
  matchStreams: readonly string[];
}

export interface CheckedPass {
  amountPence: number;
  saleFrom: string;
  saleUntil: string;
  streams: string[];
}

export type PassProblem = { field: "price" | "saleFrom" | "saleUntil" | "streams"; detail: string };

/**
 * The form's fields checked whole, each problem against its field: a price between 30p and
 * £999.99; a window in London time that ends after it starts and after `now`; streams of this
 * match only. An empty `saleUntil` is the kick-off plus three hours; an empty `saleFrom` is now.
 */
export function checkPass(input: PassInput, facts: PassFacts, now: Date): { ok: true; pass: CheckedPass } | { ok: false; problems: PassProblem[] } {
  const problems: PassProblem[] = [];
  const amountPence = penceOf(input.price);
  if (amountPence === null) problems.push({ field: "price", detail: "A price in pounds and pence: 4.99" });
  else if (amountPence < MIN_PASS_PENCE) problems.push({ field: "price", detail: "At least £0.30 (the card provider's smallest charge)" });
  else if (amountPence > MAX_PASS_PENCE) problems.push({ field: "price", detail: "At most £999.99" });

  const saleFrom = input.saleFrom.trim() === "" ? now.toISOString() : londonToUtc(input.saleFrom);
  if (saleFrom === null) problems.push({ field: "saleFrom", detail: "A date and time in London time: 2026-12-01 09:00" });
  const saleUntil = input.saleUntil.trim() === "" ? new Date(Date.parse(facts.kickoff) + DEFAULT_SALE_HOURS_AFTER_KICKOFF * 3_600_000).toISOString() : londonToUtc(input.saleUntil);
  if (saleUntil === null) problems.push({ field: "saleUntil", detail: "A date and time in London time: 2026-12-01 18:00" });
  else if (saleFrom !== null && Date.parse(saleUntil) <= Date.parse(saleFrom)) problems.push({ field: "saleUntil", detail: "The sale must end after it starts" });
  else if (Date.parse(saleUntil) <= now.getTime()) problems.push({ field: "saleUntil", detail: "The sale must end in the future" });

  const unknown = input.streams.filter((id) => !facts.matchStreams.includes(id));
  if (unknown.length > 0) problems.push({ field: "streams", detail: "Choose among this match's live streams" });
  else if (facts.matchStreams.length > 0 && input.streams.length === 0) problems.push({ field: "streams", detail: "Choose at least one of the match's live streams" });

  if (problems.length > 0 || amountPence === null || saleFrom === null || saleUntil === null) return { ok: false, problems };
  return { ok: true, pass: { amountPence, saleFrom, saleUntil, streams: [...new Set(input.streams)] } };
}

/** Whether the pass is offered at `now`: on sale from its start (inclusive) until its end (exclusive); null bounds are open. */
export function onSale(window: { saleFrom: string | null; saleUntil: string | null }, now: Date): boolean {
  const t = now.getTime();
  return (window.saleFrom === null || Date.parse(window.saleFrom) <= t) && (window.saleUntil === null || t < Date.parse(window.saleUntil));
}

/** A pass is sold, changed or archived only before its match kicks off. */
export const hasKickedOff = (kickoffUtc: string, now: Date): boolean => Date.parse(kickoffUtc) <= now.getTime();

/**
 * What a change of price does. Stripe's prices are immutable, so any new amount is a new Price
 * and the old one archived; a price row that sold stays (the purchases point at it and buyers keep
 * what it granted), one that did not is simply retired the same way, so the rule has one path.
 */
export function priceChange(oldPence: number, newPence: number): "keep" | "new-price" {
  return oldPence === newPence ? "keep" : "new-price";
}

/**
 * A live stream's entitlements once the pass's choice is applied: the match's pass code added when
 * the pass opens it, taken away when it does not; every other code (the tiers) kept, in order.
 */
export function streamEntitlements(entitlements: readonly string[], matchId: number, opens: boolean): string[] {
  const code = matchPassCode(matchId);
  const rest = entitlements.filter((e) => e !== code);
  return opens ? [...rest, code] : rest;
}

/** The pass's one entitlement: what its price grants and what the streams it opens carry. */
export const passEntitlements = (matchId: number): string[] => [matchPassCode(matchId)];
