import { penceOf, priceDisplayOf } from "./money";

/**
 * How much supporter care may refund of one payment: what was paid less what was refunded
 * already. An empty amount is all of what is left (a full refund, which takes the access away:
 * the webhook counts a payment refunded in full as taken back); a part leaves the access as it is.
 * Pure, so the form and the worker say the same.
 */
export type RefundCheck = { ok: true; pence: number; full: boolean } | { ok: false; problem: string };

export function checkRefund(amount: string, paidPence: number, refundedPence: number): RefundCheck {
  const left = paidPence - refundedPence;
  if (left <= 0) return { ok: false, problem: "Nothing is left to refund on this payment" };
  const typed = amount.trim();
  const pence = typed === "" ? left : penceOf(typed);
  if (pence === null) return { ok: false, problem: "An amount in pounds, such as 4.99" };
  if (pence < 1) return { ok: false, problem: "At least 1p" };
  if (pence > left) return { ok: false, problem: `At most ${priceDisplayOf(left)}, what is left of this payment` };
  return { ok: true, pence, full: pence === left };
}
