import { installedDevelopmentKit, type PaymentActions } from "../development";
import type { AppEnv } from "../env";
import { paymentsConfigOf, stripeClient } from "./config";

export type { PaymentActions };

/**
 * Refunds and cancellations as supporter care makes them. With STRIPE_SECRET_KEY, Stripe's API (the
 * worker tests point it at their stand-in); Stripe then sends `charge.refunded` or the
 * subscription's events, and the webhook takes the access away as it does for a refund made in
 * Stripe's dashboard. In development and test without a key, the dev checkout's stand-in sends the
 * same events at once (worker/payments/dev-payments-actions.ts). Anywhere else: null (503).
 */
export function paymentActionsOf(env: AppEnv["Bindings"]): PaymentActions | null {
  const config = paymentsConfigOf(env);
  if (config.secretKey) {
    const stripe = stripeClient({ ...config, secretKey: config.secretKey });
    return {
      async refund({ paymentIntent, amountPence }) {
        const refund = await stripe.refunds.create({ payment_intent: paymentIntent, amount: amountPence, reason: "requested_by_customer" });
        return { id: refund.id };
      },
      async cancelSubscription({ id, when }) {
        if (when === "now") await stripe.subscriptions.cancel(id);
        else await stripe.subscriptions.update(id, { cancel_at_period_end: true });
      },
    };
  }
  if (config.devCheckout) return installedDevelopmentKit()?.paymentActions(env) ?? null;
  return null;
}
