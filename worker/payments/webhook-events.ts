import { z } from "zod";

/**
 * Stripe webhook events, parsed with zod into what the site needs to know (issue 11). Handles both
 * the current API shapes (period end on the subscription items, the invoice's subscription under
 * `parent`) and the older ones, since an account's webhook endpoint may be pinned to either.
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
}

export type Observation = SubscriptionObservation | CheckoutObservation | { kind: "ignored"; reason: string };

export const HANDLED_EVENT_TYPES = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
] as const;

const idOf = z.union([z.string(), z.object({ id: z.string() })]).transform((v) => (typeof v === "string" ? v : v.id));
const metadata = z.record(z.string(), z.string()).nullish();

const eventSchema = z.object({
  id: z.string().min(1),
  type: z.string(),
  created: z.number().int(),
  data: z.object({ object: z.unknown() }),
});

const subscriptionSchema = z.object({
  id: z.string(),
  customer: idOf.nullish(),
  status: z.string(),
  cancel_at_period_end: z.boolean().nullish(),
  current_period_end: z.number().nullish(),
  metadata,
  items: z
    .object({ data: z.array(z.object({ price: z.object({ id: z.string() }).nullish(), current_period_end: z.number().nullish() })) })
    .nullish(),
});

const invoiceSchema = z.object({
  id: z.string(),
  customer: idOf.nullish(),
  subscription: idOf.nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: idOf, metadata }).nullish() }).nullish(),
  lines: z
    .object({
      data: z.array(
        z.object({
          period: z.object({ end: z.number() }).nullish(),
          price: z.object({ id: z.string() }).nullish(),
          pricing: z.object({ price_details: z.object({ price: idOf }).nullish() }).nullish(),
        }),
      ),
    })
    .nullish(),
});

const checkoutSchema = z.object({
  id: z.string(),
  mode: z.string(),
  customer: idOf.nullish(),
  subscription: idOf.nullish(),
  payment_status: z.string(),
  client_reference_id: z.string().nullish(),
  metadata,
});

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

/** What a verified event tells the site, or why it is ignored. */
export function observe(payload: unknown): Observation {
  const event = eventSchema.safeParse(payload);
  if (!event.success) return { kind: "ignored", reason: "not an event" };
  const { type, created } = event.data;
  const object = event.data.data.object;
  switch (type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const sub = subscriptionSchema.safeParse(object);
      if (!sub.success) return { kind: "ignored", reason: `malformed ${type}` };
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
      if (!invoice.success) return { kind: "ignored", reason: `malformed ${type}` };
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
      };
    }
    case "checkout.session.completed": {
      const session = checkoutSchema.safeParse(object);
      if (!session.success) return { kind: "ignored", reason: `malformed ${type}` };
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
        paid: session.data.payment_status === "paid" || session.data.payment_status === "no_payment_required",
        priceId: meta.priceID ?? null,
        packageId: meta.packageID ?? null,
        created,
      };
    }
    default:
      return { kind: "ignored", reason: `unhandled type ${type}` };
  }
}
