// A subscription cancelled at period end grants until `current_period_end` and no longer,
// whether or not Stripe's deletion event has arrived (check on read, then the scheduled sweep), and
// the dev portal sends that deletion itself once the period is over.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accountOf, createAccount, deliver, paidEntitlements, type StripeEvent } from "./stripe-fixtures";
import { signedIn } from "./auth-test-app";
import { findAccount, userFromRow } from "../../worker/accounts/accounts";
import { sweepPayments } from "../../worker/payments/payment-sweep";

const now = () => Math.floor(Date.now() / 1000);
let n = 0;
const event = (type: string, created: number, object: Record<string, unknown>): StripeEvent => ({ id: `evt_pe_${++n}_${crypto.randomUUID()}`, object: "event", type, created, data: { object } });
const sub = (id: string, user: string, price: string, periodEnd: number, cancelAtPeriodEnd: boolean, status = "active") => ({
  id,
  object: "subscription",
  customer: `cus_${user}`,
  status,
  cancel_at_period_end: cancelAtPeriodEnd,
  metadata: { userID: user },
  items: { object: "list", data: [{ price: { id: price }, current_period_end: periodEnd }] },
});

async function heldEntitlements(ssoID: string): Promise<string[]> {
  const row = await findAccount(env.DB, ssoID);
  return row ? userFromRow(row).entitlements.sort() : [];
}

async function statusOf(subscriptionId: string): Promise<string | undefined> {
  return (await env.DB.prepare("SELECT status FROM stripe_subscriptions WHERE id = ?1").bind(subscriptionId).first<{ status: string }>())?.status;
}

/** Moves the clock of the worker code (Date only) on by `seconds`: reading an account honours the end by Date.now. */
function later(seconds: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + seconds * 1000);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("cancelled at period end", () => {
  it("a short period: held until it ends, gone on read right after (no deletion event yet), the sweep clears D1, a late deletion changes nothing", async () => {
    const user = "pay-short-period";
    await createAccount(user);
    const start = now();
    const periodEnd = start + 3;
    expect((await deliver(event("customer.subscription.created", start, sub("sub_short", user, "price_roverstv_month", periodEnd, false)))).status).toBe(200);
    expect((await deliver(event("customer.subscription.updated", start, sub("sub_short", user, "price_roverstv_month", periodEnd, true)))).status).toBe(200);
    expect(await heldEntitlements(user)).toEqual(["roverstv"]);
    expect(JSON.parse((await env.DB.prepare("SELECT paid_entitlement_ends AS e FROM accounts WHERE sso_id = ?1").bind(user).first<{ e: string }>())!.e)).toEqual({
      roverstv: new Date(periodEnd * 1000).toISOString(),
    });

    // the period ends; Stripe's deletion event has not come
    await expect.poll(() => heldEntitlements(user), { timeout: 15_000, interval: 250 }).toEqual([]);
    expect(await paidEntitlements(user)).toEqual(["roverstv"]); // still in D1 until the sweep
    expect(await statusOf("sub_short")).toBe("active");
    const swept = await sweepPayments(env);
    expect(swept.recomputed).toBeGreaterThanOrEqual(1);
    expect(await paidEntitlements(user)).toEqual([]);

    // the late deletion, and a late stale renewal of the old period, change nothing
    expect((await deliver(event("customer.subscription.deleted", periodEnd, sub("sub_short", user, "price_roverstv_month", periodEnd, true, "canceled")))).status).toBe(200);
    expect((await deliver(event("customer.subscription.updated", start, sub("sub_short", user, "price_roverstv_month", periodEnd, false)))).status).toBe(200);
    expect(await heldEntitlements(user)).toEqual([]);
    expect(await statusOf("sub_short")).toBe("canceled");
  });

  it("another source of the same entitlement that renews keeps it: no end is recorded", async () => {
    const user = "pay-two-sources";
    await createAccount(user);
    const start = now();
    await deliver(event("customer.subscription.created", start, sub("sub_two_a", user, "price_roverstv_month", start + 2, true)));
    await deliver(event("customer.subscription.created", start, sub("sub_two_b", user, "price_roverstv_year", start + 365 * 86_400, false)));
    expect((await accountOf(user))?.paid_entitlements).toBe('["roverstv"]');
    expect((await env.DB.prepare("SELECT paid_entitlement_ends AS e FROM accounts WHERE sso_id = ?1").bind(user).first<{ e: string }>())!.e).toBe("{}");
    later(3); // past sub_two_a's end, to show it does not matter
    expect(await heldEntitlements(user)).toEqual(["roverstv"]);
  });

  it("the dev portal: cancel at period end, the period ends, the sweep sends customer.subscription.deleted and the entitlement goes", async () => {
    const { b, identity } = await signedIn();
    const post = (path: string, body: unknown) => b.fetch(path, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });
    const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
    const { url } = (await (await post("/api/checkout", { packageID: "roverstv", priceID: "price_roverstv_month" })).json()) as { url: string };
    expect((await b.fetch(`${url}/pay`, form({ promo: "FIRSTMONTH" }))).status).toBe(303);
    const subscription = /name="subscription" value="([^"]+)"/.exec(await (await b.fetch("/dev-payments/portal")).text())![1]!;
    expect((await b.fetch("/dev-payments/portal/cancel", form({ subscription, when: "period-end" }))).status).toBe(303);
    expect(await heldEntitlements(identity.ssoID)).toEqual(["roverstv"]);
    expect(await sweepPayments(env)).toMatchObject({ devDeletions: 0 }); // the period is a month away

    // a test clock: the period ended a second ago
    await env.DB.prepare("UPDATE stripe_subscriptions SET current_period_end = ?2 WHERE id = ?1").bind(subscription, new Date(Date.now() - 1_000).toISOString()).run();
    expect(await sweepPayments(env)).toMatchObject({ devDeletions: 1 });
    expect(await statusOf(subscription)).toBe("canceled");
    expect(await paidEntitlements(identity.ssoID)).toEqual([]);
    expect(await heldEntitlements(identity.ssoID)).toEqual([]);
    const deletions = await env.DB.prepare("SELECT COUNT(*) AS n FROM processed_webhook_events WHERE type = 'customer.subscription.deleted'").first<{ n: number }>();
    expect(deletions!.n).toBeGreaterThanOrEqual(1);
  });
});
