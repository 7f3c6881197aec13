import { sessionMiddleware } from "../auth/session-middleware";
import { Hono, type Context } from "hono";
import { z } from "zod";
import Stripe from "stripe";
import { siteOriginOf, type AppEnv } from "../env";
import { findAccount } from "../accounts/accounts";
import { allRows, firstRow, rowSchema } from "../db/rows";
import { safeReturnUrl } from "../../src/domain/return-url";
import { DEV_STRIPE_WEBHOOK_SECRET } from "../dev-secrets";
import { paymentsConfigOf, stripeCrypto } from "./config";
import { siteUrl } from "./checkout-request";
import { stripeWebhook } from "./webhook-route";
import { CHECKOUT_CSS, checkoutPage, dueToday, FIRST_MONTH_PROMO, notFoundPage, portalPage } from "./dev-payments-pages";
import { formFields } from "../http/form-body";
import { devPromotionByCode, devPromotionRedeemed, type DevPromotion } from "./dev-payments-catalogue";
import { discountPence, promoRefusal, PROMO_REFUSALS, termsText } from "../../src/domain/promo-codes";

/**
 * The embedded dev checkout and dev portal (mount at /dev-payments): in development and test
 * without STRIPE_SECRET_KEY only; everywhere else every path is a 404. They stand in for Stripe's
 * hosted pages and tell the site what happened the way Stripe does: a signed webhook event, posted
 * through the same /webhooks/stripe handler. Part of the development build only (worker/dev-kit.ts).
 */
export const devPayments = new Hono<AppEnv>();

devPayments.use("*", async (c, next) => {
  if (!paymentsConfigOf(c.env).devCheckout) return c.notFound();
  await next();
});
devPayments.use(sessionMiddleware);

devPayments.get("/checkout.css", (c) => c.body(CHECKOUT_CSS, 200, { "content-type": "text/css; charset=utf-8", "cache-control": "no-cache" }));

const pendingSessionRow = rowSchema("a pending purchase with its account, package and price", {
  session_id: z.string(),
  account_id: z.number(),
  sso_id: z.string(),
  email: z.string(),
  stripe_customer_id: z.string().nullable(),
  package_id: z.string(),
  price_id: z.string(),
  mode: z.enum(["subscription", "payment"]),
  status: z.string(),
  title: z.string(),
  description: z.string(),
  successful_payment_page: z.string(),
  cancelled_payment_page: z.string(),
  price_display: z.string(),
  amount_pence: z.number(),
  interval: z.enum(["month", "year"]).nullable(),
});
type PendingSession = z.infer<typeof pendingSessionRow>;

/** The signed-in account's own pending checkout, or null. */
async function pendingSession(c: Context<AppEnv>, sessionId: string): Promise<PendingSession | null> {
  const user = c.get("user");
  if (!user) return null;
  return firstRow(
    pendingSessionRow,
    c.env.DB.prepare(
      `SELECT u.stripe_session_id AS session_id, u.account_id, a.sso_id, a.email, a.stripe_customer_id, u.package_id, u.price_id, u.mode, u.status,
              p.title, p.description, p.successful_payment_page, p.cancelled_payment_page, pr.price_display, pr.amount_pence, pr.interval
         FROM purchases u JOIN accounts a ON a.id = u.account_id JOIN packages p ON p.id = u.package_id JOIN prices pr ON pr.id = u.price_id
        WHERE u.stripe_session_id = ?1 AND a.sso_id = ?2 AND u.status = 'pending'`,
    ).bind(sessionId, user.ssoID),
  );
}

const promoForm = z.object({ promo: z.string().max(64).optional().default("") });

/** A code applied to this checkout: what the page shows, and what the completed session's event says of it. */
interface AppliedPromo {
  code: string;
  label: string;
  /** the discount on this first charge, in pence */
  discountPence: number;
  /** the promotion code and its coupon (Stripe's ids) */
  id: string;
  coupon: string;
  /** a code of the console's (the mirror counts its redemptions); null for FIRSTMONTH */
  promotion: DevPromotion | null;
}
type PromoChoice = { promo?: AppliedPromo; error?: string };

/** Whether the buyer has paid for anything before (Stripe's first_time_transaction restriction). */
async function hasPaidBefore(db: D1Database, accountId: number): Promise<boolean> {
  return (await db.prepare("SELECT 1 FROM purchases WHERE account_id = ?1 AND paid_at IS NOT NULL AND amount_paid > 0 LIMIT 1").bind(accountId).first()) !== null;
}

/**
 * The code typed, checked as Stripe's hosted checkout checks it (src/domain/promo-codes.ts): the
 * dev checkout's own FIRSTMONTH (a monthly plan's first month free), or a promotion code the
 * console made in the mirror, with its discount on this price.
 */
async function promoFor(db: D1Database, s: PendingSession, input: string): Promise<PromoChoice> {
  const code = input.trim();
  if (code === "") return {};
  if (code.toUpperCase() === FIRST_MONTH_PROMO) {
    const discountPence = s.interval === "month" ? s.amount_pence : 0;
    return { promo: { code: FIRST_MONTH_PROMO, label: "first month free", discountPence, id: "promo_dev_firstmonth", coupon: "coupon_dev_firstmonth", promotion: null } };
  }
  const promotion = await devPromotionByCode(db, code);
  const hasPaid = promotion?.firstTimeOnly ? await hasPaidBefore(db, s.account_id) : false;
  const refusal = promoRefusal(promotion, { hasPaidBefore: hasPaid }, new Date());
  if (refusal !== null || promotion === null) return { error: refusal ?? PROMO_REFUSALS.unknown };
  return { promo: { code: promotion.code, label: termsText(promotion), discountPence: discountPence(s.amount_pence, promotion), id: promotion.id, coupon: promotion.coupon, promotion } };
}

function summaryOf(s: PendingSession, promo: PromoChoice) {
  return {
    sessionId: s.session_id,
    packageTitle: s.title,
    priceDisplay: s.price_display,
    amountPence: s.amount_pence,
    interval: s.interval,
    email: s.email,
    ...promo,
  };
}

devPayments.get("/checkout/:id", async (c) => {
  const session = await pendingSession(c, c.req.param("id"));
  if (!session) return c.html(notFoundPage(), 404);
  return c.html(checkoutPage(summaryOf(session, {})));
});

devPayments.post("/checkout/:id/promo", async (c) => {
  const session = await pendingSession(c, c.req.param("id"));
  if (!session) return c.html(notFoundPage(), 404);
  const form = promoForm.safeParse(await formFields(c));
  const promo = await promoFor(c.env.DB, session, form.success ? form.data.promo : "");
  return c.html(checkoutPage(summaryOf(session, promo)), promo.error ? 400 : 200);
});

devPayments.post("/checkout/:id/cancel", async (c) => {
  const session = await pendingSession(c, c.req.param("id"));
  if (!session) return c.html(notFoundPage(), 404);
  return c.redirect(siteUrl(siteOriginOf(c.env, c.req.url), session.cancelled_payment_page), 303);
});

devPayments.post("/checkout/:id/pay", async (c) => {
  const session = await pendingSession(c, c.req.param("id"));
  if (!session) return c.html(notFoundPage(), 404);
  const form = promoForm.safeParse(await formFields(c));
  // Checked again at Pay, as Stripe does: the code may have been deactivated or used up meanwhile.
  const { promo, error } = await promoFor(c.env.DB, session, form.success ? form.data.promo : "");
  if (error) return c.html(checkoutPage(summaryOf(session, { error })), 400);
  const due = dueToday({ amountPence: session.amount_pence, ...(promo ? { promo } : {}) });
  const now = Math.floor(Date.now() / 1000);
  const customer = session.stripe_customer_id ?? `cus_dev_${session.account_id}`;
  const subscription = session.mode === "subscription" ? `sub_dev_${devId()}` : null;
  // The ids Stripe's events carry, so a refund or dispute of this payment finds it as in production:
  // a payment-mode session names its payment intent; a subscription-mode one its first invoice,
  // whose payment intent the current API's invoice_payment.paid names (nothing when nothing was due).
  const paymentIntent = due > 0 ? `pi_dev_${devId()}` : null;
  const invoice = subscription ? `in_dev_${devId()}` : null;
  const metadata = { userID: session.sso_id, userEmail: session.email, packageTitle: session.title, packageID: session.package_id, priceID: session.price_id };
  const events: [string, Record<string, unknown>][] = [
    [
      "checkout.session.completed",
      {
        id: session.session_id,
        object: "checkout.session",
        mode: session.mode,
        customer,
        subscription,
        invoice,
        payment_intent: subscription ? null : paymentIntent,
        amount_subtotal: session.amount_pence,
        amount_total: due,
        currency: "gbp",
        total_details: { amount_discount: session.amount_pence - due, amount_shipping: 0, amount_tax: 0 },
        // As Stripe lists a redeemed promotion code (here expanded, so the console shows its code).
        discounts: promo ? [{ coupon: promo.coupon, promotion_code: { id: promo.id, object: "promotion_code", code: promo.code } }] : [],
        payment_status: due === 0 ? "no_payment_required" : "paid",
        client_reference_id: session.sso_id,
        metadata,
      },
    ],
  ];
  if (subscription && invoice) {
    const periodEnd = now + (session.interval === "year" ? 365 : 30) * 86_400;
    events.push(["customer.subscription.created", subscriptionObject(subscription, customer, session.price_id, "active", periodEnd, false, session.sso_id)]);
    events.push([
      "invoice.paid",
      {
        id: invoice,
        object: "invoice",
        customer,
        amount_paid: due,
        parent: { type: "subscription_details", subscription_details: { subscription, metadata: { userID: session.sso_id } } },
        lines: { object: "list", data: [{ period: { end: periodEnd }, pricing: { price_details: { price: session.price_id } } }] },
      },
    ]);
    if (paymentIntent) {
      events.push([
        "invoice_payment.paid",
        { id: `inpay_dev_${devId()}`, object: "invoice_payment", invoice, status: "paid", amount_paid: due, payment: { type: "payment_intent", payment_intent: paymentIntent } },
      ]);
    }
  }
  for (const [type, object] of events) {
    const response = await postSignedEvent(c, type, object, now);
    if (!response.ok) return c.text("The payment could not be recorded; please try again", 502);
  }
  if (promo?.promotion) await devPromotionRedeemed(c.env.DB, promo.promotion);
  return c.redirect(siteUrl(siteOriginOf(c.env, c.req.url), session.successful_payment_page), 303);
});

const devId = () => crypto.randomUUID().replaceAll("-", "").slice(0, 24);

export function subscriptionObject(id: string, customer: string, price: string, status: string, periodEnd: number, cancelAtPeriodEnd: boolean, ssoID: string) {
  return {
    id,
    object: "subscription",
    customer,
    status,
    cancel_at_period_end: cancelAtPeriodEnd,
    metadata: { userID: ssoID },
    items: { object: "list", data: [{ price: { id: price }, current_period_end: periodEnd }] },
  };
}

/** Signs an event as Stripe does and hands it to the site's own webhook handler. */
async function postSignedEvent(c: Context<AppEnv>, type: string, object: Record<string, unknown>, created: number): Promise<Response> {
  return postSignedEventWith(c.env, type, object, created);
}

export async function postSignedEventWith(env: Env, type: string, object: Record<string, unknown>, created: number): Promise<Response> {
  const payload = JSON.stringify({ id: `evt_dev_${crypto.randomUUID().replaceAll("-", "")}`, object: "event", type, created, data: { object } });
  const secret = paymentsConfigOf(env).webhookSecret ?? DEV_STRIPE_WEBHOOK_SECRET;
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, cryptoProvider: stripeCrypto });
  return stripeWebhook.request("/", { method: "POST", body: payload, headers: { "content-type": "application/json", "stripe-signature": header } }, env);
}

const dueSubscriptionRow = rowSchema("due dev subscriptions", {
  id: z.string(),
  customer_id: z.string().nullable(),
  price_id: z.string().nullable(),
  current_period_end: z.string(),
  sso_id: z.string(),
});

/**
 * What Stripe does when the period of a subscription cancelled at period end is over: it deletes
 * the subscription and sends `customer.subscription.deleted`. The dev portal's subscriptions
 * (sub_dev_…) get the same from here, called by the scheduled sweep (worker/payments/payment-sweep.ts)
 * and whenever the dev portal is read. Development and test only; returns how many were deleted.
 */
export async function sendDueDevDeletions(env: Env, ssoID: string | null = null): Promise<number> {
  if (!paymentsConfigOf(env).devCheckout) return 0;
  const due = await allRows(
    dueSubscriptionRow,
    env.DB.prepare(
      `SELECT s.id, s.customer_id, s.price_id, s.current_period_end, a.sso_id
         FROM stripe_subscriptions s JOIN accounts a ON a.id = s.account_id
        WHERE s.id LIKE 'sub_dev_%' AND s.status <> 'canceled' AND s.cancel_at_period_end = 1
          AND s.current_period_end <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now') AND (?1 IS NULL OR a.sso_id = ?1)`,
    ).bind(ssoID),
  );
  let deleted = 0;
  for (const sub of due) {
    const periodEnd = Math.floor(Date.parse(sub.current_period_end) / 1000);
    const object = subscriptionObject(sub.id, sub.customer_id ?? "", sub.price_id ?? "", "canceled", periodEnd, true, sub.sso_id);
    const response = await postSignedEventWith(env, "customer.subscription.deleted", object, Math.max(periodEnd, Math.floor(Date.now() / 1000)));
    if (response.ok) deleted += 1;
  }
  return deleted;
}

const portalRow = rowSchema("stripe_subscriptions with their packages", {
  id: z.string(),
  customer_id: z.string().nullable(),
  price_id: z.string().nullable(),
  status: z.string(),
  cancel_at_period_end: z.number(),
  current_period_end: z.string().nullable(),
  title: z.string().nullable(),
  price_display: z.string().nullable(),
});

async function ownSubscriptions(c: Context<AppEnv>): Promise<z.infer<typeof portalRow>[]> {
  const user = c.get("user");
  if (!user) return [];
  return allRows(
    portalRow,
    c.env.DB.prepare(
      `SELECT s.id, s.customer_id, s.price_id, s.status, s.cancel_at_period_end, s.current_period_end, p.title, pr.price_display
         FROM stripe_subscriptions s JOIN accounts a ON a.id = s.account_id
         LEFT JOIN prices pr ON pr.id = s.price_id LEFT JOIN packages p ON p.id = pr.package_id
        WHERE a.sso_id = ?1 ORDER BY s.state_created DESC`,
    ).bind(user.ssoID),
  );
}

devPayments.get("/portal", async (c) => {
  const user = c.get("user");
  if (!user) return c.redirect("/", 303);
  // Periods that ended since the last sweep: delete them now, as Stripe would have.
  await sendDueDevDeletions(c.env, user.ssoID);
  const subs = await ownSubscriptions(c);
  return c.html(
    portalPage(
      subs.map((s) => ({
        id: s.id,
        title: s.title ?? s.id,
        priceDisplay: s.price_display ?? "",
        status: s.status,
        cancelAtPeriodEnd: s.cancel_at_period_end === 1,
        periodEnd: s.current_period_end,
      })),
      // The way back to the site: a same-site path only (never `//host`, `/\\host`, `/%09/host`), else '/'.
      safeReturnUrl(c.req.query("return")),
    ),
  );
});

const cancelForm = z.object({ subscription: z.string().min(1).max(100), when: z.enum(["period-end", "now"]), return: z.string().max(2048).optional() });

/** Cancels one of the account's own subscriptions: at period end (an update), or now (the deletion). */
devPayments.post("/portal/cancel", async (c) => {
  const user = c.get("user");
  if (!user) return c.redirect("/", 303);
  const form = cancelForm.safeParse(await formFields(c));
  if (!form.success) return c.text("Bad request", 400);
  const sub = (await ownSubscriptions(c)).find((s) => s.id === form.data.subscription && s.status !== "canceled");
  if (!sub || !sub.price_id) return c.text("No such subscription", 404);
  const account = await findAccount(c.env.DB, user.ssoID);
  const periodEnd = sub.current_period_end ? Math.floor(Date.parse(sub.current_period_end) / 1000) : Math.floor(Date.now() / 1000);
  const customer = sub.customer_id ?? account?.stripe_customer_id ?? "";
  const now = Math.floor(Date.now() / 1000);
  const response =
    form.data.when === "now"
      ? await postSignedEvent(c, "customer.subscription.deleted", subscriptionObject(sub.id, customer, sub.price_id, "canceled", periodEnd, false, user.ssoID), now)
      : await postSignedEvent(c, "customer.subscription.updated", subscriptionObject(sub.id, customer, sub.price_id, "active", periodEnd, true, user.ssoID), now);
  if (!response.ok) return c.text("The change could not be recorded; please try again", 502);
  return c.redirect(`/dev-payments/portal?return=${encodeURIComponent(safeReturnUrl(form.data.return))}`, 303);
});
