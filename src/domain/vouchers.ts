import { endOfClubDay, MAX_GRANT_DAYS } from "./access-grants";
import { formatDate } from "./date-format";
import { csvText } from "./csv";

/**
 * Access vouchers (migrations/0043_vouchers.sql): codes staff issue in batches from the console,
 * each granting a batch's entitlements for a period counted from its redemption. The rules here
 * are pure and shared: the code's alphabet and shape, how a typed code is matched, a batch's
 * fields, and why a code cannot be redeemed.
 */

/**
 * No 0/O or 1/I: a code read aloud over the phone or copied from a printed card has no pair of
 * characters to confuse. 32 symbols, so a random byte's low five bits pick one without bias.
 */
export const VOUCHER_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** 12 symbols of 32: 60 bits, far past guessing at a few tries a minute per account. */
export const VOUCHER_CODE_LENGTH = 12;
const GROUP = 4;

export const MAX_BATCH_CODES = 1000;
export const MAX_PERIOD_DAYS = 366;
export const MAX_BATCH_NAME = 120;

/** `count` distinct codes from `randomBytes` (crypto randomness in the worker; a fixed source in tests). */
export function generateVoucherCodes(count: number, randomBytes: (n: number) => Uint8Array): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    const bytes = randomBytes(VOUCHER_CODE_LENGTH);
    let code = "";
    for (let i = 0; i < VOUCHER_CODE_LENGTH; i++) code += VOUCHER_ALPHABET[(bytes[i] ?? 0) & 31];
    codes.add(code);
  }
  return [...codes];
}

/** Crypto randomness for generateVoucherCodes (the Web Crypto API of workerd and browsers). */
export const cryptoBytes = (n: number): Uint8Array => crypto.getRandomValues(new Uint8Array(n));

/** The stored form, 'ABCDEFGHJKLM', as people read it: 'ABCD-EFGH-JKLM'. */
export function groupedCode(code: string): string {
  return code.match(new RegExp(`.{1,${GROUP}}`, "g"))?.join("-") ?? code;
}

/**
 * A typed code in its stored form: case, spaces and dashes do not matter ('abcd efgh-jklm').
 * Null when what is left cannot be a code (wrong length, a character outside the alphabet): the
 * answer is then the same as for an unknown code, and no query is spent on it.
 */
export function normaliseVoucherCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]+/g, "");
  if (code.length !== VOUCHER_CODE_LENGTH) return null;
  for (const ch of code) if (!VOUCHER_ALPHABET.includes(ch)) return null;
  return code;
}

export interface BatchInput {
  name: string;
  entitlements: readonly string[];
  count: number;
  periodDays: number;
  /** the last London day a code may be redeemed, 'YYYY-MM-DD' */
  redeemBy: string;
}

export interface FieldProblem {
  field: string;
  detail: string;
}

/**
 * A new batch's problems, each named by its field, and the redeem-by instant when there is none:
 * a name; at least one of the codes the club's packages grant; 1 to 1,000 codes; a period of 1 to
 * 366 days; a London date still ahead and at most two years away (it lasts all of that day).
 */
export function checkBatch(input: BatchInput, grantable: readonly string[], nowMs: number): { problems: FieldProblem[]; redeemByEnd: string | null } {
  const problems: FieldProblem[] = [];
  const name = input.name.trim();
  if (name === "") problems.push({ field: "name", detail: "Name the batch: who it is for or why (a partner, a failed stream)" });
  else if (name.length > MAX_BATCH_NAME) problems.push({ field: "name", detail: `At most ${MAX_BATCH_NAME} characters` });
  if (input.entitlements.length === 0) problems.push({ field: "entitlements", detail: "Choose at least one entitlement" });
  else if (input.entitlements.some((e) => !grantable.includes(e))) problems.push({ field: "entitlements", detail: `Choose among ${grantable.join(", ")}` });
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > MAX_BATCH_CODES) problems.push({ field: "count", detail: "A whole number of codes, 1 to 1,000" });
  if (!Number.isInteger(input.periodDays) || input.periodDays < 1 || input.periodDays > MAX_PERIOD_DAYS) problems.push({ field: "periodDays", detail: `A whole number of days, 1 to ${MAX_PERIOD_DAYS}` });
  const end = endOfClubDay(input.redeemBy);
  if (end === null) problems.push({ field: "redeemBy", detail: "A date: 2026-12-24" });
  else if (Date.parse(end) <= nowMs) problems.push({ field: "redeemBy", detail: "The date must be in the future" });
  else if (Date.parse(end) > nowMs + MAX_GRANT_DAYS * 86_400_000) problems.push({ field: "redeemBy", detail: "At most two years from today" });
  return { problems, redeemByEnd: problems.length === 0 ? end : null };
}

/** What a redemption grants: from now, for the batch's period (the end exclusive, as every grant's). */
export function voucherWindow(periodDays: number, nowMs: number): { startsAt: string; endsAt: string } {
  return { startsAt: new Date(nowMs).toISOString(), endsAt: new Date(nowMs + periodDays * 86_400_000).toISOString() };
}

export { VOUCHER_REFUSALS, VOUCHER_SIGN_IN, VOUCHER_TOO_MANY, type VoucherRefusal } from "./voucher-texts";
import type { VoucherRefusal } from "./voucher-texts";

/**
 * Why a code cannot be redeemed now, or null when it can. A code already used says so even when
 * its batch was revoked or has expired since: that is what happened to it.
 */
export function voucherRefusal(code: { redeemedAt: string | null; revokedAt: string | null; redeemBy: string } | null, nowMs: number): VoucherRefusal | null {
  if (!code) return "VOUCHER_UNKNOWN";
  if (code.redeemedAt !== null) return "VOUCHER_USED";
  if (code.revokedAt !== null) return "VOUCHER_REVOKED";
  if (Date.parse(code.redeemBy) <= nowMs) return "VOUCHER_EXPIRED";
  return null;
}

export type VoucherStatus = "unused" | "redeemed" | "revoked" | "expired";

/** A code's state as the console lists it. */
export function voucherStatus(code: { redeemedAt: string | null; revokedAt: string | null; redeemBy: string }, nowMs: number): VoucherStatus {
  const refusal = voucherRefusal(code, nowMs);
  return refusal === "VOUCHER_USED" ? "redeemed" : refusal === "VOUCHER_REVOKED" ? "revoked" : refusal === "VOUCHER_EXPIRED" ? "expired" : "unused";
}

/** The batch's codes (as shown: grouped) as a CSV file: a header line, then one line per code. */
export function vouchersCsv(rows: readonly { code: string; status: VoucherStatus; redeemedBy: string | null; redeemedAt: string | null }[]): string {
  const lines = [["code", "status", "redeemed_by", "redeemed_at"], ...rows.map((r) => [r.code, r.status, r.redeemedBy ?? "", r.redeemedAt ?? ""])];
  return csvText(lines);
}

/** The last London day a code may be redeemed ('24 Dec 2026'): redeem-by is the start of the day after it. */
export const lastRedeemDay = (redeemBy: string): string => formatDate(Date.parse(redeemBy) - 1);

/** What a batch grants, by package title where the club still sells it, else by its code. */
export function grantsText(codes: readonly string[], titles: readonly { code: string; title: string }[]): string {
  return codes.map((code) => titles.find((g) => g.code === code)?.title ?? code).join(", ");
}
