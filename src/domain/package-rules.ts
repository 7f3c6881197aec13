import { penceOf, priceDisplayOf } from "./money";

/**
 * The console's subscription packages and their prices (/admin/packages): what a package and a
 * price may be, what a change of price does, and how the list is ordered. Pure, so the worker
 * enforces and the form shows the same rules. Match passes have their own rules
 * (src/domain/match-pass.ts) and are sold from the fixture list.
 */

/** How a price is paid, as the form names it, and the columns it is stored as (Stripe's too). */
export const PRICE_KINDS = {
  monthly: { type: "recurring", interval: "month", label: "Monthly" },
  yearly: { type: "recurring", interval: "year", label: "Yearly" },
  "one-off": { type: "one_time", interval: null, label: "One-off payment" },
} as const;
export type PriceKind = keyof typeof PRICE_KINDS;
export const priceKinds = Object.keys(PRICE_KINDS) as PriceKind[];

/** The card's price with its period, as the seed writes them: '£5.99 per month', '£44.99 per year', '£4.99'. */
export function priceDisplayFor(kind: PriceKind, pence: number): string {
  const period = kind === "monthly" ? " per month" : kind === "yearly" ? " per year" : "";
  return `${priceDisplayOf(pence)}${period}`;
}

export function priceKindOf(type: "recurring" | "one_time", interval: "month" | "year" | null): PriceKind {
  if (type === "one_time") return "one-off";
  return interval === "year" ? "yearly" : "monthly";
}

/** Stripe's smallest GBP charge is 30p; above £9,999.99 a price is a typing mistake. */
export const MIN_PRICE_PENCE = 30;
export const MAX_PRICE_PENCE = 999_999;
export const MAX_TITLE = 80;
export const MAX_LABEL = 40;
export const MAX_OFFER = 60;
/** A package's or a card back's text, as HTML from the editor. */
export const MAX_HTML = 5_000;
/** An entitlement code: what a video's tier and a live stream name (lowercase words and dashes). */
export const ENTITLEMENT_CODE = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const MATCH_PASS_CODE = /^matchpass-/;

export type Problem<F extends string> = { field: F; detail: string };

export interface PackageInput {
  title: string;
  description: string;
  customLabel: string;
  displayType: string;
  styleMode: string;
  imageKey: string;
}

export interface CheckedPackage {
  title: string;
  description: string;
  customLabel: string | null;
  displayType: "icon-only" | "background-image";
  styleMode: "light" | "dark";
  imageKey: string;
}

/** An HTML field with no words in it (the editor's empty `<p></p>`) counts as empty. */
const wordsIn = (html: string) => html.replace(/<[^>]*>/g, "").replace(/&nbsp;/g, " ").trim();

/** The package's own fields, each problem against its field. */
export function checkPackage(input: PackageInput): { ok: true; value: CheckedPackage } | { ok: false; problems: Problem<keyof PackageInput>[] } {
  const problems: Problem<keyof PackageInput>[] = [];
  const title = input.title.trim();
  if (title === "") problems.push({ field: "title", detail: "Enter the package's name" });
  else if (title.length > MAX_TITLE) problems.push({ field: "title", detail: `At most ${MAX_TITLE} characters` });
  if (wordsIn(input.description) === "") problems.push({ field: "description", detail: "Say what the package gives" });
  else if (input.description.length > MAX_HTML) problems.push({ field: "description", detail: "Too long: keep it to a few short paragraphs" });
  const customLabel = input.customLabel.trim();
  if (customLabel.length > MAX_LABEL) problems.push({ field: "customLabel", detail: `At most ${MAX_LABEL} characters` });
  if (input.displayType !== "icon-only" && input.displayType !== "background-image") problems.push({ field: "displayType", detail: "Choose how the card shows its art" });
  if (input.styleMode !== "light" && input.styleMode !== "dark") problems.push({ field: "styleMode", detail: "Choose light or dark" });
  if (input.imageKey.trim() === "") problems.push({ field: "imageKey", detail: "Choose the card's picture" });
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      title,
      description: input.description.trim(),
      customLabel: customLabel === "" ? null : customLabel,
      displayType: input.displayType as CheckedPackage["displayType"],
      styleMode: input.styleMode as CheckedPackage["styleMode"],
      imageKey: input.imageKey.trim(),
    },
  };
}

export interface PriceInput {
  kind: string;
  amount: string;
  offer: string;
  furtherInformation: string;
  backsideText: string;
  /** codes ticked among those the club's packages grant */
  entitlements: readonly string[];
  /** a code of the club's own, new to its packages (optional) */
  newEntitlement: string;
}

export interface CheckedPrice {
  kind: PriceKind;
  amountPence: number;
  offer: string | null;
  furtherInformation: string;
  backsideText: string;
  entitlements: string[];
}

/** A price's fields: how it is paid, its amount, its card's texts and what it grants. */
export function checkPrice(input: PriceInput): { ok: true; value: CheckedPrice } | { ok: false; problems: Problem<keyof PriceInput>[] } {
  const problems: Problem<keyof PriceInput>[] = [];
  const kind = input.kind in PRICE_KINDS ? (input.kind as PriceKind) : null;
  if (kind === null) problems.push({ field: "kind", detail: "Choose monthly, yearly or a one-off payment" });
  const amountPence = penceOf(input.amount);
  if (amountPence === null) problems.push({ field: "amount", detail: "A price in pounds and pence: 9.99" });
  else if (amountPence < MIN_PRICE_PENCE) problems.push({ field: "amount", detail: "At least £0.30 (the card provider's smallest charge)" });
  else if (amountPence > MAX_PRICE_PENCE) problems.push({ field: "amount", detail: "At most £9,999.99" });
  const offer = input.offer.trim();
  if (offer.length > MAX_OFFER) problems.push({ field: "offer", detail: `At most ${MAX_OFFER} characters` });
  if (input.furtherInformation.length > MAX_HTML) problems.push({ field: "furtherInformation", detail: "Too long: keep it to a few short paragraphs" });
  if (input.backsideText.length > MAX_HTML) problems.push({ field: "backsideText", detail: "Too long: keep it to a few short paragraphs" });
  const fresh = input.newEntitlement.trim().toLowerCase();
  if (fresh !== "" && !ENTITLEMENT_CODE.test(fresh)) problems.push({ field: "newEntitlement", detail: "Lowercase letters, digits and dashes: rovers-tv-gold" });
  else if (MATCH_PASS_CODE.test(fresh)) problems.push({ field: "newEntitlement", detail: "Match pass codes belong to match passes, sold from the fixture list" });
  const ticked = input.entitlements.filter((e) => !MATCH_PASS_CODE.test(e));
  const entitlements = [...new Set([...ticked, ...(fresh === "" ? [] : [fresh])])];
  if (entitlements.length === 0 && !problems.some((p) => p.field === "newEntitlement")) problems.push({ field: "entitlements", detail: "Choose what the price gives" });
  if (problems.length > 0 || kind === null || amountPence === null) return { ok: false, problems };
  return {
    ok: true,
    value: { kind, amountPence, offer: offer === "" ? null : offer, furtherInformation: input.furtherInformation.trim(), backsideText: input.backsideText.trim(), entitlements },
  };
}

/**
 * What an edit of a price does. Stripe's prices are immutable in amount and in how they are paid,
 * so a new amount or kind is a new Price (and a new row: the row's id is Stripe's price id) that
 * replaces the old one, which is archived; purchases keep pointing at the old row, so buyers keep
 * what it granted. Card texts and what a price grants change in place.
 */
export function priceEdit(before: { kind: PriceKind; amountPence: number }, after: { kind: PriceKind; amountPence: number }): "in-place" | "new-price" {
  return before.kind === after.kind && before.amountPence === after.amountPence ? "in-place" : "new-price";
}

/** The list's order after moving `id` one place up or down; unchanged at either end or for an unknown id. */
export function moved(ids: readonly string[], id: string, direction: "up" | "down"): string[] {
  const at = ids.indexOf(id);
  const to = direction === "up" ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}

/** The codes a price may grant on the form: the club's packages' codes, not a match's pass. */
export const membershipCodes = (codes: readonly string[]): string[] => [...new Set(codes.filter((c) => !MATCH_PASS_CODE.test(c)))].sort();
