import type { CheckoutObservation } from "./webhook-events";

/**
 * A paid checkout that redeemed one of the console's promo codes (migrations/0044_promo_codes.sql),
 * written in the webhook's one batch with the checkout's other writes. Found by the promotion
 * code's id, which a webhook's session carries whether or not it is expanded; a code the console
 * did not make (FIRSTMONTH, one made in Stripe's dashboard) matches no row and writes nothing.
 * The event is applied once (its id is claimed first); the session id keeps one row when a second
 * event of the same checkout reports it paid again (async_payment_succeeded).
 */
export function recordRedemption(db: D1Database, o: CheckoutObservation): D1PreparedStatement | null {
  if (!o.paid || o.failed || o.promotionCodeId === null) return null;
  return db
    .prepare(
      `INSERT INTO promo_redemptions (promo_code_id, account_id, stripe_session_id, payment_reference, discount_pence, redeemed_at)
       SELECT p.id, (SELECT id FROM accounts WHERE sso_id = ?2), ?3, ?4, ?5, ?6 FROM promo_codes p WHERE p.stripe_promotion_code_id = ?1
       ON CONFLICT (stripe_session_id) DO NOTHING`,
    )
    .bind(o.promotionCodeId, o.ssoID, o.sessionId, o.paymentIntentId ?? o.invoiceId, o.amountDiscount ?? 0, new Date(o.created * 1000).toISOString());
}
