/**
 * Which state of a Stripe subscription wins, whatever order the webhooks arrive in.
 *
 * Stripe does not deliver events in order and may deliver one more than once. Each event carries
 * the state at its own `created` time; the state reported by the latest event wins. Events of the
 * same second (checkout completed, subscription created, first invoice paid) are ordered by how
 * far along the lifecycle their state is (`STATE_RANK`). A cancelled subscription never comes back:
 * a renewal is a new subscription.
 *
 * The worker applies this rule in one SQL upsert (worker/payments/payment-records.ts `upsertSubscription`), so
 * that two deliveries racing each other cannot interleave.
 */
export const STATE_RANK: Readonly<Record<string, number>> = {
  incomplete: 0,
  incomplete_expired: 1,
  trialing: 2,
  active: 3,
  past_due: 4,
  unpaid: 5,
  paused: 5,
  canceled: 9,
};

export function stateRank(status: string): number {
  return STATE_RANK[status] ?? 0;
}

/** Statuses whose subscription grants its price's entitlements ('granted when paid'). */
export const GRANTING_STATUSES = ["active", "trialing"] as const;

export function grantsEntitlements(status: string): boolean {
  return GRANTING_STATUSES.some((granting) => granting === status);
}
