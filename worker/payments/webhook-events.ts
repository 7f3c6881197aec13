import { z } from "zod";
import { disputeRank, disputeTakesBack, isFullRefund, refundRank } from "../../src/domain/payment-reversal";
import { isEventAmount, isEventTime } from "../../src/domain/payment-event-bounds";

/**
 * Stripe webhook events, parsed with zod into what the site needs to know (issues 11, 17).
 * Handles both the current API shapes (period end on the subscription items, the invoice's
 * subscription under `parent`, an invoice's payments under `payments` or in its own
 * `invoice_payment.paid` event, no invoice on a charge) and the older ones (`payment_intent` and
 * `charge` on the invoice, `invoice` on the charge), since an endpoint may be pinned to either.
 */
export interface SubscriptionObservation {
  kind: "subscription";
  subscriptionId: string;
  customerId: string | null;
  /** the account's ssoID, when the event says it (metadata.userID) */
  ssoID: string | null;
  priceId: string | null;
  status: string;
  periodEnd: string | null;
  cancelAtPeriodEnd: boolean | null;
  /** unix seconds: the event's `created` */
  created: number;
  /** invoice.paid: the invoice and the ids its payment goes by (what a refund or dispute names) */
  payment?: PaidInvoice;
}

/** A subscription's paid invoice and every id of its payment (the invoice's own id first). */
export interface PaidInvoice {
  invoiceId: string;
  keys: string[];
  /** minor units paid, when the event says it (the console's revenue) */
  amountPaid: number | null;
}

export interface CheckoutObservation {
  kind: "checkout";
  sessionId: string;
  mode: "subscription" | "payment";
  customerId: string | null;
  subscriptionId: string | null;
  ssoID: string | null;
  /** paid, or nothing to pay (a 100% promotion code such as FIRSTMONTH) */
  paid: boolean;
  priceId: string | null;
  packageId: string | null;
  created: number;
  /** checkout.session.async_payment_failed: the delayed payment (a bank debit) never came */
  failed: boolean;
  /** what the payment goes by: a payment-mode session's payment intent, a subscription-mode session's first invoice */
  paymentIntentId: string | null;
  invoiceId: string | null;
  /** minor units charged (amount_total: after any promotion code), null when the event omits it */
  amountTotal: number | null;
  /** the promotion code redeemed (its code when expanded or sent, else its promo_… id) */
  promotionCode: string | null;
  /** that promotion code's id (promo_…): what the console's promo codes are found by */
  promotionCodeId: string | null;
  /** minor units taken off by discounts (total_details.amount_discount), null when the event omits it */
  amountDiscount: number | null;
}

/** invoice_payment.paid (current API versions): which payment intent and charge paid an invoice. */
export interface InvoicePaymentObservation {
  kind: "invoice-payment";
  payment: PaidInvoice;
  created: number;
}

/** A refund (per charge, its running total) or a dispute (per dispute, its latest state). */
export interface ReversalObservation {
  kind: "reversal";
  id: string;
  reversal: "refund" | "dispute";
  chargeId: string | null;
  paymentIntentId: string | null;
  invoiceId: string | null;
  amount: number;
  amountReversed: number;
  status: string;
  takesBack: boolean;
  rank: number;
  created: number;
}

export type Observation =
  | SubscriptionObservation
  | CheckoutObservation
  | InvoicePaymentObservation
  | ReversalObservation
  | { kind: "ignored"; reason: string }
  /** a time or amount outside src/domain/payment-event-bounds.ts: refused (400 OUT_OF_RANGE), nothing written */
  | { kind: "out-of-range"; field: string };

export const HANDLED_EVENT_TYPES = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
  "invoice_payment.paid",
  "charge.refunded",
  "charge.dispute.created",
  "charge.dispute.updated",
  "charge.dispute.closed",
] as const;

const idOf = z.union([z.string(), z.object({ id: z.string() })]).transform((v) => (typeof v === "string" ? v : v.id));
const metadata = z.record(z.string(), z.string()).nullish();
/** Unix seconds and minor units within src/domain/payment-event-bounds.ts; a refusal is marked `range` (outOfRange). */
const RANGE = { range: true } as const;
const unixSeconds = z.number().refine(isEventTime, { message: "a whole number of seconds from 1970 to 2100", params: RANGE });
const minorUnits = z.number().refine(isEventAmount, { message: "whole minor units from 0 to 99,999,999", params: RANGE });
const amount = minorUnits.nullish();

/**
 * A Stripe event envelope. A signed body that is not one is refused (400 INVALID_EVENT) before
 * anything is written; one whose object the site cannot read is ignored (200) and counted.
 */
export const eventEnvelope = z.object({
  id: z.string().min(1).max(255),
  object: z.literal("event").optional(),
  type: z.string().min(1).max(255),
  created: unixSeconds,
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

export type EventEnvelope = z.infer<typeof eventEnvelope>;

const subscriptionSchema = z.object({
  id: z.string(),
  customer: idOf.nullish(),
  status: z.string(),
  cancel_at_period_end: z.boolean().nullish(),
  current_period_end: unixSeconds.nullish(),
  metadata,
  items: z
    .object({ data: z.array(z.object({ price: z.object({ id: z.string() }).nullish(), current_period_end: unixSeconds.nullish() })) })
    .nullish(),
});

const paymentRefs = z.object({ payment_intent: idOf.nullish(), charge: idOf.nullish() });

const invoiceSchema = z.object({
  id: z.string(),
  amount_paid: amount,
  customer: idOf.nullish(),
  subscription: idOf.nullish(),
  // older API versions: the invoice's own payment intent and charge
  payment_intent: idOf.nullish(),
  charge: idOf.nullish(),
  // current ones, when the payments are included
  payments: z.object({ data: z.array(z.object({ payment: paymentRefs.nullish() })) }).nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: idOf, metadata }).nullish() }).nullish(),
  lines: z
    .object({
      data: z.array(
        z.object({
          period: z.object({ end: unixSeconds }).nullish(),
          price: z.object({ id: z.string() }).nullish(),
          pricing: z.object({ price_details: z.object({ price: idOf }).nullish() }).nullish(),
        }),
      ),
    })
    .nullish(),
});

/** A discount's promotion code: its id, or the object expanded. */
const promotionCode = z.union([z.string(), z.object({ id: z.string(), code: z.string().nullish() })]);

const checkoutSchema = z.object({
  id: z.string(),
  amount_total: amount,
  total_details: z.object({ amount_discount: amount }).nullish(),
  discounts: z.array(z.object({ promotion_code: promotionCode.nullish() })).nullish(),
  mode: z.string(),
  customer: idOf.nullish(),
  subscription: idOf.nullish(),
  payment_intent: idOf.nullish(),
  invoice: idOf.nullish(),
  payment_status: z.string(),
  client_reference_id: z.string().nullish(),
  metadata,
});

const invoicePaymentSchema = z.object({
  invoice: idOf,
  amount_paid: amount,
  status: z.string().nullish(),
  payment: paymentRefs,
});

const chargeSchema = z.object({
  id: z.string(),
  amount: minorUnits,
  amount_refunded: minorUnits,
  refunded: z.boolean().nullish(),
  payment_intent: idOf.nullish(),
  invoice: idOf.nullish(),
});

const disputeSchema = z.object({
  id: z.string(),
  amount: minorUnits,
  status: z.string(),
  charge: z.union([z.string(), z.object({ id: z.string(), invoice: idOf.nullish() })]),
  payment_intent: idOf.nullish(),
});

/** The invoice first, then every payment intent and charge, without repeats or blanks. */
function paymentKeys(invoiceId: string, refs: readonly (z.infer<typeof paymentRefs> | null | undefined)[]): string[] {
  const ids = [invoiceId, ...refs.flatMap((r) => [r?.payment_intent, r?.charge])];
  return [...new Set(ids.filter((id): id is string => typeof id === "string" && id !== ""))];
}

/**
 * The first number of `input` that a schema refused for its value (outside the bounds, not whole,
 * Infinity from `1e400`) rather than its shape, as `path: message`; null when there is none. A
 * signed event carrying one is refused with 400, where a shape the site does not read is ignored.
 */
export function outOfRange(error: z.ZodError, input: unknown, prefix = ""): string | null {
  for (const issue of error.issues) {
    const numeric =
      (issue.code === "custom" && issue.params?.range === true) ||
      (issue.code === "invalid_type" && issue.expected === "number" && typeof valueAt(input, issue.path) === "number");
    if (numeric) return `${[prefix, ...issue.path.map(String)].filter(Boolean).join(".")}: ${issue.message}`;
  }
  return null;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** An object the site could not read: out of range (refused), or of a shape it does not take (ignored). */
function unreadable(type: string, error: z.ZodError, object: unknown): Observation {
  const field = outOfRange(error, object, "data.object");
  return field ? { kind: "out-of-range", field } : { kind: "ignored", reason: `malformed ${type}` };
}

/** A discount's promotion code: its code when expanded (else its id), and its id. */
function redeemed(value: z.infer<typeof promotionCode> | null | undefined): { promotionCode: string | null; promotionCodeId: string | null } {
  if (!value) return { promotionCode: null, promotionCodeId: null };
  return typeof value === "string" ? { promotionCode: value, promotionCodeId: value } : { promotionCode: value.code ?? value.id, promotionCodeId: value.id };
}

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

/** What a verified event tells the site, or why it is ignored. */
export function observe(event: EventEnvelope): Observation {
  const { type, created } = event;
  const object = event.data.object;
  switch (type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const sub = subscriptionSchema.safeParse(object);
      if (!sub.success) return unreadable(type, sub.error, object);
      const item = sub.data.items?.data[0];
      return {
        kind: "subscription",
        subscriptionId: sub.data.id,
        customerId: sub.data.customer ?? null,
        ssoID: sub.data.metadata?.userID ?? null,
        priceId: item?.price?.id ?? null,
        // A deletion event is final whatever status the object still shows.
        status: type === "customer.subscription.deleted" ? "canceled" : sub.data.status,
        periodEnd: iso(item?.current_period_end ?? sub.data.current_period_end),
        cancelAtPeriodEnd: sub.data.cancel_at_period_end ?? null,
        created,
      };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = invoiceSchema.safeParse(object);
      if (!invoice.success) return unreadable(type, invoice.error, object);
      const subscriptionId = invoice.data.parent?.subscription_details?.subscription ?? invoice.data.subscription ?? null;
      if (!subscriptionId) return { kind: "ignored", reason: "invoice without a subscription" };
      const line = invoice.data.lines?.data[0];
      return {
        kind: "subscription",
        subscriptionId,
        customerId: invoice.data.customer ?? null,
        ssoID: invoice.data.parent?.subscription_details?.metadata?.userID ?? null,
        priceId: line?.pricing?.price_details?.price ?? line?.price?.id ?? null,
        status: type === "invoice.paid" ? "active" : "past_due",
        periodEnd: iso(line?.period?.end),
        cancelAtPeriodEnd: null,
        created,
        ...(type === "invoice.paid"
          ? {
              payment: {
                invoiceId: invoice.data.id,
                keys: paymentKeys(invoice.data.id, [invoice.data, ...(invoice.data.payments?.data.map((p) => p.payment) ?? [])]),
                amountPaid: invoice.data.amount_paid ?? null,
              },
            }
          : {}),
      };
    }
    case "invoice_payment.paid": {
      const paid = invoicePaymentSchema.safeParse(object);
      if (!paid.success) return unreadable(type, paid.error, object);
      if (paid.data.status && paid.data.status !== "paid") return { kind: "ignored", reason: `invoice payment ${paid.data.status}` };
      const payment = { invoiceId: paid.data.invoice, keys: paymentKeys(paid.data.invoice, [paid.data.payment]), amountPaid: paid.data.amount_paid ?? null };
      return { kind: "invoice-payment", payment, created };
    }
    case "charge.refunded": {
      const charge = chargeSchema.safeParse(object);
      if (!charge.success) return unreadable(type, charge.error, object);
      const full = isFullRefund({ amount: charge.data.amount, amountRefunded: charge.data.amount_refunded, refunded: charge.data.refunded ?? false });
      return {
        kind: "reversal",
        id: charge.data.id,
        reversal: "refund",
        chargeId: charge.data.id,
        paymentIntentId: charge.data.payment_intent ?? null,
        invoiceId: charge.data.invoice ?? null,
        amount: charge.data.amount,
        amountReversed: charge.data.amount_refunded,
        status: full ? "full" : "partial",
        takesBack: full,
        rank: refundRank(full),
        created,
      };
    }
    case "charge.dispute.created":
    case "charge.dispute.updated":
    case "charge.dispute.closed": {
      const dispute = disputeSchema.safeParse(object);
      if (!dispute.success) return unreadable(type, dispute.error, object);
      const charge = dispute.data.charge;
      return {
        kind: "reversal",
        id: dispute.data.id,
        reversal: "dispute",
        chargeId: typeof charge === "string" ? charge : charge.id,
        paymentIntentId: dispute.data.payment_intent ?? null,
        invoiceId: typeof charge === "string" ? null : (charge.invoice ?? null),
        amount: dispute.data.amount,
        amountReversed: dispute.data.amount,
        status: dispute.data.status,
        takesBack: disputeTakesBack(dispute.data.status),
        rank: disputeRank(dispute.data.status),
        created,
      };
    }
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.async_payment_failed": {
      const session = checkoutSchema.safeParse(object);
      if (!session.success) return unreadable(type, session.error, object);
      const mode = session.data.mode;
      if (mode !== "subscription" && mode !== "payment") return { kind: "ignored", reason: `checkout mode ${mode}` };
      const meta = session.data.metadata ?? {};
      return {
        kind: "checkout",
        sessionId: session.data.id,
        mode,
        customerId: session.data.customer ?? null,
        subscriptionId: session.data.subscription ?? null,
        ssoID: meta.userID ?? session.data.client_reference_id ?? null,
        // A failed delayed payment leaves the session unpaid, whatever it said before.
        paid: type !== "checkout.session.async_payment_failed" && (session.data.payment_status === "paid" || session.data.payment_status === "no_payment_required"),
        priceId: meta.priceID ?? null,
        packageId: meta.packageID ?? null,
        created,
        failed: type === "checkout.session.async_payment_failed",
        paymentIntentId: session.data.payment_intent ?? null,
        invoiceId: session.data.invoice ?? null,
        amountTotal: session.data.amount_total ?? null,
        ...redeemed(session.data.discounts?.find((d) => d.promotion_code)?.promotion_code),
        amountDiscount: session.data.total_details?.amount_discount ?? null,
      };
    }
    default:
      return { kind: "ignored", reason: `unhandled type ${type}` };
  }
}
