import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { browser, devToken, freshIdentity, signInWithToken, type Browser } from "./auth-test-app";
import { CONSOLE_VARS, account, roleAccount } from "./staff-accounts";
import { goLive } from "./live-media";
import type { AccountDetail } from "../../src/schemas/console-accounts";
import { PAYMENT_TO_REFUND_SQL } from "../../worker/console/care-payments";
import { queryPlan } from "./staff-accounts";

/**
 * Supporter care's refunds and cancellations (/api/console/accounts/:ssoID/payments/:reference/refund,
 * …/subscriptions/:id/cancel). Offline, the dev checkout's stand-in sends Stripe's events at once,
 * so a purchase made through the dev checkout is refunded or cancelled end to end: the webhook
 * takes the access back and ends the live stream. With a key, Stripe's API (the stand-in server,
 * tests/worker/stripe-stand-in.ts) receives the calls.
 */

const MEN_AUDIO = "men-audio-commentary"; // roverstv+, active
const standIn = inject("stripeStandIn");

const post = (b: Browser, path: string, body?: unknown) =>
  b.fetch(`/api/console/accounts/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body ?? {}) });
const errorsOf = async (res: Response) => ((await res.json()) as { errors: { code: string; field?: string; detail: string }[] }).errors;
const form = (fields: Record<string, string>) => ({ body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });

async function detail(b: Browser, ssoID: string): Promise<AccountDetail> {
  const res = await b.fetch(`/api/console/accounts/${encodeURIComponent(ssoID)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { attributes: AccountDetail } }).data.attributes;
}
async function held(b: Browser): Promise<string[]> {
  const res = await b.fetch("/api/session");
  return ((await res.json()) as { data: { attributes: { entitlements: string[] } } | null }).data?.attributes.entitlements ?? [];
}

/** Buys `priceID` of `packageID` through the dev checkout, with `promo` or none. */
async function buy(b: Browser, packageID: string, priceID: string, promo = "") {
  const created = await b.fetch("/api/checkout", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ packageID, priceID }) });
  expect(created.status).toBe(200);
  const { url } = (await created.json()) as { url: string };
  const paid = await b.fetch(`${url}/pay`, { method: "POST", ...form({ promo }) });
  expect(paid.status).toBe(303);
}

const auditOf = (ssoID: string, action: string) =>
  env.DB.prepare("SELECT status, detail FROM admin_audit_log WHERE target = ?1 AND action = ?2 ORDER BY id").bind(ssoID, action).all<{ status: number; detail: string }>().then((r) => r.results);

describe("refunds from the account page (offline: the dev checkout's stand-in)", () => {
  it("a part leaves the access; the rest takes it back at once and ends the live stream; both audited; a third is refused", async () => {
    const { b: staff } = await roleAccount("care-refund", ["support"]);
    const { b: fan, identity } = await account("refunded");
    await buy(fan, "roverstv-plus", "price_roverstv_plus_month");
    expect(await held(fan)).toEqual(["roverstv+"]);
    const row = (await detail(staff, identity.ssoID)).payments.find((p) => p.kind === "subscription")!;
    expect(row).toMatchObject({ paidPence: 599, refundedPence: 0, reversed: false });

    await goLive(MEN_AUDIO, "audio");
    const check = await fan.fetch("/api/session/check", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ data: { attributes: { videoID: MEN_AUDIO, mediaType: "audio" } } }) });
    expect(check.status).toBe(200);
    const sessions = () => env.STREAM_SESSIONS.get(env.STREAM_SESSIONS.idFromName(identity.ssoID)).sessions();
    expect(await sessions()).toHaveLength(1);

    const part = await post(staff, `${identity.ssoID}/payments/${row.reference}/refund`, { amount: "2.00" });
    expect(part.status).toBe(200);
    expect(((await part.json()) as { data: { attributes: { amountPence: number; full: boolean } } }).data.attributes).toMatchObject({ amountPence: 200, full: false });
    expect(await held(fan)).toEqual(["roverstv+"]);
    expect(await sessions()).toHaveLength(1);
    expect((await detail(staff, identity.ssoID)).payments.find((p) => p.reference === row.reference)).toMatchObject({ refundedPence: 200, reversed: false });

    const tooMuch = await post(staff, `${identity.ssoID}/payments/${row.reference}/refund`, { amount: "4" });
    expect(tooMuch.status).toBe(400);
    expect((await errorsOf(tooMuch)).map((e) => [e.field, e.detail])).toEqual([["amount", "At most £3.99, what is left of this payment"]]);

    const rest = await post(staff, `${identity.ssoID}/payments/${row.reference}/refund`, { amount: "" });
    expect(rest.status).toBe(200);
    expect(((await rest.json()) as { data: { attributes: { amountPence: number; full: boolean } } }).data.attributes).toMatchObject({ amountPence: 399, full: true });
    expect(await held(fan)).toEqual([]);
    expect(await sessions()).toEqual([]);
    expect((await detail(staff, identity.ssoID)).payments.find((p) => p.reference === row.reference)).toMatchObject({ refundedPence: 599, reversed: true });

    const again = await post(staff, `${identity.ssoID}/payments/${row.reference}/refund`, {});
    expect(again.status).toBe(409);
    expect((await errorsOf(again))[0]!.code).toBe("ALREADY_REFUNDED");

    const audit = await auditOf(identity.ssoID, "accounts.refund");
    expect(audit.map((a) => a.status)).toEqual([200, 400, 200, 409]);
    expect(JSON.parse(audit[2]!.detail)).toMatchObject({ before: { paid: 599, refunded: 200, entitlements: ["roverstv+"] }, after: { refunded: 599, full: true, entitlements: [] } });
  });

  it("refunds a match pass; refuses a payment of nothing (a free first month), another account's payment and a bad amount", async () => {
    const { b: staff } = await roleAccount("care-refund-pass", ["support"]);
    const { b: fan, identity } = await account("pass-refunded");
    const pass = await env.DB.prepare("SELECT p.id AS package, r.id AS price FROM packages p JOIN prices r ON r.package_id = p.id WHERE p.package_type = 'match-pass' AND p.active = 1 AND r.active = 1 LIMIT 1").first<{ package: string; price: string }>();
    await buy(fan, pass!.package, pass!.price);
    const row = (await detail(staff, identity.ssoID)).payments.find((p) => p.kind === "match-pass")!;
    expect(row.paidPence).toBeGreaterThan(0);
    const words = await post(staff, `${identity.ssoID}/payments/${row.reference}/refund`, { amount: "a fiver" });
    expect((await errorsOf(words)).map((e) => e.field)).toEqual(["amount"]);
    expect((await post(staff, `${identity.ssoID}/payments/${row.reference}/refund`, {})).status).toBe(200);
    expect((await held(fan)).filter((e) => e.startsWith("matchpass-"))).toEqual([]);

    const { b: other, identity: otherIdentity } = await account("free-month");
    await buy(other, "roverstv", "price_roverstv_month", "FIRSTMONTH");
    const free = (await detail(staff, otherIdentity.ssoID)).payments.find((p) => p.kind === "subscription")!;
    const nothing = await post(staff, `${otherIdentity.ssoID}/payments/${free.reference}/refund`, {});
    expect(nothing.status).toBe(409);
    expect((await errorsOf(nothing))[0]!.code).toBe("NOTHING_PAID");
    // one account's payment through another account's page
    const elsewhere = await post(staff, `${otherIdentity.ssoID}/payments/${row.reference}/refund`, {});
    expect(elsewhere.status).toBe(404);
    expect((await errorsOf(elsewhere))[0]!.code).toBe("PAYMENT_NOT_FOUND");
  });

  it("finds the payment by keys alone", async () => {
    const plan = (await queryPlan(PAYMENT_TO_REFUND_SQL, 1, "sub_x")).join("\n");
    expect(plan).not.toMatch(/SCAN (u|s|i|l|k)\b/);
  });
});

describe("cancelling from the account page (offline)", () => {
  it("at the period's end keeps the access until then; now takes it away; each refused once done", async () => {
    const { b: staff } = await roleAccount("care-cancel", ["support"]);
    const { b: fan, identity } = await account("cancelled");
    await buy(fan, "roverstv", "price_roverstv_month");
    const sub = (await detail(staff, identity.ssoID)).payments.find((p) => p.kind === "subscription")!;
    const path = `${identity.ssoID}/subscriptions/${sub.reference}/cancel`;

    expect((await errorsOf(await post(staff, path, { when: "tomorrow" }))).map((e) => e.field)).toEqual(["when"]);
    expect((await post(staff, path, { when: "period-end" })).status).toBe(200);
    expect(await held(fan)).toEqual(["roverstv"]);
    expect((await detail(staff, identity.ssoID)).payments.find((p) => p.reference === sub.reference)).toMatchObject({ cancelAtPeriodEnd: true });
    expect((await errorsOf(await post(staff, path, { when: "period-end" })))[0]!.code).toBe("ALREADY_CANCELLING");

    expect((await post(staff, path, { when: "now" })).status).toBe(200);
    expect(await held(fan)).toEqual([]);
    expect((await errorsOf(await post(staff, path, { when: "now" })))[0]!.code).toBe("SUBSCRIPTION_ENDED");
    const audit = await auditOf(identity.ssoID, "accounts.cancel-subscription");
    expect(audit.map((a) => a.status)).toEqual([400, 200, 409, 200, 409]);
    expect(JSON.parse(audit[3]!.detail)).toMatchObject({ before: { entitlements: ["roverstv"] }, after: { when: "now", entitlements: [] } });
  });

  it("needs accounts.support: commerce is refused (403) and nothing is called", async () => {
    const { b: commerce } = await roleAccount("care-commerce", ["commerce"]);
    const { identity } = await account("untouched");
    const res = await post(commerce, `${identity.ssoID}/subscriptions/sub_x/cancel`, { when: "now" });
    expect(res.status).toBe(403);
  });
});

describe("with Stripe (the stand-in as Stripe's API)", () => {
  const STRIPE = { STRIPE_SECRET_KEY: "sk_test_northbridge_care", STRIPE_API_URL: standIn };

  async function supportWith(vars: Record<string, string>): Promise<Browser> {
    const identity = freshIdentity("care-stripe");
    const b = browser({ ...CONSOLE_VARS, ...vars });
    expect((await signInWithToken(b, (nonce) => devToken(identity, { nonce }))).status).toBe(302);
    await env.DB.prepare("INSERT INTO staff_roles (account, role, granted_by) VALUES (?1, 'support', 'test')").bind(identity.ssoID).run();
    return b;
  }

  /** A paid match pass as the webhook would have recorded it: the checkout, its amount and its payment intent. */
  async function paidPass(ssoID: string, tag: string) {
    const pass = await env.DB.prepare("SELECT p.id AS package, r.id AS price FROM packages p JOIN prices r ON r.package_id = p.id WHERE p.package_type = 'match-pass' LIMIT 1").first<{ package: string; price: string }>();
    await env.DB.prepare(
      `INSERT INTO purchases (account_id, package_id, price_id, mode, stripe_session_id, status, amount_paid, paid_at)
       SELECT id, ?2, ?3, 'payment', ?4, 'paid', 499, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM accounts WHERE sso_id = ?1`,
    ).bind(ssoID, pass!.package, pass!.price, `cs_test_${tag}`).run();
    await env.DB.prepare("INSERT INTO stripe_payment_keys (key, payment_id) VALUES (?1, ?2), (?2, ?2)").bind(`pi_test_${tag}`, `cs_test_${tag}`).run();
  }

  it("asks Stripe to refund the payment intent the amount typed, and cancel through its API; a Stripe failure is 502 STRIPE_FAILED", async () => {
    const support = await supportWith(STRIPE);
    const { identity } = await account("stripe-refund");
    const tag = crypto.randomUUID().slice(0, 8);
    await paidPass(identity.ssoID, tag);
    const res = await post(support, `${identity.ssoID}/payments/cs_test_${tag}/refund`, { amount: "1.50" });
    expect(res.status).toBe(200);
    const requests = (await (await fetch(`${standIn}/__requests`)).json()) as { method: string; path: string; authorization: string; body: string }[];
    const refund = requests.filter((r) => r.path === "/v1/refunds" && r.authorization.includes("sk_test_northbridge_care")).at(-1)!;
    expect(Object.fromEntries(new URLSearchParams(refund.body))).toMatchObject({ payment_intent: `pi_test_${tag}`, amount: "150" });

    await env.DB.prepare(
      "INSERT INTO stripe_subscriptions (id, customer_id, account_id, price_id, status, current_period_end, state_created, state_rank) SELECT ?2, 'cus_x', id, 'price_roverstv_month', 'active', '2099-01-01T00:00:00.000Z', 1, 1 FROM accounts WHERE sso_id = ?1",
    ).bind(identity.ssoID, `sub_test_${tag}`).run();
    expect((await post(support, `${identity.ssoID}/subscriptions/sub_test_${tag}/cancel`, { when: "period-end" })).status).toBe(200);
    expect((await post(support, `${identity.ssoID}/subscriptions/sub_test_${tag}/cancel`, { when: "now" })).status).toBe(200);
    const calls = ((await (await fetch(`${standIn}/__requests`)).json()) as { method: string; path: string; body: string }[]).filter((r) => r.path === `/v1/subscriptions/sub_test_${tag}`);
    expect(calls.map((r) => [r.method, r.body])).toEqual([
      ["POST", "cancel_at_period_end=true"],
      ["DELETE", ""],
    ]);

    const failing = await supportWith({ ...STRIPE, STRIPE_SECRET_KEY: "sk_test_fail_care" });
    const failed = await post(failing, `${identity.ssoID}/payments/cs_test_${tag}/refund`, {});
    expect(failed.status).toBe(502);
    expect((await errorsOf(failed))[0]!.code).toBe("STRIPE_FAILED");
  });
});
