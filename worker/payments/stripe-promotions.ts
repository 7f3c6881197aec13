import { installedDevelopmentKit, type PromoCatalogue } from "../development";
import type { AppEnv } from "../env";
import { paymentsConfigOf, stripeClient } from "./config";

export type { PromoCatalogue };

/**
 * Stripe's coupons and promotion codes as the console's promo codes use them. With
 * STRIPE_SECRET_KEY it is Stripe's API (the worker tests point it at their stand-in); in
 * development and test without a key it is the dev checkout's own mirror
 * (worker/payments/dev-payments-catalogue.ts, from the development kit), which the dev checkout
 * then checks typed codes against, so the console and checkout run the same path offline.
 * Anywhere else: null, and the console answers 503.
 *
 * The API version the SDK pins (2025-09-30 and later) names a promotion code's coupon under
 * `promotion: {type: 'coupon', coupon}`; older versions took a top-level `coupon`.
 */
export function promoCatalogueOf(env: AppEnv["Bindings"]): PromoCatalogue | null {
  const config = paymentsConfigOf(env);
  if (config.secretKey) {
    const stripe = stripeClient({ ...config, secretKey: config.secretKey });
    return {
      async createCoupon({ percentOff, amountOffPence, duration, durationInMonths, maxRedemptions, redeemBy, name }) {
        const coupon = await stripe.coupons.create({
          name,
          ...(percentOff !== null ? { percent_off: percentOff } : { amount_off: amountOffPence ?? 0, currency: "gbp" }),
          duration,
          ...(duration === "repeating" && durationInMonths !== null ? { duration_in_months: durationInMonths } : {}),
          ...(maxRedemptions !== null ? { max_redemptions: maxRedemptions } : {}),
          ...(redeemBy !== null ? { redeem_by: redeemBy } : {}),
        });
        return { id: coupon.id };
      },
      async createPromotionCode({ coupon, code, firstTimeOnly, maxRedemptions, expiresAt }) {
        const promotion = await stripe.promotionCodes.create({
          promotion: { type: "coupon", coupon },
          code,
          active: true,
          restrictions: { first_time_transaction: firstTimeOnly },
          ...(maxRedemptions !== null ? { max_redemptions: maxRedemptions } : {}),
          ...(expiresAt !== null ? { expires_at: expiresAt } : {}),
        });
        return { id: promotion.id };
      },
      async deleteCoupon(id) {
        await stripe.coupons.del(id);
      },
      async deactivatePromotionCode(id) {
        await stripe.promotionCodes.update(id, { active: false });
      },
    };
  }
  if (config.devCheckout) return installedDevelopmentKit()?.promoCatalogue(env.DB) ?? null;
  return null;
}
