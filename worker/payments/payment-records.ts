import { GRANTING_STATUSES, stateRank } from "../../src/domain/subscription-state";
import type { CheckoutObservation, ReversalObservation, SubscriptionObservation } from "./webhook-events";
import { z } from "zod";
import { parseEntitlements } from "../accounts/accounts";
import { allRows, firstRow, rowSchema } from "../db/rows";

/**
 * Payments in D1 (migrations/0002_accounts.sql purchases and processed_webhook_events,
 * 0007_payments.sql stripe_subscriptions and accounts.paid_entitlements, 0014 refunds, disputes
 * and webhook claims). A webhook claims its event id first; its writes then go out as one batch
 * (one transaction) that also marks the claim applied, so an event is applied entirely and once,
 * or not at all.
 */
const NOW_SQL = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
const GRANTING = GRANTING_STATUSES.map((s) => `'${s}'`).join(", ");

/** A claim left 'processing' this long belongs to a delivery that died mid-way: a retry may take it over. */
export const STALE_CLAIM_MS = 60_000;

/**
 * Claims an event id for this delivery before anything is applied: 'processing' (to be applied)
 * or 'ignored' (nothing to apply). True when this delivery holds the claim; false when another
 * delivery of the same id already has it (a duplicate). One statement, so two parallel
 * deliveries cannot both win; a stale 'processing' claim is taken over.
 */
export async function claimEvent(
  db: D1Database,
  e: { eventId: string; type: string; outcome: "processing" | "ignored"; claim: string },
  now = Date.now(),
): Promise<boolean> {
  const row = await db
    .prepare(
      `INSERT INTO processed_webhook_events (event_id, type, outcome, claim, claimed_at) VALUES (?1, ?2, ?3, ?4, ?5)
       ON CONFLICT (event_id) DO UPDATE SET
         outcome = excluded.outcome, claim = excluded.claim, claimed_at = excluded.claimed_at, processed_at = ${NOW_SQL}
         WHERE processed_webhook_events.outcome = 'processing' AND processed_webhook_events.claimed_at < ?6
       RETURNING event_id`,
    )
    // only a 'processing' claim needs its holder's token (to mark it applied, or release it)
    .bind(e.eventId, e.type, e.outcome, e.outcome === "processing" ? e.claim : null, now, now - STALE_CLAIM_MS)
    .first();
  return row !== null;
}

/** The last write of an event's batch: its claim becomes 'applied'. */
export function markApplied(db: D1Database, eventId: string, claim: string): D1PreparedStatement {
  return db
    .prepare(`UPDATE processed_webhook_events SET outcome = 'applied', claim = NULL, processed_at = ${NOW_SQL} WHERE event_id = ?1 AND claim = ?2`)
    .bind(eventId, claim);
}

/** After a failed apply: the claim goes, so Stripe's retry applies the event (the batch wrote nothing). */
export function releaseClaim(db: D1Database, eventId: string, claim: string): D1PreparedStatement {
  return db.prepare("DELETE FROM processed_webhook_events WHERE event_id = ?1 AND claim = ?2 AND outcome = 'processing'").bind(eventId, claim);
}

export type DeliveryOutcome = "applied" | "ignored" | "duplicate" | "failed";

/** One verified delivery and what became of it (migrations/0014, 0019: the webhook-health console's counts and lag). */
export function logDelivery(
  db: D1Database,
  d: { eventId: string; type: string; outcome: DeliveryOutcome; detail?: string | null; receivedAt: string; created: number },
): D1PreparedStatement {
  // processed_at is the moment this row is stored: the end of the apply batch it is part of (0019).
  return db
    .prepare(
      `INSERT INTO webhook_deliveries (event_id, type, outcome, detail, received_at, event_created, processed_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ${NOW_SQL})`,
    )
    .bind(d.eventId, d.type, d.outcome, d.detail ? d.detail.slice(0, 500) : null, d.receivedAt, d.created);
}

/** Deliveries older than 30 days answer no question the console asks (run by the payments sweep). */
export function pruneDeliveries(db: D1Database): D1PreparedStatement {
  return db.prepare("DELETE FROM webhook_deliveries WHERE received_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-30 days')");
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
      `INSERT INTO stripe_subscriptions (id, customer_id, account_id, price_id, status, current_period_end, cancel_at_period_end, state_created, state_rank, started_at)
       VALUES (?1, ?2,
               (SELECT id FROM (SELECT id, 0 AS o FROM accounts WHERE sso_id = ?3 UNION ALL SELECT id, 1 FROM accounts WHERE stripe_customer_id = ?2) ORDER BY o LIMIT 1),
               ?4, ?5, ?6, COALESCE(?7, 0), ?8, ?9, ?8)
       ON CONFLICT (id) DO UPDATE SET
         -- its earliest event, whatever order they came in (the console's new subscriptions per day)
         started_at = MIN(COALESCE(stripe_subscriptions.started_at, excluded.started_at), excluded.started_at),
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
  // Only a pending purchase moves: a failed delayed payment never turns into a paid one, or back.
  const status = o.failed ? "failed" : !o.paid ? "pending" : o.mode === "subscription" ? "active" : "paid";
  // What was paid and when (the console's revenue): set once, when the purchase leaves 'pending' paid.
  const paidAt = o.paid && !o.failed ? new Date(o.created * 1000).toISOString() : null;
  const moves = "purchases.status = 'pending' AND excluded.paid_at IS NOT NULL";
  return db
    .prepare(
      `INSERT INTO purchases (account_id, package_id, price_id, mode, stripe_session_id, stripe_subscription_id, status, amount_paid, promotion_code, paid_at)
       SELECT id, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10 FROM accounts WHERE sso_id = ?1
       ON CONFLICT (stripe_session_id) DO UPDATE SET
         stripe_subscription_id = COALESCE(purchases.stripe_subscription_id, excluded.stripe_subscription_id),
         amount_paid = CASE WHEN ${moves} THEN excluded.amount_paid ELSE purchases.amount_paid END,
         promotion_code = CASE WHEN ${moves} THEN excluded.promotion_code ELSE purchases.promotion_code END,
         paid_at = CASE WHEN ${moves} THEN excluded.paid_at ELSE purchases.paid_at END,
         status = CASE WHEN purchases.status = 'pending' THEN excluded.status ELSE purchases.status END,
         updated_at = ${NOW_SQL}`,
    )
    .bind(o.ssoID, price.packageId, price.priceId, o.mode, o.sessionId, o.subscriptionId, status, paidAt ? (o.amountTotal ?? 0) : 0, paidAt ? o.promotionCode : null, paidAt);
}

/**
 * Records the ids a payment goes by (a payment intent, a charge, an invoice), so that a refund or
 * dispute naming any of them finds what the payment paid for. `paymentId` (a one-off checkout
 * session, or a subscription's invoice) names itself too.
 */
export function recordPaymentKeys(db: D1Database, paymentId: string, keys: readonly string[]): D1PreparedStatement {
  return db
    .prepare("INSERT INTO stripe_payment_keys (key, payment_id) SELECT value, ?1 FROM json_each(?2) WHERE true ON CONFLICT (key) DO NOTHING")
    .bind(paymentId, JSON.stringify([...new Set([paymentId, ...keys])]));
}

/**
 * A subscription's invoice was paid (its subscription may come from a later event). Several events
 * report one payment (the checkout, invoice.paid, invoice_payment.paid): each states the same
 * amount or none (0), so the largest stated is the amount.
 */
export function recordPaidInvoice(db: D1Database, invoiceId: string, subscriptionId: string | null, paidAt: number, amountPaid: number | null): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO stripe_invoices (id, subscription_id, paid_at, amount_paid) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (id) DO UPDATE SET
         subscription_id = COALESCE(stripe_invoices.subscription_id, excluded.subscription_id),
         paid_at = MIN(stripe_invoices.paid_at, excluded.paid_at),
         amount_paid = MAX(stripe_invoices.amount_paid, excluded.amount_paid)`,
    )
    .bind(invoiceId, subscriptionId, paidAt, amountPaid ?? 0);
}

/**
 * A refund or a dispute, stored whether or not its payment is known yet. Its latest state wins (a
 * later `created`, or the same second and a rank at least as high); rank 9 (a full refund, a
 * closed dispute) is final (src/domain/payment-reversal.ts). Ids it names are kept once known.
 */
export function upsertReversal(db: D1Database, o: ReversalObservation): D1PreparedStatement {
  const wins = `(stripe_reversals.state_rank < 9 AND (excluded.state_created > stripe_reversals.state_created
    OR (excluded.state_created = stripe_reversals.state_created AND excluded.state_rank >= stripe_reversals.state_rank)))`;
  const latest = (column: string) => `${column} = CASE WHEN ${wins} THEN excluded.${column} ELSE stripe_reversals.${column} END`;
  const known = (column: string) => `${column} = COALESCE(stripe_reversals.${column}, excluded.${column})`;
  return db
    .prepare(
      `INSERT INTO stripe_reversals (id, kind, charge_id, payment_intent_id, invoice_id, amount, amount_reversed, status, takes_back, state_created, state_rank)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
       ON CONFLICT (id) DO UPDATE SET
         ${known("charge_id")}, ${known("payment_intent_id")}, ${known("invoice_id")},
         ${latest("amount")}, ${latest("amount_reversed")}, ${latest("status")}, ${latest("takes_back")},
         ${latest("state_rank")}, ${latest("state_created")},
         updated_at = ${NOW_SQL}`,
    )
    .bind(o.id, o.reversal, o.chargeId, o.paymentIntentId, o.invoiceId, o.amount, o.amountReversed, o.status, o.takesBack ? 1 : 0, o.created, o.rank);
}

/** Payments (checkout sessions, invoices) taken back by a full refund or a dispute not won. */
export const REVERSED_PAYMENTS = `
  SELECT k.payment_id FROM stripe_reversals r
    JOIN stripe_payment_keys k ON k.key = r.charge_id OR k.key = r.payment_intent_id OR k.key = r.invoice_id
   WHERE r.takes_back = 1`;

/**
 * What grants an account (`accounts.id` of the enclosing UPDATE) paid entitlements, and until when
 * (null: no end). A subscription grants while its latest paid invoice stands (a refunded or
 * disputed earlier period was consumed already); a match pass while its payment stands.
 */
const GRANT_SOURCES = `
  SELECT s.price_id AS price_id, CASE WHEN s.cancel_at_period_end = 1 THEN s.current_period_end END AS ends_at
    FROM stripe_subscriptions s
   WHERE s.account_id = accounts.id AND s.status IN (${GRANTING})
     AND NOT (s.cancel_at_period_end = 1 AND s.current_period_end IS NOT NULL AND s.current_period_end <= ${NOW_SQL})
     AND NOT EXISTS (
       SELECT 1 FROM stripe_invoices i
        WHERE i.subscription_id = s.id
          AND i.paid_at = (SELECT MAX(l.paid_at) FROM stripe_invoices l WHERE l.subscription_id = s.id)
          AND i.id IN (${REVERSED_PAYMENTS}))
  UNION ALL
  SELECT u.price_id, NULL FROM purchases u
   WHERE u.account_id = accounts.id AND u.mode = 'payment' AND u.status = 'paid'
     -- a one-off payment grants only a one-off price (src/domain/checkout-price.ts), even a row stored before that rule
     AND EXISTS (SELECT 1 FROM prices t WHERE t.id = u.price_id AND t.type = 'one_time')
     AND NOT EXISTS (SELECT 1 FROM (${REVERSED_PAYMENTS}) rv WHERE rv.payment_id = u.stripe_session_id)`;

/**
 * The accounts an event concerns: those it names (ssoID, customer, subscription), those whose
 * purchase or subscription a payment's ids lead to (refunds, disputes, invoice payments), or a list.
 */
export type AccountsConcerned =
  | { owner: { ssoID: string | null; customerId: string | null; subscriptionId: string | null } }
  | { paymentKeys: readonly string[] }
  | { ssoIDs: readonly string[] };

function accountsWhere(scope: AccountsConcerned): { where: string; params: unknown[] } {
  if ("owner" in scope) {
    const { ssoID, customerId, subscriptionId } = scope.owner;
    return {
      where: "sso_id = ?1 OR stripe_customer_id = ?2 OR id IN (SELECT account_id FROM stripe_subscriptions WHERE id = ?3)",
      params: [ssoID, customerId, subscriptionId],
    };
  }
  if ("paymentKeys" in scope) {
    return {
      where: `id IN (
        SELECT u.account_id FROM purchases u JOIN stripe_payment_keys k ON k.payment_id = u.stripe_session_id
         WHERE k.key IN (SELECT value FROM json_each(?1))
        UNION
        SELECT s.account_id FROM stripe_subscriptions s JOIN stripe_invoices i ON i.subscription_id = s.id
          JOIN stripe_payment_keys k ON k.payment_id = i.id
         WHERE k.key IN (SELECT value FROM json_each(?1)))`,
      params: [JSON.stringify(scope.paymentKeys)],
    };
  }
  return { where: "sso_id IN (SELECT value FROM json_each(?1))", params: [JSON.stringify(scope.ssoIDs)] };
}

/** An account's entitlements as stored: the club's and the payments' (ends not applied: see `entitlementsLost`). */
export const heldEntitlementsRow = rowSchema("accounts' held entitlements (HELD_COLUMNS)", {
  ssoID: z.string(),
  entitlements: z.string(),
  paid_entitlements: z.string(),
});
export type HeldEntitlements = z.infer<typeof heldEntitlementsRow>;

const HELD_COLUMNS = "sso_id AS ssoID, entitlements, paid_entitlements";

/** The stored entitlements of the accounts concerned (read in the event's batch, before its writes). */
export function heldEntitlements(db: D1Database, scope: AccountsConcerned): D1PreparedStatement {
  const { where, params } = accountsWhere(scope);
  return db.prepare(`SELECT ${HELD_COLUMNS} FROM accounts WHERE ${where}`).bind(...params);
}

/**
 * Accounts that held an entitlement before and no longer do after. The stored lists are compared,
 * not what reading them grants now: an entitlement whose period ended a minute ago is still
 * stored until this recompute (or the sweep) removes it, and that is the moment to end its streams.
 * An account still holding the right from another source (the club, another subscription) lost nothing.
 */
export function entitlementsLost(before: readonly HeldEntitlements[], after: readonly HeldEntitlements[]): string[] {
  const held = (row: HeldEntitlements) => new Set([...parseEntitlements(row.entitlements), ...parseEntitlements(row.paid_entitlements)]);
  const now = new Map(after.map((row) => [row.ssoID, held(row)]));
  return before
    .filter((row) => {
      const kept = now.get(row.ssoID);
      return kept !== undefined && [...held(row)].some((e) => !kept.has(e));
    })
    .map((row) => row.ssoID);
}

/**
 * Recomputes the payment entitlements of the accounts concerned, answering their stored
 * entitlements afterwards: the entitlements of the price of every subscription in a granting
 * state whose latest payment stands, plus those of every paid one-off purchase (match passes)
 * whose payment stands. A subscription cancelled at period end grants until
 * `current_period_end` (Stripe deletes it then): past that it grants nothing, and before it the
 * entitlements it alone grants carry that end in `paid_entitlement_ends`, which reading the
 * account honours (an entitlement never outlasts the period, even when the deletion
 * event is late).
 */
export function recomputeEntitlements(db: D1Database, scope: AccountsConcerned): D1PreparedStatement {
  const { where, params } = accountsWhere(scope);
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
       WHERE ${where}
       RETURNING ${HELD_COLUMNS}`,
    )
    .bind(...params);
}

const ssoIdRow = rowSchema("accounts past cancelled periods", { ssoID: z.string() });
const checkoutPriceRow = rowSchema("purchases or prices of a checkout", { priceId: z.string(), packageId: z.string(), type: z.enum(["recurring", "one_time"]) });

/** The price a checkout names, and its type (which mode may grant it: src/domain/checkout-price.ts). */
export type CheckoutPrice = z.infer<typeof checkoutPriceRow>;

/**
 * Accounts holding a subscription that was cancelled at period end and whose period is over, but
 * that Stripe has not deleted yet (the scheduled sweep recomputes them; reads already drop it).
 */
export async function accountsPastCancelledPeriods(db: D1Database): Promise<{ ssoID: string }[]> {
  return allRows(
    ssoIdRow,
    db.prepare(
      `SELECT DISTINCT a.sso_id AS ssoID FROM stripe_subscriptions s JOIN accounts a ON a.id = s.account_id
        WHERE s.status IN (${GRANTING}) AND s.cancel_at_period_end = 1 AND s.current_period_end <= ${NOW_SQL}
          AND a.paid_entitlement_ends <> '{}'`,
    ),
  );
}

/** The price of a checkout: the purchase written at checkout creation, else the metadata, checked against D1. */
export async function priceOfCheckout(
  db: D1Database,
  o: CheckoutObservation,
): Promise<CheckoutPrice | null> {
  const pending = await firstRow(
    checkoutPriceRow,
    db
      .prepare("SELECT u.price_id AS priceId, u.package_id AS packageId, p.type AS type FROM purchases u JOIN prices p ON p.id = u.price_id WHERE u.stripe_session_id = ?1")
      .bind(o.sessionId),
  );
  if (pending) return pending;
  if (!o.priceId) return null;
  return firstRow(
    checkoutPriceRow,
    db.prepare("SELECT id AS priceId, package_id AS packageId, type FROM prices WHERE id = ?1 AND (?2 IS NULL OR package_id = ?2)").bind(o.priceId, o.packageId),
  );
}
