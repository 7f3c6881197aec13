import { Hono, type Context } from "hono";
import Stripe from "stripe";
import type { AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { endStreamsOf } from "../../durable-objects/stream-release";
import { paymentsConfigOf, stripeCrypto } from "./config";
import {
  eventEnvelope,
  observe,
  outOfRange,
  type CheckoutObservation,
  type EventEnvelope,
  type Observation,
  type SubscriptionObservation,
} from "./webhook-events";
import {
  adoptSubscriptions,
  claimEvent,
  completePurchase,
  entitlementsLost,
  heldEntitlements,
  linkCustomer,
  logDelivery,
  markApplied,
  priceOfCheckout,
  recomputeEntitlements,
  recordPaidInvoice,
  recordPaymentKeys,
  releaseClaim,
  upsertReversal,
  upsertSubscription,
  type AccountsConcerned,
  type CheckoutPrice,
  type DeliveryOutcome,
  heldEntitlementsRow,
} from "./payment-records";
import { resultsOf } from "../db/rows";
import { recordRedemption } from "./promo-redemptions";
import { checkoutPriceMismatch } from "../../src/domain/checkout-price";

/**
 * POST /webhooks/stripe (mount at /webhooks/stripe; no session, no CSRF: the signature is the check).
 *   400 BAD_SIGNATURE: missing, forged or older than 300 s; nothing is written
 *   400 INVALID_EVENT: correctly signed, but not a Stripe event envelope ({}, [], null, wrong types); nothing is written
 *   400 OUT_OF_RANGE: correctly signed, but a time or amount it carries is outside
 *       src/domain/payment-event-bounds.ts (`current_period_end: 9e15`, a negative amount, 1e400);
 *       nothing is written, the detail names the field
 *   200 { received: true } once applied; { received, duplicate: true } for an event id another
 *       delivery has claimed (nothing changes); { received, ignored: true } for a type or object
 *       the site does not act on (recorded and counted), and for a checkout whose mode does not fit
 *       its price (a payment-mode session of a recurring price: src/domain/checkout-price.ts), which
 *       grants nothing
 *   500 WEBHOOK_FAILED only when D1 itself fails: the claim is released and the batch left
 *       nothing half-done, so Stripe's retry applies the event
 *   503 PAYMENTS_NOT_CONFIGURED in production without STRIPE_WEBHOOK_SECRET
 *
 * Claim first: the event id is inserted ('processing', or 'ignored') before anything is applied,
 * in one `INSERT … ON CONFLICT` statement, so of any number of parallel deliveries exactly one
 * applies it and the others answer 'duplicate'. The apply batch (one transaction) holds the
 * event's writes, the recompute of the accounts concerned, the claim becoming 'applied' and the
 * delivery log row. Every verified delivery is logged in `webhook_deliveries` (migrations/0014).
 *
 * When the event took an entitlement away from an account, that account's live streams end
 * (durable-objects/stream-release.ts) after the batch is stored and before Stripe is answered: the
 * release is one Durable Object call, and answering after it means the answer says it is done.
 *
 * The dev checkout and dev portal post their signed events through this same handler.
 */
export const stripeWebhook = new Hono<AppEnv>();

export const WEBHOOK_TOLERANCE_SECONDS = 300;

stripeWebhook.post("/", async (c) => {
  // When it arrived, before the claim and the apply: the webhook-health console's lag starts from Stripe's `created`.
  const receivedAt = new Date().toISOString();
  const { webhookSecret } = paymentsConfigOf(c.env);
  if (!webhookSecret) throw new ApiError(503, "PAYMENTS_NOT_CONFIGURED", "Payments are not configured");
  const header = c.req.header("stripe-signature");
  if (!header) throw new ApiError(400, "BAD_SIGNATURE", "Missing Stripe-Signature header");
  const rawBody = await c.req.text();
  let payload: unknown;
  try {
    payload = await Stripe.webhooks.constructEventAsync(rawBody, header, webhookSecret, WEBHOOK_TOLERANCE_SECONDS, stripeCrypto);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      console.warn(JSON.stringify({ msg: "stripe webhook refused", requestId: c.get("requestId"), error: String(error) }));
      throw new ApiError(400, "BAD_SIGNATURE", "Invalid Stripe signature");
    }
    // Signed, but not JSON (or a thin event notification): not an event this endpoint takes.
    throw new ApiError(400, "INVALID_EVENT", "The body is not a Stripe event");
  }
  const envelope = eventEnvelope.safeParse(payload);
  if (!envelope.success) {
    const field = outOfRange(envelope.error, payload);
    if (field) return outOfRangeAnswer(c, field);
    throw new ApiError(400, "INVALID_EVENT", "The body is not a Stripe event");
  }
  const event = envelope.data;
  const db = c.env.DB;
  const observed = observe(event);
  if (observed.kind === "out-of-range") return outOfRangeAnswer(c, observed.field, event);
  // A checkout's price is read before the claim: a mode that does not fit it makes the event ignored.
  let price: CheckoutPrice | null = null;
  try {
    if (observed.kind === "checkout") price = await priceOfCheckout(db, observed);
  } catch (error) {
    console.error(JSON.stringify({ msg: "stripe webhook failed", stage: "price", requestId: c.get("requestId"), id: event.id, error: String(error) }));
    throw new ApiError(500, "WEBHOOK_FAILED", "The event could not be stored; please retry");
  }
  const observation = withCheckoutRule(observed, price);
  const claim = crypto.randomUUID();
  const failed = (stage: string, error: unknown) => {
    console.error(JSON.stringify({ msg: "stripe webhook failed", stage, requestId: c.get("requestId"), id: event.id, type: event.type, error: String(error) }));
    throw new ApiError(500, "WEBHOOK_FAILED", "The event could not be stored; please retry");
  };

  let claimed: boolean;
  try {
    claimed = await claimEvent(db, { eventId: event.id, type: event.type, outcome: observation.kind === "ignored" ? "ignored" : "processing", claim });
  } catch (error) {
    return failed("claim", error);
  }
  if (!claimed) {
    await logQuietly(db, event, receivedAt, "duplicate");
    return c.json({ received: true, duplicate: true });
  }
  if (observation.kind === "ignored") {
    console.log(JSON.stringify({ msg: "stripe webhook ignored", id: event.id, type: event.type, reason: observation.reason }));
    await logQuietly(db, event, receivedAt, "ignored", observation.reason);
    return c.json({ received: true, ignored: true });
  }

  let before: D1Result | undefined;
  let after: D1Result | undefined;
  try {
    const { scope, writes } = writesFor(db, observation, price);
    const results = await db.batch([
      heldEntitlements(db, scope),
      ...writes,
      recomputeEntitlements(db, scope),
      markApplied(db, event.id, claim),
      logDelivery(db, { eventId: event.id, type: event.type, outcome: "applied", receivedAt, created: event.created }),
    ]);
    [before, after] = [results[0], results[writes.length + 1]];
  } catch (error) {
    // The batch is one transaction: nothing of it is stored. Free the claim so the retry applies it.
    try {
      await releaseClaim(db, event.id, claim).run();
    } catch (releaseError) {
      console.error(JSON.stringify({ msg: "stripe webhook claim kept until stale", id: event.id, error: String(releaseError) }));
    }
    await logQuietly(db, event, receivedAt, "failed", String(error));
    return failed("apply", error);
  }
  // Read after the try: the batch is stored by now, so a row of the wrong shape must not free its claim.
  const lost = entitlementsLost(resultsOf(heldEntitlementsRow, before), resultsOf(heldEntitlementsRow, after));
  for (const ssoID of lost) await endStreamsOf(c.env, ssoID, `Entitlement removed (${event.type})`);
  return c.json({ received: true });
});

/** 400 OUT_OF_RANGE: before the claim, so nothing of the event is written. */
function outOfRangeAnswer(c: Context<AppEnv>, field: string, event?: EventEnvelope) {
  console.warn(JSON.stringify({ msg: "stripe webhook out of range", requestId: c.get("requestId"), id: event?.id, type: event?.type, field }));
  throw new ApiError(400, "OUT_OF_RANGE", `A number in the event is out of range (${field})`);
}

/**
 * A checkout whose mode does not fit the type of its price grants nothing: it is claimed and
 * logged as ignored, with the reason (src/domain/checkout-price.ts).
 */
function withCheckoutRule(o: Exclude<Observation, { kind: "out-of-range" }>, price: CheckoutPrice | null): Exclude<Observation, { kind: "out-of-range" }> {
  const mismatch = o.kind === "checkout" && price ? checkoutPriceMismatch(o.mode, price.type) : null;
  return mismatch ? { kind: "ignored", reason: mismatch } : o;
}

/** The delivery log is for the health console: a failure to write it never changes the answer. */
async function logQuietly(db: D1Database, event: EventEnvelope, receivedAt: string, outcome: DeliveryOutcome, detail?: string): Promise<void> {
  try {
    await logDelivery(db, { eventId: event.id, type: event.type, outcome, detail: detail ?? null, receivedAt, created: event.created }).run();
  } catch (error) {
    console.error(JSON.stringify({ msg: "webhook delivery not logged", id: event.id, outcome, error: String(error) }));
  }
}

type Applied = Exclude<Observation, { kind: "ignored" } | { kind: "out-of-range" }>;

/** An event's writes, and the accounts whose entitlements it may change. */
function writesFor(db: D1Database, o: Applied, price: CheckoutPrice | null): { scope: AccountsConcerned; writes: D1PreparedStatement[] } {
  switch (o.kind) {
    case "subscription":
      return { scope: ownerOf(o), writes: subscriptionWrites(db, o) };
    case "checkout":
      return { scope: ownerOf(o), writes: checkoutWrites(db, o, price) };
    case "invoice-payment":
      return {
        scope: { paymentKeys: o.payment.keys },
        writes: [recordPaymentKeys(db, o.payment.invoiceId, o.payment.keys), recordPaidInvoice(db, o.payment.invoiceId, null, o.created, o.payment.amountPaid)],
      };
    case "reversal":
      return {
        scope: { paymentKeys: [o.chargeId, o.paymentIntentId, o.invoiceId].filter((k): k is string => k !== null) },
        writes: [upsertReversal(db, o)],
      };
  }
}

function ownerOf(o: SubscriptionObservation | CheckoutObservation): AccountsConcerned {
  return { owner: { ssoID: o.ssoID, customerId: o.customerId, subscriptionId: o.subscriptionId } };
}

function subscriptionWrites(db: D1Database, o: SubscriptionObservation): D1PreparedStatement[] {
  const writes = [upsertSubscription(db, o)];
  if (o.payment) {
    writes.push(recordPaymentKeys(db, o.payment.invoiceId, o.payment.keys), recordPaidInvoice(db, o.payment.invoiceId, o.subscriptionId, o.created, o.payment.amountPaid));
  }
  return writes;
}

function checkoutWrites(db: D1Database, o: CheckoutObservation, price: CheckoutPrice | null): D1PreparedStatement[] {
  const writes: D1PreparedStatement[] = [];
  if (o.ssoID && o.customerId) writes.push(linkCustomer(db, o.ssoID, o.customerId));
  if (o.ssoID && price) writes.push(completePurchase(db, o, price));
  const redemption = recordRedemption(db, o);
  if (redemption) writes.push(redemption);
  // What the payment goes by, so a refund or dispute of it finds the purchase or subscription.
  if (o.mode === "payment" && o.paymentIntentId) writes.push(recordPaymentKeys(db, o.sessionId, [o.paymentIntentId]));
  if (o.mode === "subscription" && o.invoiceId) {
    writes.push(recordPaymentKeys(db, o.invoiceId, o.paymentIntentId ? [o.paymentIntentId] : []));
    if (o.paid && o.subscriptionId) writes.push(recordPaidInvoice(db, o.invoiceId, o.subscriptionId, o.created, o.amountTotal));
  }
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
  return writes;
}
