/**
 * When a refund or a dispute takes back what a payment granted.
 *
 * - A refund takes back only when it is full: Stripe's `refunded`, or everything refunded. A
 *   partial refund (a goodwill credit) is recorded and leaves the grant. A charge's refunds only
 *   grow, so a full refund is final whatever order the events come in.
 * - A dispute takes back from the moment it is opened, and gives back only when it closes in the
 *   club's favour: `won`, or an inquiry closed without a chargeback (`warning_closed`), or
 *   `prevented` (resolved before it became a chargeback). In those the money stayed with the club,
 *   so the payment stands. `lost` keeps it taken back. A closed dispute is final; otherwise the
 *   state of its latest event wins (same second: the state further along).
 */
export function isFullRefund(charge: { amount: number; amountRefunded: number; refunded: boolean }): boolean {
  return charge.refunded || (charge.amount > 0 && charge.amountRefunded >= charge.amount);
}

const DISPUTE_GIVES_BACK: readonly string[] = ["won", "warning_closed", "prevented"];
const DISPUTE_CLOSED: readonly string[] = ["won", "lost", "warning_closed", "prevented"];

export function disputeTakesBack(status: string): boolean {
  return !DISPUTE_GIVES_BACK.includes(status);
}

/** Tie-break for dispute events of the same second; 9 (closed) is final, as a cancelled subscription is. */
export function disputeRank(status: string): number {
  if (DISPUTE_CLOSED.includes(status)) return 9;
  return status === "under_review" || status === "warning_under_review" ? 2 : 1;
}

/** A refund row's rank: a full refund is final. */
export function refundRank(full: boolean): number {
  return full ? 9 : 1;
}
