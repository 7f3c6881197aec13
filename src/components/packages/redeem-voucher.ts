import { firstError } from "../../account/session-client";
import type { RedeemedVoucher } from "../../schemas/vouchers";

/** What the overlay does with a redemption's answer. */
export type RedeemOutcome = ({ kind: "redeemed" } & RedeemedVoucher) | { kind: "refused"; code: string; detail: string } | { kind: "sign-in" };

/** When the worker could not be reached or answered something unreadable. */
export const VOUCHER_UNAVAILABLE = "The voucher could not be checked just now. Please try again.";

/**
 * POST /api/vouchers/redeem {code} (worker/vouchers/redeem-routes.ts), same origin with the session
 * cookie, as the checkout's POST. The answer's schema (zod) loads only once an answer has come,
 * so the packages widget's first visit carries none of it.
 */
export async function redeemVoucher(code: string): Promise<RedeemOutcome> {
  let response: Response;
  try {
    response = await fetch("/api/vouchers/redeem", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ code }),
    });
  } catch {
    return { kind: "refused", code: "UNREACHABLE", detail: VOUCHER_UNAVAILABLE };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.status === 401) return { kind: "sign-in" };
  if (!response.ok) {
    const error = firstError(body);
    return { kind: "refused", code: error?.code ?? String(response.status), detail: error?.detail ?? VOUCHER_UNAVAILABLE };
  }
  const [z, { redeemedAnswerSchema }] = await Promise.all([import("zod/mini"), import("../../schemas/vouchers")]);
  const parsed = z.safeParse(redeemedAnswerSchema, body);
  return parsed.success ? { kind: "redeemed", ...parsed.data.data.attributes } : { kind: "refused", code: "UNREADABLE", detail: VOUCHER_UNAVAILABLE };
}
