import { z } from "zod";
import type { PromoCatalogue, StripeCatalogue } from "../development";
import { firstRow, rowSchema } from "../db/rows";
import { PROMO_DURATIONS, type PromoTerms } from "../../src/domain/promo-codes";
import { FIRST_MONTH_PROMO } from "./dev-payments-pages";

/**
 * The dev checkout's mirror of Stripe's catalogue (development kit only): the Products and Prices
 * the console makes for match passes and packages, kept in D1's dev_stripe_catalogue with Stripe's id shapes,
 * so a pass made offline is bought through the dev checkout exactly as through Stripe.
 */
const devId = (prefix: string) => `${prefix}_dev_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;

export function devStripeCatalogue(db: D1Database): StripeCatalogue {
  const archive = async (id: string) => {
    await db.prepare("UPDATE dev_stripe_catalogue SET active = 0 WHERE id = ?1").bind(id).run();
  };
  return {
    async createProduct({ name }) {
      const id = devId("prod");
      await db.prepare("INSERT INTO dev_stripe_catalogue (id, object, name) VALUES (?1, 'product', ?2)").bind(id, name).run();
      return { id };
    },
    async updateProduct(id, { name }) {
      await db.prepare("UPDATE dev_stripe_catalogue SET name = ?2 WHERE id = ?1").bind(id, name).run();
    },
    async createPrice({ product, amountPence }) {
      const id = devId("price");
      await db.prepare("INSERT INTO dev_stripe_catalogue (id, object, product, unit_amount) VALUES (?1, 'price', ?2, ?3)").bind(id, product, amountPence).run();
      return { id };
    },
    archivePrice: archive,
    archiveProduct: archive,
  };
}

/**
 * The dev checkout's mirror of Stripe's coupons and promotion codes (development kit only), in
 * D1's dev_stripe_coupons and dev_stripe_promotion_codes with Stripe's id shapes. As Stripe, it
 * refuses a second active promotion code of the same text (whatever its case), with Stripe's words.
 */
export function devPromoCatalogue(db: D1Database): PromoCatalogue {
  return {
    async createCoupon({ percentOff, amountOffPence, duration, durationInMonths, maxRedemptions, redeemBy }) {
      const id = devId("coupon");
      await db
        .prepare("INSERT INTO dev_stripe_coupons (id, percent_off, amount_off, duration, duration_in_months, max_redemptions, redeem_by) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
        .bind(id, percentOff, amountOffPence, duration, durationInMonths, maxRedemptions, redeemBy)
        .run();
      return { id };
    },
    async createPromotionCode({ coupon, code, firstTimeOnly, maxRedemptions, expiresAt }) {
      const id = devId("promo");
      // FIRSTMONTH is the dev checkout's own code (worker/payments/dev-payments-pages.ts): taken, as in the club's Stripe account.
      const taken = code.toUpperCase() === FIRST_MONTH_PROMO || (await db.prepare("SELECT 1 FROM dev_stripe_promotion_codes WHERE code = ?1 COLLATE NOCASE AND active = 1").bind(code).first()) !== null;
      if (taken) throw new Error(`An active promotion code with \`code: ${code}\` already exists.`);
      await db
        .prepare("INSERT INTO dev_stripe_promotion_codes (id, coupon, code, first_time_transaction, max_redemptions, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        .bind(id, coupon, code, firstTimeOnly ? 1 : 0, maxRedemptions, expiresAt)
        .run();
      return { id };
    },
    async deleteCoupon(id) {
      await db.prepare("DELETE FROM dev_stripe_coupons WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM dev_stripe_promotion_codes WHERE coupon = ?1)").bind(id).run();
    },
    async deactivatePromotionCode(id) {
      const { meta } = await db.prepare("UPDATE dev_stripe_promotion_codes SET active = 0 WHERE id = ?1").bind(id).run();
      if (meta.changes === 0) throw new Error(`No such promotion code: '${id}'`);
    },
  };
}

const devPromotionRow = rowSchema("a dev promotion code with its coupon", {
  id: z.string(),
  coupon: z.string(),
  code: z.string(),
  active: z.number(),
  first_time_transaction: z.number(),
  expires_at: z.number().nullable(),
  max_redemptions: z.number().nullable(),
  times_redeemed: z.number(),
  percent_off: z.number().nullable(),
  amount_off: z.number().nullable(),
  duration: z.enum(PROMO_DURATIONS),
  duration_in_months: z.number().nullable(),
  coupon_max: z.number().nullable(),
  coupon_redeemed: z.number(),
  redeem_by: z.number().nullable(),
});

/** A promotion code as the dev checkout checks it: its own limits with its coupon's (the tighter of each). */
export interface DevPromotion extends PromoTerms {
  id: string;
  coupon: string;
  code: string;
  active: boolean;
  firstTimeOnly: boolean;
  /** unix seconds: the earlier of the code's end and its coupon's redeem_by */
  expiresAt: number | null;
  /** the tighter of the code's and its coupon's remaining redemptions; null: no limit */
  redemptionsLeft: number | null;
}

const tighter = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/** The promotion code a supporter typed (any case): the active one of that text, else the latest; null when none. */
export async function devPromotionByCode(db: D1Database, code: string): Promise<DevPromotion | null> {
  const row = await firstRow(
    devPromotionRow,
    db
      .prepare(
        `SELECT p.id, p.coupon, p.code, p.active, p.first_time_transaction, p.expires_at, p.max_redemptions, p.times_redeemed,
                c.percent_off, c.amount_off, c.duration, c.duration_in_months, c.max_redemptions AS coupon_max, c.times_redeemed AS coupon_redeemed, c.redeem_by
           FROM dev_stripe_promotion_codes p JOIN dev_stripe_coupons c ON c.id = p.coupon
          WHERE p.code = ?1 COLLATE NOCASE ORDER BY p.active DESC, p.created_at DESC LIMIT 1`,
      )
      .bind(code),
  );
  if (!row) return null;
  // Stripe refuses a code past either end or out of either count: one figure of each for the rule.
  const codeLeft = row.max_redemptions === null ? null : row.max_redemptions - row.times_redeemed;
  const couponLeft = row.coupon_max === null ? null : row.coupon_max - row.coupon_redeemed;
  return {
    id: row.id,
    coupon: row.coupon,
    code: row.code,
    active: row.active === 1,
    firstTimeOnly: row.first_time_transaction === 1,
    expiresAt: tighter(row.expires_at, row.redeem_by),
    redemptionsLeft: tighter(codeLeft, couponLeft),
    percentOff: row.percent_off,
    amountOffPence: row.amount_off,
    duration: row.duration,
    durationInMonths: row.duration_in_months,
  };
}

/** A paid checkout redeemed the code: Stripe counts it on the promotion code and its coupon. */
export async function devPromotionRedeemed(db: D1Database, promotion: { id: string; coupon: string }): Promise<void> {
  await db.batch([
    db.prepare("UPDATE dev_stripe_promotion_codes SET times_redeemed = times_redeemed + 1 WHERE id = ?1").bind(promotion.id),
    db.prepare("UPDATE dev_stripe_coupons SET times_redeemed = times_redeemed + 1 WHERE id = ?1").bind(promotion.coupon),
  ]);
}
