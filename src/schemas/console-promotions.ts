import * as z from "zod/mini";
import { PROMO_DURATIONS } from "../domain/promo-codes";

/**
 * The console's promo codes (/admin/promotions): the worker builds its answers with these types
 * (worker/commercial/promo-code-store.ts), the browser parses a write's answer with these schemas.
 * Imported only by the console's own chunks.
 */
export const consolePromoCodeSchema = z.object({
  id: z.number(),
  code: z.string(),
  /** exactly one of the two */
  percentOff: z.nullable(z.number()),
  amountOffPence: z.nullable(z.number()),
  duration: z.enum(PROMO_DURATIONS),
  durationInMonths: z.nullable(z.number()),
  firstTimeOnly: z.boolean(),
  maxRedemptions: z.nullable(z.number()),
  /** UTC ISO, the first instant it no longer works; null: no end */
  expiresAt: z.nullable(z.string()),
  stripeCouponId: z.string(),
  stripePromotionCodeId: z.string(),
  active: z.boolean(),
  deactivatedAt: z.nullable(z.string()),
  /** the staff member's email (their audit actor when the account is gone) */
  createdBy: z.string(),
  createdAt: z.string(),
  /** paid checkouts that redeemed it, and the discount they were given in all (pence) */
  redemptions: z.number(),
  discountPence: z.number(),
});
export type ConsolePromoCode = z.infer<typeof consolePromoCodeSchema>;

/** One checkout that redeemed a code: who (null when the account is gone), when, how much off. */
export const promoRedemptionSchema = z.object({
  ssoID: z.nullable(z.string()),
  email: z.nullable(z.string()),
  redeemedAt: z.string(),
  discountPence: z.number(),
  sessionId: z.string(),
  paymentReference: z.nullable(z.string()),
});
export type PromoRedemption = z.infer<typeof promoRedemptionSchema>;

export const promoCodeAnswerSchema = z.object({ data: z.object({ attributes: consolePromoCodeSchema }) });
