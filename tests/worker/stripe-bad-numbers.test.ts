import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { charge, createAccount, deliver, deliverBody, dispute, paidEntitlements, stripeEvent, T0 } from "./stripe-fixtures";

/**
 * Signed events are still input. A time or an amount no Stripe event carries (src/domain/
 * payment-event-bounds.ts) is 400 OUT_OF_RANGE with nothing written, never the 500 a RangeError
 * from `new Date(9e15 * 1000).toISOString()` gave; and a payment-mode checkout naming a recurring
 * price grants nothing (src/domain/checkout-price.ts).
 */
const DAY = 86_400;

/** Every table a delivery may write. */
const rowCounts = async () =>
  env.DB.prepare(
    `SELECT (SELECT COUNT(*) FROM processed_webhook_events) AS claims, (SELECT COUNT(*) FROM webhook_deliveries) AS deliveries,
            (SELECT COUNT(*) FROM stripe_reversals) AS reversals, (SELECT COUNT(*) FROM stripe_payment_keys) AS keys,
            (SELECT COUNT(*) FROM stripe_subscriptions) AS subscriptions, (SELECT COUNT(*) FROM stripe_invoices) AS invoices,
            (SELECT COUNT(*) FROM purchases) AS purchases,
            (SELECT group_concat(sso_id || ':' || paid_entitlements || ':' || COALESCE(stripe_customer_id, '')) FROM accounts) AS accounts`,
  ).first();

const subscription = (id: string, periodEnd: unknown, customer = "cus_range") => ({
  id,
  object: "subscription",
  customer,
  status: "active",
  cancel_at_period_end: false,
  metadata: { userID: "pay-range" },
  items: { object: "list", data: [{ price: { id: "price_roverstv_month" }, current_period_end: periodEnd }] },
});

const invoice = (id: string, periodEnd: unknown, amountPaid: unknown) => ({
  id,
  object: "invoice",
  customer: "cus_range",
  amount_paid: amountPaid,
  parent: { subscription_details: { subscription: "sub_range", metadata: { userID: "pay-range" } } },
  lines: { data: [{ period: { end: periodEnd }, pricing: { price_details: { price: "price_roverstv_month" } } }] },
});

const checkoutSession = (id: string, mode: string, priceID: string, packageID: string, extra: Record<string, unknown> = {}) => ({
  id,
  object: "checkout.session",
  mode,
  customer: "cus_range",
  subscription: mode === "subscription" ? `sub_${id}` : null,
  payment_intent: mode === "payment" ? `pi_${id}` : null,
  payment_status: "paid",
  amount_total: 1299,
  metadata: { userID: "pay-range", packageID, priceID },
  ...extra,
});

describe("/webhooks/stripe: out-of-range numbers in a signed event", () => {
  const cases: [string, () => string][] = [
    ["current_period_end: 9e15", () => JSON.stringify(stripeEvent("customer.subscription.updated", T0, subscription("sub_range", 9e15)))],
    ["a negative current_period_end", () => JSON.stringify(stripeEvent("customer.subscription.updated", T0, subscription("sub_range", -1)))],
    ["a current_period_end of 1e400 (Infinity once parsed)", () => JSON.stringify(stripeEvent("customer.subscription.updated", T0, subscription("sub_range", 0))).replace('"current_period_end":0', '"current_period_end":1e400')],
    ["a fractional current_period_end", () => JSON.stringify(stripeEvent("customer.subscription.created", T0, subscription("sub_range", T0 + 0.5)))],
    ["the event's created: 9e15", () => JSON.stringify(stripeEvent("customer.subscription.updated", 9e15, subscription("sub_range", T0 + 30 * DAY)))],
    ["the event's created negative", () => JSON.stringify(stripeEvent("customer.subscription.updated", -86_400, subscription("sub_range", T0 + 30 * DAY)))],
    ["an invoice period end past 2100", () => JSON.stringify(stripeEvent("invoice.paid", T0, invoice("in_range", 4_102_444_801, 1299)))],
    ["an invoice's amount_paid of 1e12", () => JSON.stringify(stripeEvent("invoice.paid", T0, invoice("in_range", T0 + 30 * DAY, 1e12)))],
    ["a checkout's amount_total of 2^60", () => JSON.stringify(stripeEvent("checkout.session.completed", T0, checkoutSession("cs_range", "payment", "x", "y", { amount_total: 2 ** 60 })))],
    ["a negative refund", () => JSON.stringify(stripeEvent("charge.refunded", T0, { ...charge("ch_range", { amount: 1299 }), amount_refunded: -1299 }))],
    ["a dispute of 1e300", () => JSON.stringify(stripeEvent("charge.dispute.created", T0, dispute("dp_range", { charge: "ch_range", amount: 1e300, status: "needs_response" })))],
  ];

  it.each(cases)("%s: 400 OUT_OF_RANGE naming the field, JSON, nothing written", async (_name, body) => {
    await env.DB.prepare("INSERT OR IGNORE INTO accounts (sso_id, email, display_name) VALUES ('pay-range', 'pay-range@rovers.test', 'Range')").run();
    const before = await rowCounts();
    const response = await deliverBody(body());
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const answer = (await response.json()) as { errors: { code: string; detail: string }[] };
    expect(answer.errors).toEqual([{ code: "OUT_OF_RANGE", detail: expect.stringMatching(/^A number in the event is out of range \((created|data\.object\.[a-z_.0-9]+): /) }]);
    expect(await rowCounts()).toEqual(before);
  });

  it("the same events with numbers in range are applied (control)", async () => {
    await createAccount("pay-inrange");
    const sub = { ...subscription("sub_inrange", T0 + 30 * DAY, "cus_inrange"), metadata: { userID: "pay-inrange" } };
    const response = await deliver(stripeEvent("customer.subscription.updated", T0, sub));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    const stored = await env.DB.prepare("SELECT current_period_end FROM stripe_subscriptions WHERE id = 'sub_inrange'").first<{ current_period_end: string }>();
    expect(stored?.current_period_end).toBe(new Date((T0 + 30 * DAY) * 1000).toISOString());
    // the last second before 2100 and the largest eight-digit amount are still in range
    const edge = await deliver(stripeEvent("invoice.paid", T0, { ...invoice("in_edge", 4_102_444_800, 99_999_999), parent: { subscription_details: { subscription: "sub_inrange", metadata: { userID: "pay-inrange" } } } }));
    expect(edge.status).toBe(200);
  });
});

describe("/webhooks/stripe: a payment-mode checkout of a recurring price", () => {
  const recurring = async () =>
    (await env.DB.prepare("SELECT id, package_id AS packageId, entitlements FROM prices WHERE type = 'recurring' AND entitlements <> '[]' ORDER BY id LIMIT 1").first<{ id: string; packageId: string; entitlements: string }>())!;
  const deliveryOf = (eventId: string) => env.DB.prepare("SELECT outcome, detail FROM webhook_deliveries WHERE event_id = ?1").bind(eventId).first<{ outcome: string; detail: string }>();

  it("grants nothing: answered 200 ignored, logged with the reason, no purchase stored", async () => {
    await createAccount("pay-onceoff");
    const price = await recurring();
    const event = stripeEvent("checkout.session.completed", T0, { ...checkoutSession("cs_onceoff", "payment", price.id, price.packageId), metadata: { userID: "pay-onceoff", packageID: price.packageId, priceID: price.id } });
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: true });
    expect(await deliveryOf(event.id)).toEqual({ outcome: "ignored", detail: "a payment-mode checkout of a recurring price grants nothing (only a subscription does)" });
    expect(await paidEntitlements("pay-onceoff")).toEqual([]);
    const purchases = await env.DB.prepare("SELECT COUNT(*) AS n FROM purchases WHERE stripe_session_id = 'cs_onceoff'").first<{ n: number }>();
    expect(purchases!.n).toBe(0);
  });

  it("grants nothing when a pending purchase of that session names the recurring price either", async () => {
    await createAccount("pay-pending");
    const price = await recurring();
    await env.DB.prepare(
      "INSERT INTO purchases (account_id, package_id, price_id, mode, stripe_session_id, status) SELECT id, ?1, ?2, 'payment', 'cs_pending', 'pending' FROM accounts WHERE sso_id = 'pay-pending'",
    )
      .bind(price.packageId, price.id)
      .run();
    const event = stripeEvent("checkout.session.completed", T0, { ...checkoutSession("cs_pending", "payment", "", ""), metadata: { userID: "pay-pending" } });
    expect(await (await deliver(event)).json()).toEqual({ received: true, ignored: true });
    expect(await paidEntitlements("pay-pending")).toEqual([]);
    // and a payment-mode purchase of a recurring price stored as paid (before the rule) grants nothing at the next recompute
    await env.DB.prepare("UPDATE purchases SET status = 'paid' WHERE stripe_session_id = 'cs_pending'").run();
    const sub = { ...subscription("sub_pending_other", T0 + 30 * DAY, "cus_pending"), status: "canceled", metadata: { userID: "pay-pending" } };
    expect((await deliver(stripeEvent("customer.subscription.deleted", T0, sub))).status).toBe(200);
    expect(await paidEntitlements("pay-pending")).toEqual([]);
  });

  it("a subscription of the same price grants its entitlement (control)", async () => {
    await createAccount("pay-subscribed");
    const price = await recurring();
    const event = stripeEvent("checkout.session.completed", T0, { ...checkoutSession("cs_subscribed", "subscription", price.id, price.packageId), metadata: { userID: "pay-subscribed", packageID: price.packageId, priceID: price.id } });
    const response = await deliver(event);
    expect(await response.json()).toEqual({ received: true });
    expect(await paidEntitlements("pay-subscribed")).toEqual((JSON.parse(price.entitlements) as string[]).sort());
  });
});
