import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { browser, devToken, freshIdentity, signInWithToken, type Browser } from "./auth-test-app";
import { charge, createAccount, deliver, stripeEvent } from "./stripe-fixtures";
import { bindWindow, revenue, REVENUE_QUERIES } from "../../worker/console/revenue";
import { storeEvents } from "../../worker/events/event-store";
import { revenueAnswerSchema, type Revenue } from "../../src/schemas/console-revenue";

/**
 * The console's 'Subscriptions and revenue': every figure of worker/console/revenue.ts against
 * one computed by hand from a fixed data set in the payments tables (refunds, a dispute, a
 * cancellation, a period ended, promotion codes, consent), in a window (2031) nothing else of this
 * file writes into; then the webhook storing what was paid, the 404s, and the indexes.
 */

const NOW = Date.parse("2031-03-31T12:00:00Z"); // window: 2031-01-01 .. 2031-03-31
const TOKEN = "admin-token-for-tests-0123456789abcdef";
const VARS = { ADMIN_TOKEN: TOKEN };
const unix = (iso: string) => Date.parse(iso) / 1000;

async function run(sql: string, ...params: unknown[]) {
  await env.DB.prepare(sql).bind(...params).run();
}
const accountId = "(SELECT id FROM accounts WHERE sso_id = ?1)";

async function account(sso: string, createdAt: string) {
  await run("INSERT INTO accounts (sso_id, email, created_at) VALUES (?1, ?2, ?3)", sso, `${sso}@rovers.test`, createdAt);
}
async function subscription(id: string, sso: string, price: string, status: string, startedAt: string, stateAt: string, periodEnd: string | null = null) {
  await run(
    `INSERT INTO stripe_subscriptions (id, account_id, price_id, status, current_period_end, cancel_at_period_end, state_created, state_rank, started_at)
     VALUES (?2, ${accountId}, ?3, ?4, ?5, ?6, ?7, 1, ?8)`,
    sso, id, price, status, periodEnd, periodEnd ? 1 : 0, unix(stateAt), unix(startedAt),
  );
}
async function invoice(id: string, sub: string, paidAt: string, pence: number) {
  await run("INSERT INTO stripe_invoices (id, subscription_id, paid_at, amount_paid) VALUES (?1, ?2, ?3, ?4)", id, sub, unix(paidAt), pence);
}
async function purchase(sso: string, p: { session: string; packageId: string; priceId: string; mode: string; status: string; pence: number; paidAt: string | null; promo?: string }) {
  await run(
    `INSERT INTO purchases (account_id, package_id, price_id, mode, stripe_session_id, status, amount_paid, paid_at, promotion_code)
     VALUES (${accountId}, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)`,
    sso, p.packageId, p.priceId, p.mode, p.session, p.status, p.pence, p.paidAt, p.promo ?? null,
  );
}
async function reversal(id: string, kind: "refund" | "dispute", amount: number, reversed: number, at: string) {
  await run(
    `INSERT INTO stripe_reversals (id, kind, charge_id, amount, amount_reversed, status, takes_back, state_created, state_rank)
     VALUES (?1, ?2, ?1, ?3, ?4, 'full', 1, ?5, 1)`,
    id, kind, amount, reversed, unix(at),
  );
}
/** A page view through the events store (D1 path), received at `at`. */
async function visit(session: string, at: string, consented: boolean) {
  const event = { action: "pageView" as const, channel: "web" as const, domain: "rovers.test", logID: 1, screensize: "1440x900", ssoVendor: "dev", userAgent: "test", sessionID: session, ssoID: "", timestamp: at, url: "/", userAllowTracking: consented };
  await storeEvents({ DB: env.DB }, [event], Date.parse(at));
}

type Pass = { packageId: string; priceId: string; matchId: number };
let passA: Pass;
let passB: Pass;

beforeAll(async () => {
  const { results } = await env.DB.prepare(
    `SELECT k.id AS packageId, p.id AS priceId, k.match_id AS matchId FROM packages k JOIN prices p ON p.package_id = k.id
      WHERE k.package_type = 'match-pass' AND k.match_id IS NOT NULL ORDER BY k.id LIMIT 2`,
  ).all<Pass>();
  if (!results[0] || !results[1]) throw new Error("the seed has fewer than two match passes");
  [passA, passB] = [results[0], results[1]];

  await account("rev-a1", "2030-12-15T10:00:00.000Z"); // before the window
  await account("rev-a2", "2031-01-10T09:00:00.000Z");
  await account("rev-a3", "2031-02-01T09:00:00.000Z");
  await account("rev-a4", "2031-02-01T18:00:00.000Z");
  await account("rev-a5", "2031-03-30T09:00:00.000Z");
  await account("rev-a6", "2031-03-31T08:00:00.000Z");

  await subscription("sub_r1", "rev-a1", "price_roverstv_plus_year", "active", "2030-12-16T10:00:00Z", "2030-12-16T10:00:00Z");
  await subscription("sub_r2", "rev-a2", "price_roverstv_plus_month", "active", "2031-01-10T09:05:00Z", "2031-03-10T09:05:00Z");
  // cancelled at a period end still ahead: active
  await subscription("sub_r3", "rev-a3", "price_roverstv_month", "active", "2031-02-01T09:05:00Z", "2031-03-01T09:05:00Z", "2031-04-15T00:00:00.000Z");
  await subscription("sub_r4", "rev-a4", "price_roverstv_year", "canceled", "2031-02-01T18:05:00Z", "2031-03-01T12:00:00Z");
  // cancelled at a period end already past: not active, not (yet) deleted
  await subscription("sub_r5", "rev-a1", "price_roverstv_month", "active", "2031-02-20T10:00:00Z", "2031-02-20T10:00:00Z", "2031-03-20T00:00:00.000Z");
  await subscription("sub_r6", "rev-a6", "price_roverstv_plus_month", "trialing", "2031-03-31T08:05:00Z", "2031-03-31T08:05:00Z");

  await invoice("in_r1", "sub_r1", "2030-12-16T10:00:00Z", 4499); // before the window
  await invoice("in_r2", "sub_r2", "2031-01-10T09:05:00Z", 0); // FIRSTMONTH
  await invoice("in_r3", "sub_r2", "2031-02-10T09:05:00Z", 599);
  await invoice("in_r4", "sub_r2", "2031-03-10T09:05:00Z", 599);
  await invoice("in_r5", "sub_r3", "2031-02-01T09:05:00Z", 199);
  await invoice("in_r6", "sub_r3", "2031-03-01T09:05:00Z", 199);
  await invoice("in_r7", "sub_r4", "2031-02-01T18:05:00Z", 1499); // refunded on 1 March
  await invoice("in_r8", "sub_r5", "2031-02-20T10:00:00Z", 199);

  const pass = (p: Pass) => ({ packageId: p.packageId, priceId: p.priceId, mode: "payment" });
  await purchase("rev-a2", { ...pass(passA), session: "cs_r1", status: "paid", pence: 500, paidAt: "2031-01-20T12:00:00.000Z" });
  await purchase("rev-a3", { ...pass(passA), session: "cs_r2", status: "paid", pence: 450, paidAt: "2031-03-05T12:00:00.000Z", promo: "MATCHDAY10" });
  await purchase("rev-a5", { ...pass(passB), session: "cs_r3", status: "paid", pence: 300, paidAt: "2031-03-30T12:00:00.000Z" });
  await purchase("rev-a4", { ...pass(passB), session: "cs_r4", status: "pending", pence: 0, paidAt: null });
  await purchase("rev-a1", { ...pass(passA), session: "cs_r5", status: "paid", pence: 500, paidAt: "2030-12-20T12:00:00.000Z" });
  const plusMonth = { packageId: "roverstv-plus", priceId: "price_roverstv_plus_month", mode: "subscription", status: "active", pence: 0, promo: "FIRSTMONTH" };
  await purchase("rev-a2", { ...plusMonth, session: "cs_r6", paidAt: "2031-01-10T09:05:00.000Z" });
  await purchase("rev-a6", { ...plusMonth, session: "cs_r7", paidAt: "2031-03-31T08:05:00.000Z" });

  await reversal("ch_r7", "refund", 1499, 1499, "2031-03-01T12:00:00Z");
  await reversal("ch_r3", "refund", 300, 100, "2031-03-31T09:00:00Z"); // partial
  await reversal("du_r1", "dispute", 599, 599, "2031-03-15T09:00:00Z"); // not a refund
  await reversal("ch_r0", "refund", 500, 500, "2030-12-21T09:00:00Z"); // before the window

  await visit("v1", "2031-01-05T10:00:00.000Z", true);
  await visit("v1", "2031-01-06T10:00:00.000Z", true);
  await visit("v1", "2031-01-06T11:00:00.000Z", true);
  await visit("v2", "2031-02-01T08:00:00.000Z", true);
  await visit("v3", "2031-02-02T08:00:00.000Z", false);
  await visit("v3", "2031-02-03T08:00:00.000Z", false);
  await visit("v4", "2030-12-31T23:59:00.000Z", true);
  await visit("v5", "2031-03-31T10:00:00.000Z", true);
});

const nonZero = (r: Revenue, key: Exclude<keyof Revenue["days"][number], "day">) =>
  Object.fromEntries(r.days.filter((d) => d[key] !== 0).map((d) => [d.day, d[key]]));

describe("the revenue figures, by hand", () => {
  it("active subscribers by tier and MRR: granting, not past a cancelled period's end; a year counts a twelfth", async () => {
    const r = await revenue(env.DB, NOW);
    expect([r.from, r.to, r.days.length]).toEqual(["2031-01-01", "2031-03-31", 90]);
    // Rovers TV+: sub_r1 (4499/year), sub_r2 and sub_r6 (599/month) → (4499 + 12 × 1198) / 12 = 1572.92 → 1573
    // Rovers TV: sub_r3 (199/month; sub_r4 cancelled, sub_r5's period is over) → 199
    expect(r.tiers).toEqual([
      { packageID: "roverstv-plus", title: expect.any(String), subscribers: 3, mrrPence: 1573 },
      { packageID: "roverstv", title: expect.any(String), subscribers: 1, mrrPence: 199 },
    ]);
    expect(r.activeSubscribers).toBe(4);
    expect(r.mrrPence).toBe(1772); // (4499 + 12 × (599 + 599 + 199)) / 12 = 1771.92
  });

  it("new, cancelled and refunded per day, and the money taken and refunded per day", async () => {
    const r = await revenue(env.DB, NOW);
    expect(nonZero(r, "newSubscriptions")).toEqual({ "2031-01-10": 1, "2031-02-01": 2, "2031-02-20": 1, "2031-03-31": 1 });
    expect(nonZero(r, "cancelled")).toEqual({ "2031-03-01": 1 });
    expect(nonZero(r, "refunds")).toEqual({ "2031-03-01": 1, "2031-03-31": 1 });
    expect(nonZero(r, "refundedPence")).toEqual({ "2031-03-01": 1499, "2031-03-31": 100 });
    expect(nonZero(r, "subscriptionPence")).toEqual({ "2031-02-01": 1698, "2031-02-10": 599, "2031-02-20": 199, "2031-03-01": 199, "2031-03-10": 599 });
    expect(nonZero(r, "matchPassPence")).toEqual({ "2031-01-20": 500, "2031-03-05": 450, "2031-03-30": 300 });
    expect(nonZero(r, "signUps")).toEqual({ "2031-01-10": 1, "2031-02-01": 2, "2031-03-30": 1, "2031-03-31": 1 });
    const total = (key: "subscriptionPence" | "matchPassPence" | "refundedPence") => r.days.reduce((n, d) => n + d[key], 0);
    expect([total("subscriptionPence"), total("matchPassPence"), total("refundedPence")]).toEqual([3294, 1250, 1599]);
  });

  it("match passes per match, vouchers, and the funnel (consented visits only)", async () => {
    const r = await revenue(env.DB, NOW);
    const byMatch = Object.fromEntries(r.matchPasses.map((m) => [m.matchID, [m.sold, m.revenuePence]]));
    expect(byMatch).toEqual({ [passA.matchId]: [2, 950], [passB.matchId]: [1, 300] });
    expect(r.matchPasses.every((m) => / v /.test(m.title))).toBe(true);
    expect(r.vouchers).toEqual([
      { code: "FIRSTMONTH", redemptions: 2 },
      { code: "MATCHDAY10", redemptions: 1 },
    ]);
    // A visit is a session's day: v1 (three events on two days) 2, v2 1, v5 1; v3 did not consent,
    // v4 is before the window. Sign-ups a2..a6; of those a2, a3, a4 and a6 started a subscription
    // (a5 did not; sub_r5 is a1's).
    expect(r.funnel).toEqual({ visits: 4, signUps: 5, subscribers: 4 });
  });

  it("every query reads an index, not a whole table (EXPLAIN QUERY PLAN); the catalogue's prices and packages are a few rows", async () => {
    for (const sql of REVENUE_QUERIES) {
      const { results } = await bindWindow(env.DB, `EXPLAIN QUERY PLAN ${sql}`, [0, "2031-01-01", "2031-03-31"]).all<{ detail: string }>();
      const scans = results.map((r) => r.detail).filter((d) => /^SCAN /.test(d) && !/USING (COVERING )?INDEX/.test(d));
      expect(scans.filter((d) => !/^SCAN (p|k|g)\b/.test(d)), sql).toEqual([]);
    }
  });
});

async function staffBrowser(staff: boolean): Promise<Browser> {
  const identity = freshIdentity(staff ? "rev-staff" : "rev-fan");
  const b = browser(VARS);
  const res = await signInWithToken(b, (nonce) => devToken(identity, { nonce }));
  expect(res.status).toBe(302);
  if (staff) await run("INSERT INTO staff_roles (account, role, granted_by) VALUES (?1, 'commerce', 'test')", identity.ssoID);
  return b;
}

async function revenueNow(b: Browser): Promise<Revenue> {
  const res = await b.fetch("/api/console/revenue");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  return revenueAnswerSchema.parse(await res.json()).data.attributes;
}

const taken = (r: Revenue) => r.days.reduce((n, d) => n + d.subscriptionPence + d.matchPassPence, 0);
const refunded = (r: Revenue) => r.days.reduce((n, d) => n + d.refundedPence, 0);

describe("GET /api/console/revenue and /admin/revenue", () => {
  it("are 404 for a visitor and a supporter, the page and the JSON for staff", async () => {
    const visitor = browser(VARS);
    const fan = await staffBrowser(false);
    for (const b of [visitor, fan]) {
      expect((await b.fetch("/api/console/revenue")).status).toBe(404);
      const page = await b.fetch("/admin/revenue");
      expect(page.status).toBe(404);
      expect(await page.text()).not.toContain("Subscriptions and revenue");
    }
    const staff = await staffBrowser(true);
    const page = await staff.fetch("/admin/revenue");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain("Active subscribers by tier");
    expect(html).toContain('href="/admin/revenue"');
    expect((await revenueNow(staff)).days).toHaveLength(90);
  });

  it("a paid webhook raises the figures by exactly what Stripe says was paid; a refund lowers net by what was refunded", async () => {
    const staff = await staffBrowser(true);
    const before = await revenueNow(staff);
    const sso = `rev-hook-${crypto.randomUUID().slice(0, 8)}`;
    await createAccount(sso);
    const now = Math.floor(Date.now() / 1000);
    const meta = { userID: sso, packageID: passA.packageId, priceID: passA.priceId };
    const session = { object: "checkout.session", mode: "payment", customer: `cus_${sso}`, payment_status: "paid", metadata: meta, amount_total: 375 };
    const promo = [{ promotion_code: { id: "promo_1", code: "SPRING25" } }];
    expect((await deliver(stripeEvent("checkout.session.completed", now, { ...session, id: `cs_${sso}`, payment_intent: `pi_${sso}`, discounts: promo }))).status).toBe(200);
    // a subscription: the first invoice states its amount on the checkout, invoice.paid and invoice_payment.paid (counted once)
    const sub = `sub_${sso}`;
    const subSession = { ...session, id: `cs2_${sso}`, mode: "subscription", subscription: sub, invoice: `in_${sso}`, amount_total: 599, metadata: { userID: sso, packageID: "roverstv-plus", priceID: "price_roverstv_plus_month" } };
    expect((await deliver(stripeEvent("checkout.session.completed", now, subSession))).status).toBe(200);
    const lines = { data: [{ period: { end: now + 30 * 86_400 }, pricing: { price_details: { price: "price_roverstv_plus_month" } } }] };
    const paid = { id: `in_${sso}`, object: "invoice", customer: `cus_${sso}`, amount_paid: 599, parent: { subscription_details: { subscription: sub, metadata: { userID: sso } } }, lines };
    expect((await deliver(stripeEvent("invoice.paid", now, paid))).status).toBe(200);
    expect((await deliver(stripeEvent("invoice_payment.paid", now, { invoice: `in_${sso}`, status: "paid", amount_paid: 599, payment: { payment_intent: `pi2_${sso}` } }))).status).toBe(200);

    const after = await revenueNow(staff);
    expect(taken(after) - taken(before)).toBe(375 + 599);
    expect(after.mrrPence - before.mrrPence).toBe(599);
    expect(after.activeSubscribers - before.activeSubscribers).toBe(1);
    const code = (r: Revenue) => r.vouchers.find((v) => v.code === "SPRING25")?.redemptions ?? 0;
    expect(code(after) - code(before)).toBe(1);
    const sold = (r: Revenue) => r.matchPasses.find((m) => m.matchID === passA.matchId)?.sold ?? 0;
    expect(sold(after) - sold(before)).toBe(1);

    expect((await deliver(stripeEvent("charge.refunded", now + 1, charge(`ch_${sso}`, { amount: 375, refunded: 375, paymentIntent: `pi_${sso}` })))).status).toBe(200);
    const refundedAfter = await revenueNow(staff);
    expect(refunded(refundedAfter) - refunded(after)).toBe(375);
  });
});
