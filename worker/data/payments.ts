import { GRANTING_STATUSES, stateRank } from "../../src/domain/subscription-state";
import type { CheckoutObservation, SubscriptionObservation } from "../payments/webhook-events";

/**
 * Payments in D1 (migrations/0002_accounts.sql purchases and processed_webhook_events,
 * 0007_payments.sql stripe_subscriptions and accounts.paid_entitlements). Every webhook's writes
 * go out as one batch (one transaction) together with its event id, so an event is applied
 * entirely and once, or not at all.
 */
const NOW_SQL = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
const GRANTING = GRANTING_STATUSES.map((s) => `'${s}'`).join(", ");

export async function isProcessedEvent(db: D1Database, eventId: string): Promise<boolean> {
  return (await db.prepare("SELECT 1 AS seen FROM processed_webhook_events WHERE event_id = ?1").bind(eventId).first()) !== null;
}

/** Marks the event handled; fails the batch (primary key) if a concurrent delivery got there first. */
export function recordEvent(db: D1Database, eventId: string, type: string): D1PreparedStatement {
  return db.prepare("INSERT INTO processed_webhook_events (event_id, type) VALUES (?1, ?2)").bind(eventId, type);
}

/**
 * The newest state of a subscription wins (src/domain/subscription-state.ts `laterState`, applied
 * here inside one upsert): a later `created`, or the same second and a state at least as far along;
 * a cancelled subscription keeps its state. Fields an event does not carry keep their value.
 */
export function upsertSubscription(db: D1Database, o: SubscriptionObservation): D1PreparedStatement {
  const wins = `(stripe_subscriptions.status <> 'canceled' AND (excluded.state_created > stripe_subscriptions.state_created
    OR (excluded.state_created = stripe_subscriptions.state_created AND excluded.state_rank >= stripe_subscriptions.state_rank)))`;
  return db
    .prepare(
      `INSERT INTO stripe_subscriptions (id, customer_id, account_id, price_id, status, current_period_end, cancel_at_period_end, state_created, state_rank)
       VALUES (?1, ?2,
               (SELECT id FROM (SELECT id, 0 AS o FROM accounts WHERE sso_id = ?3 UNION ALL SELECT id, 1 FROM accounts WHERE stripe_customer_id = ?2) ORDER BY o LIMIT 1),
               ?4, ?5, ?6, COALESCE(?7, 0), ?8, ?9)
       ON CONFLICT (id) DO UPDATE SET
         customer_id = COALESCE(stripe_subscriptions.customer_id, excluded.customer_id),
         account_id = COALESCE(stripe_subscriptions.account_id, excluded.account_id),
         price_id = CASE WHEN ${wins} THEN COALESCE(excluded.price_id, stripe_subscriptions.price_id)
                         ELSE COALESCE(stripe_subscriptions.price_id, excluded.price_id) END,
         current_period_end = CASE WHEN ${wins} THEN COALESCE(excluded.current_period_end, stripe_subscriptions.current_period_end)
                         ELSE COALESCE(stripe_subscriptions.current_period_end, excluded.current_period_end) END,
         cancel_at_period_end = CASE WHEN ${wins} AND ?7 IS NOT NULL THEN excluded.cancel_at_period_end ELSE stripe_subscriptions.cancel_at_period_end END,
         status = CASE WHEN ${wins} THEN excluded.status ELSE stripe_subscriptions.status END,
         state_rank = CASE WHEN ${wins} THEN excluded.state_rank ELSE stripe_subscriptions.state_rank END,
         state_created = CASE WHEN ${wins} THEN excluded.state_created ELSE stripe_subscriptions.state_created END,
         updated_at = ${NOW_SQL}`,
    )
    .bind(
      o.subscriptionId,
      o.customerId,
      o.ssoID,
      o.priceId,
      o.status,
      o.periodEnd,
      o.cancelAtPeriodEnd === null ? null : o.cancelAtPeriodEnd ? 1 : 0,
      o.created,
      stateRank(o.status),
    );
}

/** Stores the customer id on the account (View Subscriptions needs it), unless another account holds it. */
export function linkCustomer(db: D1Database, ssoID: string, customerId: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE accounts SET stripe_customer_id = ?2, updated_at = ${NOW_SQL}
        WHERE sso_id = ?1 AND stripe_customer_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM accounts other WHERE other.stripe_customer_id = ?2)`,
    )
    .bind(ssoID, customerId);
}

/** Subscriptions whose events came before their checkout now belong to the account. */
export function adoptSubscriptions(db: D1Database, ssoID: string, customerId: string | null, subscriptionId: string | null): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE stripe_subscriptions SET account_id = (SELECT id FROM accounts WHERE sso_id = ?1)
        WHERE account_id IS NULL AND (customer_id = ?2 OR id = ?3)`,
    )
    .bind(ssoID, customerId, subscriptionId);
}

/** A pending purchase, written when the checkout is created (its price comes from D1, never the browser). */
export function insertPendingPurchase(
  db: D1Database,
  p: { accountId: number; packageId: string; priceId: string; mode: "subscription" | "payment"; sessionId: string },
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO purchases (account_id, package_id, price_id, mode, stripe_session_id, status) VALUES (?1, ?2, ?3, ?4, ?5, 'pending')
       ON CONFLICT (stripe_session_id) DO NOTHING`,
    )
    .bind(p.accountId, p.packageId, p.priceId, p.mode, p.sessionId);
}

/** The completed checkout's purchase (created here if the checkout was made elsewhere). */
export function completePurchase(db: D1Database, o: CheckoutObservation, price: { priceId: string; packageId: string }): D1PreparedStatement {
  const status = !o.paid ? "pending" : o.mode === "subscription" ? "active" : "paid";
  return db
    .prepare(
      `INSERT INTO purchases (account_id, package_id, price_id, mode, stripe_session_id, stripe_subscription_id, status)
       SELECT id, ?2, ?3, ?4, ?5, ?6, ?7 FROM accounts WHERE sso_id = ?1
       ON CONFLICT (stripe_session_id) DO UPDATE SET
         stripe_subscription_id = COALESCE(purchases.stripe_subscription_id, excluded.stripe_subscription_id),
         status = CASE WHEN purchases.status = 'pending' THEN excluded.status ELSE purchases.status END,
         updated_at = ${NOW_SQL}`,
    )
    .bind(o.ssoID, price.packageId, price.priceId, o.mode, o.sessionId, o.subscriptionId, status);
}

/** What grants an account (`accounts.id` of the enclosing UPDATE) paid entitlements, and until when (null: no end). */
const GRANT_SOURCES = `
  SELECT s.price_id AS price_id, CASE WHEN s.cancel_at_period_end = 1 THEN s.current_period_end END AS ends_at
    FROM stripe_subscriptions s
   WHERE s.account_id = accounts.id AND s.status IN (${GRANTING})
     AND NOT (s.cancel_at_period_end = 1 AND s.current_period_end IS NOT NULL AND s.current_period_end <= ${NOW_SQL})
  UNION ALL
  SELECT u.price_id, NULL FROM purchases u WHERE u.account_id = accounts.id AND u.mode = 'payment' AND u.status = 'paid'`;

/**
 * Recomputes the payment entitlements of the accounts concerned: the entitlements of the price of
 * every subscription in a granting state, plus those of every paid one-off purchase (match
 * passes). A subscription cancelled at period end grants until `current_period_end` (Stripe
 * deletes it then): past that it grants nothing, and before it the entitlements it alone grants
 * carry that end in `paid_entitlement_ends`, which reading the account honours (issue 11: an
 * entitlement never outlasts the period, even when the deletion event is late).
 */
export function recomputeEntitlements(
  db: D1Database,
  keys: { ssoID: string | null; customerId: string | null; subscriptionId: string | null },
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE accounts SET paid_entitlements = (
         SELECT json_group_array(value) FROM (
           SELECT DISTINCT j.value AS value FROM (${GRANT_SOURCES}) src JOIN prices p ON p.id = src.price_id, json_each(p.entitlements) j
            ORDER BY 1)),
         paid_entitlement_ends = (
         SELECT json_group_object(value, ends_at) FROM (
           -- an end only when every source of the entitlement has one: the latest of them
           SELECT j.value AS value, CASE WHEN COUNT(*) = COUNT(src.ends_at) THEN MAX(src.ends_at) END AS ends_at
             FROM (${GRANT_SOURCES}) src JOIN prices p ON p.id = src.price_id, json_each(p.entitlements) j
            GROUP BY j.value ORDER BY 1)
          WHERE ends_at IS NOT NULL),
         updated_at = ${NOW_SQL}
       WHERE sso_id = ?1 OR stripe_customer_id = ?2 OR id IN (SELECT account_id FROM stripe_subscriptions WHERE id = ?3)`,
    )
    .bind(keys.ssoID, keys.customerId, keys.subscriptionId);
}

/**
 * Accounts holding a subscription that was cancelled at period end and whose period is over, but
 * that Stripe has not deleted yet (the scheduled sweep recomputes them; reads already drop it).
 */
export async function accountsPastCancelledPeriods(db: D1Database): Promise<{ ssoID: string }[]> {
  const { results } = await db
    .prepare(
      `SELECT DISTINCT a.sso_id AS ssoID FROM stripe_subscriptions s JOIN accounts a ON a.id = s.account_id
        WHERE s.status IN (${GRANTING}) AND s.cancel_at_period_end = 1 AND s.current_period_end <= ${NOW_SQL}
          AND a.paid_entitlement_ends <> '{}'`,
    )
    .all<{ ssoID: string }>();
  return results;
}

/** The price of a checkout: the purchase written at checkout creation, else the metadata, checked against D1. */
export async function priceOfCheckout(
  db: D1Database,
  o: CheckoutObservation,
): Promise<{ priceId: string; packageId: string } | null> {
  const pending = await db
    .prepare("SELECT price_id AS priceId, package_id AS packageId FROM purchases WHERE stripe_session_id = ?1")
    .bind(o.sessionId)
    .first<{ priceId: string; packageId: string }>();
  if (pending) return pending;
  if (!o.priceId) return null;
  return db
    .prepare("SELECT id AS priceId, package_id AS packageId FROM prices WHERE id = ?1 AND (?2 IS NULL OR package_id = ?2)")
    .bind(o.priceId, o.packageId)
    .first<{ priceId: string; packageId: string }>();
}
