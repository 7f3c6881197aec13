import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { requireCapability } from "./capabilities";
import { ApiError } from "../http/api-error";
import { auditedWrite, fieldsRefused, jsonBody, parsedBody } from "./audited-write";
import { heldNow, ssoIDOf, target } from "./care";
import { userFromRow } from "../accounts/accounts";
import { paymentActionsOf, type PaymentActions } from "../payments/payment-actions";
import { firstRow, rowSchema } from "../db/rows";
import { checkRefund } from "../../src/domain/refund";

/**
 * Supporter care's refunds and cancellations, from the payments table of the console's account page:
 *   POST /accounts/:ssoID/payments/:reference/refund   { amount }  a match pass (cs_…) or a subscription's
 *        latest paid invoice (sub_…), in full (amount empty) or in part, through Stripe's refunds API
 *   POST /accounts/:ssoID/subscriptions/:id/cancel     { when: "now" | "period-end" }
 * Both call Stripe (worker/payments/payment-actions.ts); what they change on the account comes back
 * through the webhook, as a refund or cancellation made in Stripe's dashboard does: a full refund
 * takes the payment's access back and ends the account's live streams, a part leaves it. Refusals:
 * 400 INVALID_INPUT beside the field; 404 PAYMENT_NOT_FOUND / SUBSCRIPTION_NOT_FOUND; 409
 * NOTHING_PAID, ALREADY_REFUNDED, SUBSCRIPTION_ENDED, ALREADY_CANCELLING; 502 STRIPE_FAILED; 503
 * PAYMENTS_UNAVAILABLE. Each is audited with the payment and the account's entitlements before and after.
 */
type Ctx = Context<AppEnv>;

export const consoleCarePaymentsApi = new Hono<AppEnv>();
const support = requireCapability("accounts.support");

function actions(c: Ctx): PaymentActions {
  const found = paymentActionsOf(c.env);
  if (!found) throw new ApiError(503, "PAYMENTS_UNAVAILABLE", "Stripe is not configured: refunds and cancellations are made in Stripe's dashboard");
  return found;
}

async function stripeCall<T>(c: Ctx, step: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    console.error(JSON.stringify({ msg: "stripe care call failed", step, requestId: c.get("requestId"), error: String(error) }));
    throw new ApiError(502, "STRIPE_FAILED", "Stripe did not answer: nothing was changed, please try again");
  }
}

/**
 * The payment a row of the table stands for: a match pass's checkout (cs_…), or a subscription's
 * latest paid invoice (sub_…), with what it paid and the payment intent Stripe refunds it by.
 */
export const PAYMENT_TO_REFUND_SQL = `
  WITH payment AS (
    SELECT u.stripe_session_id AS payment_id, u.amount_paid AS paid
      FROM purchases u WHERE u.stripe_session_id = ?2 AND u.account_id = ?1 AND u.mode = 'payment'
    UNION ALL
    SELECT i.id, i.amount_paid
      FROM stripe_subscriptions s JOIN stripe_invoices i ON i.subscription_id = s.id
     WHERE s.id = ?2 AND s.account_id = ?1
       AND i.paid_at = (SELECT MAX(l.paid_at) FROM stripe_invoices l WHERE l.subscription_id = s.id)
  )
  SELECT p.payment_id, p.paid,
         (SELECT k.key FROM stripe_payment_keys k WHERE k.payment_id = p.payment_id AND substr(k.key, 1, 3) = 'pi_' LIMIT 1) AS payment_intent
    FROM payment p LIMIT 1`;

const paymentRow = rowSchema("a payment to refund", { payment_id: z.string(), paid: z.number(), payment_intent: z.string().nullable() });
const refundedRow = rowSchema("a payment's refunds", { refunded: z.number() });

const refundBody = z.object({ amount: z.string().max(20).default("") });

consoleCarePaymentsApi.post("/accounts/:ssoID/payments/:reference/refund", support, async (c) => {
  const ssoID = ssoIDOf(c);
  const reference = c.req.param("reference").slice(0, 255);
  const body = await jsonBody(c);
  return auditedWrite(c, "accounts.refund", ssoID, { reference, body }, async () => {
    const account = await target(c, ssoID);
    const input = parsedBody(refundBody, body);
    const payment = await firstRow(paymentRow, c.env.DB.prepare(PAYMENT_TO_REFUND_SQL).bind(account.id, reference));
    if (!payment) throw new ApiError(404, "PAYMENT_NOT_FOUND", "No such payment on this account");
    if (payment.paid <= 0 || !payment.payment_intent) throw new ApiError(409, "NOTHING_PAID", "Nothing was paid for this (a free first month, say): there is nothing to refund");
    const refunded =
      (await firstRow(refundedRow, c.env.DB.prepare("SELECT COALESCE(MAX(amount_reversed), 0) AS refunded FROM stripe_reversals WHERE kind = 'refund' AND payment_intent_id = ?1").bind(payment.payment_intent)))
        ?.refunded ?? 0;
    if (refunded >= payment.paid) throw new ApiError(409, "ALREADY_REFUNDED", "This payment has been refunded in full already: the page now shows it as it is");
    const checked = checkRefund(input.amount, payment.paid, refunded);
    if (!checked.ok) throw fieldsRefused([{ field: "amount", detail: checked.problem }]);
    const before = userFromRow(account).entitlements.sort();
    const { id } = await stripeCall(c, "refund", () =>
      actions(c).refund({ paymentIntent: payment.payment_intent!, amountPence: checked.pence, paidPence: payment.paid, refundedPence: refunded }),
    );
    const after = await heldNow(c.env.DB, account.sso_id);
    const answer = { refund: id, amountPence: checked.pence, full: checked.full };
    return {
      detail: { before: { payment: payment.payment_id, paid: payment.paid, refunded, entitlements: before }, after: { ...answer, refunded: refunded + checked.pence, entitlements: after } },
      answer,
    };
  });
});

const subscriptionRow = rowSchema("a subscription to cancel", { status: z.string(), cancel_at_period_end: z.number(), current_period_end: z.string().nullable() });
const cancelBody = z.object({ when: z.enum(["now", "period-end"], { error: "Choose now or at the period's end" }) });

consoleCarePaymentsApi.post("/accounts/:ssoID/subscriptions/:id/cancel", support, async (c) => {
  const ssoID = ssoIDOf(c);
  const id = c.req.param("id").slice(0, 255);
  const body = await jsonBody(c);
  return auditedWrite(c, "accounts.cancel-subscription", ssoID, { subscription: id, body }, async () => {
    const account = await target(c, ssoID);
    const { when } = parsedBody(cancelBody, body);
    const read = () =>
      firstRow(subscriptionRow, c.env.DB.prepare("SELECT status, cancel_at_period_end, current_period_end FROM stripe_subscriptions WHERE id = ?1 AND account_id = ?2").bind(id, account.id));
    const sub = await read();
    if (!sub) throw new ApiError(404, "SUBSCRIPTION_NOT_FOUND", "No such subscription on this account");
    if (sub.status === "canceled") throw new ApiError(409, "SUBSCRIPTION_ENDED", "This subscription has ended already: the page now shows it as it is");
    if (when === "period-end" && sub.cancel_at_period_end === 1) throw new ApiError(409, "ALREADY_CANCELLING", "This subscription already ends at its period's end");
    const before = userFromRow(account).entitlements.sort();
    await stripeCall(c, "cancel", () => actions(c).cancelSubscription({ id, when }));
    const after = await heldNow(c.env.DB, account.sso_id);
    return {
      detail: { before: { subscription: { id, ...sub }, entitlements: before }, after: { subscription: { id, ...((await read()) ?? {}) }, when, entitlements: after } },
      answer: { subscription: id, when },
    };
  });
});
