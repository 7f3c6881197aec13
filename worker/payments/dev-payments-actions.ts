import { z } from "zod";
import type { PaymentActions } from "../development";
import { firstRow, rowSchema } from "../db/rows";
import { postSignedEventWith, subscriptionObject } from "./dev-payments";

/**
 * The dev checkout's stand-in for Stripe's refunds and cancellations (development kit only): what
 * Stripe would send after the same call, signed and handed to the site's own webhook, so supporter
 * care runs offline through the same path as production. A payment intent's charge keeps one id
 * (`pi_dev_x` is charged as `ch_dev_x`), so a second partial refund updates the first, as Stripe's
 * `charge.refunded` reports the total refunded so far.
 */
const subscriptionRow = rowSchema("a dev subscription to cancel", {
  customer_id: z.string().nullable(),
  price_id: z.string().nullable(),
  current_period_end: z.string().nullable(),
  sso_id: z.string(),
});

async function sent(response: Response): Promise<void> {
  if (!response.ok) throw new Error(`the dev webhook answered ${response.status}`);
}

export function devPaymentActions(env: Env): PaymentActions {
  return {
    async refund({ paymentIntent, amountPence, paidPence, refundedPence }) {
      const charge = paymentIntent.replace(/^pi_/, "ch_");
      const refunded = refundedPence + amountPence;
      const now = Math.floor(Date.now() / 1000);
      await sent(
        await postSignedEventWith(
          env,
          "charge.refunded",
          { id: charge, object: "charge", amount: paidPence, amount_refunded: refunded, refunded: refunded >= paidPence, payment_intent: paymentIntent },
          now,
        ),
      );
      return { id: `re_dev_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}` };
    },
    async cancelSubscription({ id, when }) {
      const sub = await firstRow(
        subscriptionRow,
        env.DB.prepare("SELECT s.customer_id, s.price_id, s.current_period_end, a.sso_id FROM stripe_subscriptions s JOIN accounts a ON a.id = s.account_id WHERE s.id = ?1").bind(id),
      );
      if (!sub) throw new Error(`no such dev subscription: ${id}`);
      const now = Math.floor(Date.now() / 1000);
      const periodEnd = sub.current_period_end ? Math.floor(Date.parse(sub.current_period_end) / 1000) : now;
      const object = (status: string, atPeriodEnd: boolean) => subscriptionObject(id, sub.customer_id ?? "", sub.price_id ?? "", status, periodEnd, atPeriodEnd, sub.sso_id);
      await sent(
        when === "now"
          ? await postSignedEventWith(env, "customer.subscription.deleted", object("canceled", false), now)
          : await postSignedEventWith(env, "customer.subscription.updated", object("active", true), now),
      );
    },
  };
}
