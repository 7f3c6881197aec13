import { z } from "zod";
import { allRows, firstRow, rowSchema } from "../db/rows";
import { PROMO_DURATIONS, type CheckedPromo } from "../../src/domain/promo-codes";
import type { ConsolePromoCode, PromoRedemption } from "../../src/schemas/console-promotions";

/**
 * The console's promo codes in D1 (migrations/0044_promo_codes.sql): the terms each was created
 * with, its Stripe coupon and promotion code, whether staff deactivated it, and the redemptions the
 * webhook recorded (worker/payments/promo-redemptions.ts), counted and summed per code.
 */

const promoRow = rowSchema("a console promo code with its redemptions", {
  id: z.number(),
  code: z.string(),
  percent_off: z.number().nullable(),
  amount_off_pence: z.number().nullable(),
  duration: z.enum(PROMO_DURATIONS),
  duration_in_months: z.number().nullable(),
  first_time_only: z.number(),
  max_redemptions: z.number().nullable(),
  expires_at: z.string().nullable(),
  stripe_coupon_id: z.string(),
  stripe_promotion_code_id: z.string(),
  active: z.number(),
  deactivated_at: z.string().nullable(),
  created_by: z.string(),
  created_by_email: z.string().nullable(),
  created_at: z.string(),
  redemptions: z.number(),
  discount_pence: z.number(),
});

const PROMO_SELECT = `SELECT p.id, p.code, p.percent_off, p.amount_off_pence, p.duration, p.duration_in_months, p.first_time_only,
    p.max_redemptions, p.expires_at, p.stripe_coupon_id, p.stripe_promotion_code_id, p.active, p.deactivated_at, p.created_by, p.created_at,
    (SELECT a.email FROM accounts a WHERE a.sso_id = substr(p.created_by, 7)) AS created_by_email,
    (SELECT COUNT(*) FROM promo_redemptions r WHERE r.promo_code_id = p.id) AS redemptions,
    (SELECT COALESCE(SUM(r.discount_pence), 0) FROM promo_redemptions r WHERE r.promo_code_id = p.id) AS discount_pence
  FROM promo_codes p`;

function toPromo(r: z.output<typeof promoRow>): ConsolePromoCode {
  return {
    id: r.id,
    code: r.code,
    percentOff: r.percent_off,
    amountOffPence: r.amount_off_pence,
    duration: r.duration,
    durationInMonths: r.duration_in_months,
    firstTimeOnly: r.first_time_only === 1,
    maxRedemptions: r.max_redemptions,
    expiresAt: r.expires_at,
    stripeCouponId: r.stripe_coupon_id,
    stripePromotionCodeId: r.stripe_promotion_code_id,
    active: r.active === 1,
    deactivatedAt: r.deactivated_at,
    createdBy: r.created_by_email ?? r.created_by,
    createdAt: r.created_at,
    redemptions: r.redemptions,
    discountPence: r.discount_pence,
  };
}

/** How many codes the list shows, newest first: a club makes a handful a season, so no paging yet. */
export const PROMO_LIST_LIMIT = 200;
/** How many of a code's redemptions its page lists, newest first (the count and sum cover them all). */
export const REDEMPTION_LIST_LIMIT = 200;

export async function promoCodes(db: D1Database): Promise<ConsolePromoCode[]> {
  return (await allRows(promoRow, db.prepare(`${PROMO_SELECT} ORDER BY p.created_at DESC, p.id DESC LIMIT ?1`).bind(PROMO_LIST_LIMIT))).map(toPromo);
}

export async function promoCodeById(db: D1Database, id: number): Promise<ConsolePromoCode | null> {
  const row = await firstRow(promoRow, db.prepare(`${PROMO_SELECT} WHERE p.id = ?1`).bind(id));
  return row ? toPromo(row) : null;
}

/** Whether a code of this text exists, whatever its case (a code's text is never reused). */
export async function promoCodeTaken(db: D1Database, code: string): Promise<boolean> {
  return (await db.prepare("SELECT 1 FROM promo_codes WHERE code = ?1 COLLATE NOCASE").bind(code).first()) !== null;
}

/** Stores a code Stripe has made; null when another of the same text got there first (the unique index). */
export async function insertPromoCode(db: D1Database, p: CheckedPromo, stripe: { couponId: string; promotionCodeId: string }, actor: string): Promise<number | null> {
  const row = await db
    .prepare(
      `INSERT INTO promo_codes (code, percent_off, amount_off_pence, duration, duration_in_months, first_time_only, max_redemptions, expires_at, stripe_coupon_id, stripe_promotion_code_id, created_by)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) ON CONFLICT DO NOTHING RETURNING id`,
    )
    .bind(p.code, p.percentOff, p.amountOffPence, p.duration, p.durationInMonths, p.firstTimeOnly ? 1 : 0, p.maxRedemptions, p.expiresAt, stripe.couponId, stripe.promotionCodeId, actor)
    .first<{ id: number }>();
  return row?.id ?? null;
}

/** Marks an active code deactivated; false when it already was (someone else got there first). */
export async function deactivatePromoCode(db: D1Database, id: number, actor: string): Promise<boolean> {
  const { meta } = await db
    .prepare("UPDATE promo_codes SET active = 0, deactivated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), deactivated_by = ?2 WHERE id = ?1 AND active = 1")
    .bind(id, actor)
    .run();
  return meta.changes > 0;
}

const redemptionRow = rowSchema("a promo code's redemptions with their accounts", {
  sso_id: z.string().nullable(),
  email: z.string().nullable(),
  redeemed_at: z.string(),
  discount_pence: z.number(),
  stripe_session_id: z.string(),
  payment_reference: z.string().nullable(),
});

export async function promoRedemptions(db: D1Database, id: number): Promise<PromoRedemption[]> {
  const rows = await allRows(
    redemptionRow,
    db
      .prepare(
        `SELECT a.sso_id, a.email, r.redeemed_at, r.discount_pence, r.stripe_session_id, r.payment_reference
           FROM promo_redemptions r LEFT JOIN accounts a ON a.id = r.account_id
          WHERE r.promo_code_id = ?1 ORDER BY r.redeemed_at DESC, r.id DESC LIMIT ?2`,
      )
      .bind(id, REDEMPTION_LIST_LIMIT),
  );
  return rows.map((r) => ({
    ssoID: r.sso_id,
    email: r.email,
    redeemedAt: r.redeemed_at,
    discountPence: r.discount_pence,
    sessionId: r.stripe_session_id,
    paymentReference: r.payment_reference,
  }));
}
