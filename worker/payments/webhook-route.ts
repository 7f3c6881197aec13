import { Hono } from "hono";
import Stripe from "stripe";
import type { AppEnv } from "../app-env";
import { apiError } from "../routes/api-errors";
import { paymentsConfigOf, stripeCrypto } from "./config";
import { observe, type CheckoutObservation, type SubscriptionObservation } from "./webhook-events";
import {
  adoptSubscriptions,
  completePurchase,
  isProcessedEvent,
  linkCustomer,
  priceOfCheckout,
  recomputeEntitlements,
  recordEvent,
  upsertSubscription,
} from "../data/payments";

/**
 * POST /webhooks/stripe (mount at /webhooks/stripe; no session, no CSRF: the signature is the check).
 *   400 BAD_SIGNATURE: missing, forged or older than 300 s; nothing is written
 *   200 { received: true } once applied, or for a duplicate event id (nothing changes)
 *   500 WEBHOOK_FAILED when D1 fails: Stripe retries, and the batch left nothing half-done
 *   503 PAYMENTS_NOT_CONFIGURED in production without STRIPE_WEBHOOK_SECRET
 * The dev checkout and dev portal post their signed events through this same handler.
 */
export const stripeWebhook = new Hono<AppEnv>();

export const WEBHOOK_TOLERANCE_SECONDS = 300;

stripeWebhook.post("/", async (c) => {
  const { webhookSecret } = paymentsConfigOf(c.env);
  if (!webhookSecret) return apiError(c, 503, "PAYMENTS_NOT_CONFIGURED", "Payments are not configured");
  const header = c.req.header("stripe-signature");
  if (!header) return apiError(c, 400, "BAD_SIGNATURE", "Missing Stripe-Signature header");
  const rawBody = await c.req.text();
  let event: { id: string; type: string };
  try {
    event = await Stripe.webhooks.constructEventAsync(rawBody, header, webhookSecret, WEBHOOK_TOLERANCE_SECONDS, stripeCrypto);
  } catch (error) {
    console.warn(JSON.stringify({ msg: "stripe webhook refused", requestId: c.get("requestId"), error: String(error) }));
    return apiError(c, 400, "BAD_SIGNATURE", "Invalid Stripe signature");
  }
  try {
    const db = c.env.DB;
    if (await isProcessedEvent(db, event.id)) return c.json({ received: true, duplicate: true });
    const observation = observe(event);
    if (observation.kind === "ignored") {
      console.log(JSON.stringify({ msg: "stripe webhook ignored", id: event.id, type: event.type, reason: observation.reason }));
      return c.json({ received: true, ignored: true });
    }
    const writes =
      observation.kind === "subscription" ? subscriptionWrites(db, observation) : await checkoutWrites(db, observation);
    await db.batch([...writes, recordEvent(db, event.id, event.type)]);
    return c.json({ received: true });
  } catch (error) {
    console.error(JSON.stringify({ msg: "stripe webhook failed", requestId: c.get("requestId"), id: event.id, error: String(error) }));
    return apiError(c, 500, "WEBHOOK_FAILED", "The event could not be stored; please retry");
  }
});

function subscriptionWrites(db: D1Database, o: SubscriptionObservation): D1PreparedStatement[] {
  return [
    upsertSubscription(db, o),
    recomputeEntitlements(db, { ssoID: o.ssoID, customerId: o.customerId, subscriptionId: o.subscriptionId }),
  ];
}

async function checkoutWrites(db: D1Database, o: CheckoutObservation): Promise<D1PreparedStatement[]> {
  const writes: D1PreparedStatement[] = [];
  const price = await priceOfCheckout(db, o);
  if (o.ssoID && o.customerId) writes.push(linkCustomer(db, o.ssoID, o.customerId));
  if (o.ssoID && price) writes.push(completePurchase(db, o, price));
  if (o.mode === "subscription" && o.subscriptionId) {
    // The completed checkout is an observation of its subscription too: paid means active.
    writes.push(
      upsertSubscription(db, {
        kind: "subscription",
        subscriptionId: o.subscriptionId,
        customerId: o.customerId,
        ssoID: o.ssoID,
        priceId: price?.priceId ?? null,
        status: o.paid ? "active" : "incomplete",
        periodEnd: null,
        cancelAtPeriodEnd: null,
        created: o.created,
      }),
    );
  }
  if (o.ssoID) writes.push(adoptSubscriptions(db, o.ssoID, o.customerId, o.subscriptionId));
  writes.push(recomputeEntitlements(db, { ssoID: o.ssoID, customerId: o.customerId, subscriptionId: o.subscriptionId }));
  return writes;
}
