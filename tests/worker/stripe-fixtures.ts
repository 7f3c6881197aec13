import { env } from "cloudflare:test";
import Stripe from "stripe";
import { app } from "../../worker/app";
import { stripeCrypto } from "../../worker/payments/config";
import { DEV_STRIPE_WEBHOOK_SECRET } from "../../worker/dev-secrets";

/** Signs a payload as Stripe does (the real SDK), `ageSeconds` in the past. */
export async function signedHeader(payload: string, options: { secret?: string; ageSeconds?: number } = {}): Promise<string> {
  return Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: options.secret ?? DEV_STRIPE_WEBHOOK_SECRET,
    timestamp: Math.floor(Date.now() / 1000) - (options.ageSeconds ?? 0),
    cryptoProvider: stripeCrypto,
  });
}

export interface StripeEvent {
  id: string;
  object: "event";
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

/** Posts an event to /webhooks/stripe with a good signature (or the header given). */
export async function deliver(event: StripeEvent, options: { header?: string; env?: Env; ageSeconds?: number } = {}): Promise<Response> {
  return deliverBody(JSON.stringify(event), options);
}

/** Posts any body, signed with the right secret (or the header given). */
export async function deliverBody(body: string, options: { header?: string; env?: Env; ageSeconds?: number } = {}): Promise<Response> {
  const header = options.header ?? (await signedHeader(body, { ageSeconds: options.ageSeconds ?? 0 }));
  return app.request(
    "http://localhost/webhooks/stripe",
    { method: "POST", body, headers: { "content-type": "application/json", "stripe-signature": header } },
    options.env ?? env,
  );
}

export async function createAccount(ssoID: string): Promise<void> {
  await env.DB.prepare("INSERT INTO accounts (sso_id, email, display_name) VALUES (?1, ?2, 'Pay Test')").bind(ssoID, `${ssoID}@rovers.test`).run();
}

export async function accountOf(ssoID: string) {
  return env.DB.prepare("SELECT entitlements, paid_entitlements, stripe_customer_id FROM accounts WHERE sso_id = ?1")
    .bind(ssoID)
    .first<{ entitlements: string; paid_entitlements: string; stripe_customer_id: string | null }>();
}

export async function paidEntitlements(ssoID: string): Promise<string[]> {
  const row = await accountOf(ssoID);
  return (JSON.parse(row?.paid_entitlements ?? "[]") as string[]).sort();
}

const DAY = 86_400;
/**
 * The history starts today (midnight UTC): its periods lie ahead of the clock, as a live
 * subscription's do, since reading an account drops what a period cancelled at its end no longer grants.
 */
export const T0 = Math.floor(Date.now() / 1000 / DAY) * DAY;

/**
 * A 20-event history of one supporter (ids made unique by `tag`): a monthly Rovers TV
 * subscription started with FIRSTMONTH, renewed, a failed payment then paid, cancelled at period
 * end and deleted; a match pass; a yearly Rovers TV+ subscription cancelled then resumed and renewed.
 * In order it ends with Rovers TV+ and the match pass, and without Rovers TV.
 */
export function history(tag: string, matchPass: { priceId: string; packageId: string }): StripeEvent[] {
  const matchPassPrice = matchPass.priceId;
  const user = `pay-${tag}`;
  const customer = `cus_${tag}`;
  const subA = `sub_a_${tag}`;
  const subB = `sub_b_${tag}`;
  const A = "price_roverstv_month";
  const B = "price_roverstv_plus_year";
  let n = 0;
  const event = (type: string, created: number, object: Record<string, unknown>): StripeEvent => ({
    id: `evt_${tag}_${String(++n).padStart(2, "0")}`,
    object: "event",
    type,
    created,
    data: { object },
  });
  const packageOf = (priceID: string) => (priceID === A ? "roverstv" : priceID === B ? "roverstv-plus" : matchPass.packageId);
  const meta = (priceID: string) => ({ userID: user, userEmail: `${user}@rovers.test`, packageID: packageOf(priceID), priceID });
  const sub = (id: string, price: string, status: string, periodEnd: number, cancelAtPeriodEnd = false) => ({
    id,
    object: "subscription",
    customer,
    status,
    cancel_at_period_end: cancelAtPeriodEnd,
    metadata: { userID: user },
    items: { object: "list", data: [{ price: { id: price }, current_period_end: periodEnd }] },
  });
  // The current API's invoice shape (the subscription under parent) for A, the older one for B.
  const invoiceA = (id: string, end: number) => ({
    id,
    object: "invoice",
    customer,
    parent: { subscription_details: { subscription: subA, metadata: { userID: user } } },
    lines: { data: [{ period: { end }, pricing: { price_details: { price: "price_roverstv_month" } } }] },
  });
  const invoiceB = (id: string, end: number) => ({
    id,
    object: "invoice",
    customer,
    subscription: subB,
    lines: { data: [{ period: { end }, price: { id: "price_roverstv_plus_year" } }] },
  });
  const checkout = (id: string, mode: string, subscription: string | null, paymentStatus: string, price: string) => ({
    id,
    object: "checkout.session",
    mode,
    customer,
    subscription,
    payment_status: paymentStatus,
    metadata: meta(price),
  });
  return [
    event("checkout.session.completed", T0, checkout(`cs_a_${tag}`, "subscription", subA, "no_payment_required", A)),
    event("customer.subscription.created", T0, sub(subA, A, "incomplete", T0 + 30 * DAY)),
    event("invoice.paid", T0, invoiceA(`in_a1_${tag}`, T0 + 30 * DAY)),
    event("customer.subscription.updated", T0, sub(subA, A, "active", T0 + 30 * DAY)),
    event("invoice.paid", T0 + 30 * DAY, invoiceA(`in_a2_${tag}`, T0 + 60 * DAY)),
    event("customer.subscription.updated", T0 + 30 * DAY, sub(subA, A, "active", T0 + 60 * DAY)),
    event("invoice.payment_failed", T0 + 60 * DAY, invoiceA(`in_a3_${tag}`, T0 + 90 * DAY)),
    event("customer.subscription.updated", T0 + 60 * DAY, sub(subA, A, "past_due", T0 + 90 * DAY)),
    event("invoice.paid", T0 + 61 * DAY, invoiceA(`in_a3_${tag}`, T0 + 90 * DAY)),
    event("customer.subscription.updated", T0 + 61 * DAY, sub(subA, A, "active", T0 + 90 * DAY)),
    event("customer.subscription.updated", T0 + 62 * DAY, sub(subA, A, "active", T0 + 90 * DAY, true)),
    event("customer.subscription.deleted", T0 + 90 * DAY, sub(subA, A, "canceled", T0 + 90 * DAY, true)),
    event("checkout.session.completed", T0 + 63 * DAY, checkout(`cs_m_${tag}`, "payment", null, "paid", matchPassPrice)),
    event("checkout.session.completed", T0 + 64 * DAY, checkout(`cs_b_${tag}`, "subscription", subB, "paid", B)),
    event("customer.subscription.created", T0 + 64 * DAY, sub(subB, B, "active", T0 + 429 * DAY)),
    event("invoice.paid", T0 + 64 * DAY, invoiceB(`in_b1_${tag}`, T0 + 429 * DAY)),
    event("customer.subscription.updated", T0 + 70 * DAY, sub(subB, B, "active", T0 + 429 * DAY, true)),
    event("customer.subscription.updated", T0 + 71 * DAY, sub(subB, B, "active", T0 + 429 * DAY, false)),
    event("invoice.paid", T0 + 429 * DAY, invoiceB(`in_b2_${tag}`, T0 + 794 * DAY)),
    event("customer.subscription.updated", T0 + 429 * DAY, sub(subB, B, "active", T0 + 794 * DAY)),
  ];
}

/** A deterministic shuffle (mulberry32), so a failing order can be replayed. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

let eventCount = 0;
/** One event of `type` at `created`, with a fresh id unless one is given. */
export function stripeEvent(type: string, created: number, object: Record<string, unknown>, id?: string): StripeEvent {
  eventCount += 1;
  return { id: id ?? `evt_${eventCount}_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`, object: "event", type, created, data: { object } };
}

/**
 * A charge as the current API sends it (no `invoice`); `invoice` adds the older API's field.
 * `refunded` as Stripe sets it: true once everything is refunded.
 */
export function charge(id: string, o: { amount: number; refunded?: number; paymentIntent?: string | null; invoice?: string }) {
  const amountRefunded = o.refunded ?? 0;
  return {
    id,
    object: "charge",
    amount: o.amount,
    amount_refunded: amountRefunded,
    refunded: amountRefunded >= o.amount,
    paid: true,
    status: "succeeded",
    currency: "gbp",
    payment_intent: o.paymentIntent ?? null,
    ...(o.invoice ? { invoice: o.invoice } : {}),
  };
}

export function dispute(id: string, o: { charge: string; paymentIntent?: string | null; amount: number; status: string }) {
  return { id, object: "dispute", amount: o.amount, currency: "gbp", charge: o.charge, payment_intent: o.paymentIntent ?? null, reason: "fraudulent", status: o.status };
}
