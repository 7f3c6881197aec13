import { env } from "cloudflare:test";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { describe, expect, inject, it } from "vitest";
import { browser, devToken, freshIdentity, signInWithToken, type Browser } from "./auth-test-app";
import { CONSOLE_VARS, account } from "./staff-accounts";
import { deliver, stripeEvent } from "./stripe-fixtures";
import type { Recorded } from "./stripe-stand-in";
import type { AppEnv } from "../../worker/env";
import { consolePromotionsApi } from "../../worker/console/promotions";
import { installDevelopmentKit } from "../../worker/development";
import { developmentKit } from "../../worker/dev-kit";
import type { StaffRole } from "../../src/domain/staff-roles";
import type { ConsolePromoCode, PromoRedemption } from "../../src/schemas/console-promotions";

/**
 * Promo codes from the console (/api/console/promotions…): made in Stripe (the stand-in,
 * tests/worker/stripe-stand-in.ts) as a coupon and a promotion code with Stripe's fields, nothing
 * stored when Stripe refuses, deactivation, a discounted checkout's redemption recorded once by the
 * webhook, commerce.manage, the audit; then offline, the dev checkout taking and refusing codes
 * by Stripe's rules and charging the discounted amount.
 */

const standIn = inject("stripeStandIn");
const KEY = "sk_test_northbridge_promos";
const STRIPE = { STRIPE_SECRET_KEY: KEY, STRIPE_API_URL: standIn };

/** What the stand-in received with this file's key, from `since` on (files run side by side against one stand-in). */
async function stripeCalls(since = 0, key = KEY): Promise<Recorded[]> {
  const all = (await (await fetch(`${standIn}/__requests`)).json()) as Recorded[];
  return all.slice(since).filter((r) => r.authorization.includes(key));
}
const mark = async () => ((await (await fetch(`${standIn}/__requests`)).json()) as Recorded[]).length;
const form = (r: Recorded) => Object.fromEntries(new URLSearchParams(r.body));

async function member(roles: StaffRole[], vars: Record<string, string> = STRIPE): Promise<{ b: Browser; ssoID: string }> {
  const identity = freshIdentity("promos");
  const b = browser({ ...CONSOLE_VARS, ...vars });
  expect((await signInWithToken(b, (nonce) => devToken(identity, { nonce }))).status).toBe(302);
  for (const role of roles) await env.DB.prepare("INSERT INTO staff_roles (account, role, granted_by) VALUES (?1, ?2, 'test')").bind(identity.ssoID, role).run();
  return { b, ssoID: identity.ssoID };
}

const send = (b: Browser, path: string, body: unknown) => b.fetch(`/api/console${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const codeOf = async (res: Response) => ((await res.json()) as { data: { attributes: ConsolePromoCode } }).data.attributes;
const errorsOf = async (res: Response) => ((await res.json()) as { errors: { code: string; field?: string; detail: string }[] }).errors;
const uniqueCode = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 6)}`.toUpperCase();
const create = (b: Browser, changes: Record<string, unknown> = {}) =>
  send(b, "/promotions", { code: uniqueCode("HALF"), percentOff: "50", amountOff: "", duration: "once", durationInMonths: "", firstTimeOnly: false, maxRedemptions: "", expiresOn: "", ...changes });

async function rowsNamed(code: string) {
  return (await env.DB.prepare("SELECT id, active FROM promo_codes WHERE code = ?1 COLLATE NOCASE").bind(code).all()).results;
}
async function auditOf(ssoID: string) {
  const { results } = await env.DB.prepare("SELECT action, target, status, detail FROM admin_audit_log WHERE actor = ?1 ORDER BY id").bind(`staff:${ssoID}`).all<{ action: string; target: string; status: number; detail: string }>();
  return results.map((r) => ({ ...r, detail: JSON.parse(r.detail) as Record<string, any> }));
}
async function codePage(b: Browser, id: number) {
  const res = await b.fetch(`/admin/promotions/${id}`, { headers: { "x-route-data": "admin/promotions/:id" } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { code: ConsolePromoCode; redemptions: PromoRedemption[] } }).data;
}

describe("a promo code made in the console, mirrored to Stripe", () => {
  it("creates a coupon and its promotion code with Stripe's fields, then the code; audited with before and after", async () => {
    const commerce = await member(["commerce"]);
    const since = await mark();
    const code = uniqueCode("Spring");
    const res = await create(commerce.b, { code, percentOff: "50", duration: "repeating", durationInMonths: "3", firstTimeOnly: true, maxRedemptions: "100", expiresOn: "2099-12-31" });
    expect(res.status).toBe(201);
    const made = await codeOf(res);
    expect(made).toMatchObject({ code, percentOff: 50, amountOffPence: null, duration: "repeating", durationInMonths: 3, firstTimeOnly: true, maxRedemptions: 100, expiresAt: "2100-01-01T00:00:00.000Z", active: true, redemptions: 0, discountPence: 0 });
    expect(made.createdBy).toBe(`${commerce.ssoID}@example.test`);

    const calls = await stripeCalls(since);
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/coupons", "POST /v1/promotion_codes"]);
    const ends = String(Date.parse("2100-01-01T00:00:00.000Z") / 1000);
    expect(form(calls[0]!)).toEqual({ name: code, percent_off: "50", duration: "repeating", duration_in_months: "3", max_redemptions: "100", redeem_by: ends });
    expect(form(calls[1]!)).toEqual({
      "promotion[type]": "coupon",
      "promotion[coupon]": made.stripeCouponId,
      code,
      active: "true",
      "restrictions[first_time_transaction]": "true",
      max_redemptions: "100",
      expires_at: ends,
    });
    expect(made.stripeCouponId).toMatch(/^coupon_test_/);
    expect(made.stripePromotionCodeId).toMatch(/^promo_test_/);

    const audit = await auditOf(commerce.ssoID);
    expect(audit.map((a) => [a.action, a.target, a.status])).toEqual([["promo-code.create", code, 201]]);
    expect(audit[0]!.detail).toMatchObject({ via: "console", before: null, after: { id: made.id, code, percentOff: 50, stripePromotionCodeId: made.stripePromotionCodeId, active: true } });
  });

  it("an amount off is amount_off in pence with currency gbp; once has no months", async () => {
    const commerce = await member(["commerce"]);
    const since = await mark();
    const res = await create(commerce.b, { percentOff: "", amountOff: "5", duration: "once", durationInMonths: "7" });
    expect(res.status).toBe(201);
    expect(await codeOf(res)).toMatchObject({ percentOff: null, amountOffPence: 500, duration: "once", durationInMonths: null, maxRedemptions: null, expiresAt: null });
    const [coupon, promotion] = await stripeCalls(since);
    expect(form(coupon!)).toEqual({ name: expect.any(String), amount_off: "500", currency: "gbp", duration: "once" });
    expect(form(promotion!)).toMatchObject({ "restrictions[first_time_transaction]": "false" });
    expect(form(promotion!)).not.toHaveProperty("expires_at");
  });

  it("refuses bad fields beside each field, and a code taken whatever its case, before Stripe hears of it", async () => {
    const commerce = await member(["commerce"]);
    const taken = await codeOf(await create(commerce.b));
    const since = await mark();
    const bad = await create(commerce.b, { code: "no spaces", percentOff: "150", duration: "repeating", durationInMonths: "40", maxRedemptions: "0", expiresOn: "2020-01-01" });
    expect(bad.status).toBe(400);
    expect((await errorsOf(bad)).map((e) => [e.code, e.field])).toEqual([
      ["INVALID_INPUT", "code"],
      ["INVALID_INPUT", "percentOff"],
      ["INVALID_INPUT", "durationInMonths"],
      ["INVALID_INPUT", "maxRedemptions"],
      ["INVALID_INPUT", "expiresOn"],
    ]);
    const again = await create(commerce.b, { code: taken.code.toLowerCase() });
    expect(again.status).toBe(409);
    expect(await errorsOf(again)).toEqual([{ code: "CODE_TAKEN", field: "code", detail: expect.stringContaining("is already a code") }]);
    expect(await stripeCalls(since)).toEqual([]);
    expect((await auditOf(commerce.ssoID)).map((a) => [a.action, a.status])).toEqual([
      ["promo-code.create", 201],
      ["promo-code.create", 400],
      ["promo-code.create", 409],
    ]);
  });

  it("when Stripe fails or refuses, nothing is written here (502 STRIPE_FAILED with Stripe's reason; the coupon made first is deleted)", async () => {
    const failing = await member(["commerce"], { STRIPE_SECRET_KEY: "sk_test_promos_fail", STRIPE_API_URL: standIn });
    const code = uniqueCode("DOWN");
    const down = await create(failing.b, { code });
    expect(down.status).toBe(502);
    expect((await errorsOf(down))[0]).toMatchObject({ code: "STRIPE_FAILED", detail: expect.stringContaining("Nothing was saved.") });
    expect(await rowsNamed(code)).toEqual([]);
    expect((await auditOf(failing.ssoID)).map((a) => [a.action, a.status, a.detail.code])).toEqual([["promo-code.create", 502, "STRIPE_FAILED"]]);

    // A code made in Stripe's dashboard already holds the text: Stripe refuses the promotion code.
    const commerce = await member(["commerce"]);
    const dashboard = uniqueCode("DASH");
    const direct = await fetch(`${standIn}/v1/promotion_codes`, { method: "POST", headers: { authorization: `Bearer ${KEY}`, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ code: dashboard, "promotion[type]": "coupon", "promotion[coupon]": "coupon_dashboard" }) });
    expect(direct.status).toBe(200);
    const since = await mark();
    const refused = await create(commerce.b, { code: dashboard.toLowerCase() });
    expect(refused.status).toBe(502);
    expect((await errorsOf(refused))[0]!.detail).toBe(`Stripe refused it: An active promotion code with \`code: ${dashboard.toLowerCase()}\` already exists. Nothing was saved.`);
    const calls = await stripeCalls(since);
    expect(calls.map((r) => `${r.method} ${r.path.replace(/coupon_test_\d+/, "{coupon}")}`)).toEqual(["POST /v1/coupons", "POST /v1/promotion_codes", "DELETE /v1/coupons/{coupon}"]);
    const deleted = calls[2]!.path.split("/").pop()!;
    expect(Object.keys((await (await fetch(`${standIn}/__catalogue`)).json()) as object)).not.toContain(deleted);
    expect(await rowsNamed(dashboard)).toEqual([]);
  });

  it("deactivates a code (Stripe's promotion code active=false), once; audited with before and after", async () => {
    const commerce = await member(["commerce"]);
    const made = await codeOf(await create(commerce.b));
    const since = await mark();
    const res = await send(commerce.b, `/promotions/${made.id}/deactivate`, {});
    expect(res.status).toBe(200);
    const after = await codeOf(res);
    expect(after).toMatchObject({ id: made.id, active: false, deactivatedAt: expect.any(String) });
    const calls = await stripeCalls(since);
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /v1/promotion_codes/${made.stripePromotionCodeId}`]);
    expect(form(calls[0]!)).toEqual({ active: "false" });
    const shop = (await (await fetch(`${standIn}/__catalogue`)).json()) as Record<string, { active: boolean }>;
    expect(shop[made.stripePromotionCodeId]!.active).toBe(false);

    const twice = await send(commerce.b, `/promotions/${made.id}/deactivate`, {});
    expect(twice.status).toBe(409);
    expect((await errorsOf(twice))[0]!.code).toBe("ALREADY_INACTIVE");
    expect((await send(commerce.b, "/promotions/999999/deactivate", {})).status).toBe(404);
    const audit = (await auditOf(commerce.ssoID)).filter((a) => a.action === "promo-code.deactivate");
    expect(audit.map((a) => a.status)).toEqual([200, 409, 404]);
    expect(audit[0]!.detail).toMatchObject({ before: { id: made.id, active: true }, after: { id: made.id, active: false } });
  });

  it("only commerce.manage: other roles get 403 (audited), the page too; anyone else the 404", async () => {
    const admin = await member(["administrator"]);
    expect((await create(admin.b)).status).toBe(201);
    expect((await admin.b.fetch("/admin/promotions")).status).toBe(200);
    for (const role of ["editor", "support", "match-operator"] as const) {
      const staff = await member([role]);
      const res = await create(staff.b);
      expect(res.status, role).toBe(403);
      expect((await errorsOf(res))[0]!.code).toBe("CAPABILITY_REQUIRED");
      expect((await staff.b.fetch("/admin/promotions")).status, role).toBe(403);
      expect((await staff.b.fetch("/admin/promotions", { headers: { "x-route-data": "admin/promotions" } })).status, role).toBe(403);
      expect((await auditOf(staff.ssoID)).map((a) => [a.status, a.detail.capability])).toEqual([[403, "commerce.manage"]]);
    }
    const supporter = await account("promo-visitor");
    expect((await supporter.b.fetch("/api/console/promotions", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(404);
    expect((await supporter.b.fetch("/admin/promotions")).status).toBe(404);
  });

  it("without payments the console answers 503 PAYMENTS_UNAVAILABLE and writes nothing", async () => {
    const harness = new Hono<AppEnv>();
    harness.use(async (c, next) => {
      c.set("user", { ssoID: "promo-harness" } as AppEnv["Variables"]["user"]);
      c.set("staffRoles", ["commerce"]);
      await next();
    });
    harness.route("/", consolePromotionsApi);
    harness.onError((e) => (e instanceof HTTPException ? e.getResponse() : new Response(String(e), { status: 500 })));
    const code = uniqueCode("NOPAY");
    installDevelopmentKit(null);
    try {
      const res = await harness.request("/promotions", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ code, percentOff: "10", duration: "once" }) }, { DB: env.DB, CACHE: env.CACHE, ASSETS: env.ASSETS, STREAM_SESSIONS: env.STREAM_SESSIONS, MATCH_ROOMS: env.MATCH_ROOMS } as Env);
      expect(res.status, await res.clone().text()).toBe(503);
      expect((await errorsOf(res))[0]!.code).toBe("PAYMENTS_UNAVAILABLE");
    } finally {
      installDevelopmentKit(developmentKit);
    }
    expect(await rowsNamed(code)).toEqual([]);
  });
});

const formBody = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });

/** The seed's first one-off price on sale (a match pass), to buy with a code. */
async function passPrice() {
  return (await env.DB.prepare("SELECT id, package_id, amount_pence FROM prices WHERE type = 'one_time' AND active = 1 ORDER BY id LIMIT 1").first<{ id: string; package_id: string; amount_pence: number }>())!;
}
async function redemptionsOf(id: number) {
  return (await env.DB.prepare("SELECT stripe_session_id, discount_pence, payment_reference FROM promo_redemptions WHERE promo_code_id = ?1").bind(id).all()).results;
}
async function revenueTaken(b: Browser): Promise<number> {
  const answer = (await (await b.fetch("/api/console/revenue")).json()) as { data: { attributes: { days: { subscriptionPence: number; matchPassPence: number }[] } } };
  return answer.data.attributes.days.reduce((sum, d) => sum + d.subscriptionPence + d.matchPassPence, 0);
}

describe("a checkout that redeemed a console code", () => {
  it("checkout sessions allow promotion codes", async () => {
    const buyer = browser({ ...CONSOLE_VARS, ...STRIPE });
    expect((await signInWithToken(buyer, (nonce) => devToken(freshIdentity("promo-checkout"), { nonce }))).status).toBe(302);
    const since = await mark();
    const res = await buyer.fetch("/api/checkout", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ packageID: "roverstv", priceID: "price_roverstv_month" }) });
    expect(res.status).toBe(200);
    const [session] = (await stripeCalls(since)).filter((r) => r.path === "/v1/checkout/sessions");
    expect(form(session!)).toMatchObject({ allow_promotion_codes: "true", mode: "subscription" });
  });

  it("records one redemption with the discount, however often the webhook is delivered; the revenue counts what was paid", async () => {
    const commerce = await member(["commerce"]);
    const made = await codeOf(await create(commerce.b));
    const buyer = await account("promo-buyer");
    const pass = await passPrice();
    const before = await revenueTaken(commerce.b);
    const now = Math.floor(Date.now() / 1000);
    const sessionId = `cs_promo_${crypto.randomUUID().slice(0, 8)}`;
    const discount = Math.round(pass.amount_pence / 2);
    const session = {
      id: sessionId,
      object: "checkout.session",
      mode: "payment",
      customer: `cus_${sessionId}`,
      payment_intent: `pi_${sessionId}`,
      payment_status: "paid",
      metadata: { userID: buyer.identity.ssoID, packageID: pass.package_id, priceID: pass.id },
      amount_subtotal: pass.amount_pence,
      amount_total: pass.amount_pence - discount,
      total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
      // as a webhook sends it: the promotion code's id, not expanded
      discounts: [{ coupon: made.stripeCouponId, promotion_code: made.stripePromotionCodeId }],
    };
    const completed = stripeEvent("checkout.session.completed", now, session);
    expect((await deliver(completed)).status).toBe(200);
    expect(await (await deliver(completed)).json()).toMatchObject({ duplicate: true });
    // another event of the same checkout saying it is paid (a delayed payment's): still one redemption
    expect((await deliver(stripeEvent("checkout.session.async_payment_succeeded", now + 1, session))).status).toBe(200);

    expect(await redemptionsOf(made.id)).toEqual([{ stripe_session_id: sessionId, discount_pence: discount, payment_reference: `pi_${sessionId}` }]);
    const purchase = await env.DB.prepare("SELECT amount_paid, status FROM purchases WHERE stripe_session_id = ?1").bind(sessionId).first();
    expect(purchase).toEqual({ amount_paid: pass.amount_pence - discount, status: "paid" });
    expect((await revenueTaken(commerce.b)) - before).toBe(pass.amount_pence - discount);

    const page = await codePage(commerce.b, made.id);
    expect(page.code).toMatchObject({ redemptions: 1, discountPence: discount });
    expect(page.redemptions).toEqual([{ ssoID: buyer.identity.ssoID, email: buyer.identity.email, redeemedAt: new Date(now * 1000).toISOString(), discountPence: discount, sessionId, paymentReference: `pi_${sessionId}` }]);
    const list = await commerce.b.fetch("/admin/promotions", { headers: { "x-route-data": "admin/promotions" } });
    const codes = ((await list.json()) as { data: { codes: ConsolePromoCode[] } }).data.codes;
    expect(codes.find((c) => c.id === made.id)).toMatchObject({ redemptions: 1, discountPence: discount });

    // an unpaid checkout (a bank debit still pending) redeems nothing yet; a code the console did not make, nothing
    const unpaid = { ...session, id: `${sessionId}_unpaid`, payment_status: "unpaid", payment_intent: `pi_${sessionId}_unpaid` };
    expect((await deliver(stripeEvent("checkout.session.completed", now, unpaid))).status).toBe(200);
    const foreign = { ...session, id: `${sessionId}_foreign`, payment_intent: `pi_${sessionId}_foreign`, discounts: [{ promotion_code: { id: "promo_dashboard", code: "DASHBOARD" } }] };
    expect((await deliver(stripeEvent("checkout.session.completed", now, foreign))).status).toBe(200);
    expect(await redemptionsOf(made.id)).toHaveLength(1);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM promo_redemptions WHERE stripe_session_id LIKE ?1").bind(`${sessionId}_%`).first())!.n).toBe(0);
  });
});

describe("offline: the dev checkout's mirror of Stripe", () => {
  const DEV = {} as Record<string, string>;
  async function checkout(b: Browser, packageID: string, priceID: string): Promise<string> {
    const res = await b.fetch("/api/checkout", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ packageID, priceID }) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { url: string }).url;
  }
  const apply = async (b: Browser, url: string, promo: string) => {
    const res = await b.fetch(`${url}/promo`, formBody({ promo }));
    return { status: res.status, html: await res.text() };
  };

  it("makes codes in the mirror; the dev checkout takes one, shows and charges the discounted amount, and the webhook records the redemption", async () => {
    const commerce = await member(["commerce"], DEV);
    const code = uniqueCode("Dev-Half");
    const made = await codeOf(await create(commerce.b, { code, maxRedemptions: "1" }));
    expect(made.stripeCouponId).toMatch(/^coupon_dev_/);
    expect(made.stripePromotionCodeId).toMatch(/^promo_dev_/);
    // FIRSTMONTH is the dev checkout's own: the mirror refuses it as Stripe would
    const firstMonth = await create(commerce.b, { code: "firstmonth" });
    expect(firstMonth.status).toBe(502);
    expect((await errorsOf(firstMonth))[0]!.detail).toContain("An active promotion code with `code: firstmonth` already exists.");
    expect(await rowsNamed("firstmonth")).toEqual([]);

    const buyer = await account("promo-dev-buyer");
    const url = await checkout(buyer.b, "roverstv", "price_roverstv_year");
    const applied = await apply(buyer.b, url, code.toLowerCase());
    expect(applied.status).toBe(200);
    expect(applied.html).toMatch(/data-testid="discount">−£7\.50/);
    expect(applied.html).toMatch(/data-testid="due-today">£7\.49/);
    expect(applied.html).toContain(`${code} (50% off once)`);
    expect(applied.html).toContain("Subscribe £7.49");
    const paid = await buyer.b.fetch(`${url}/pay`, formBody({ promo: code }));
    expect(paid.status).toBe(303);

    expect((await redemptionsOf(made.id)).map((r) => r.discount_pence)).toEqual([750]);
    const purchase = await env.DB.prepare("SELECT p.amount_paid, p.promotion_code FROM purchases p JOIN accounts a ON a.id = p.account_id WHERE a.sso_id = ?1").bind(buyer.identity.ssoID).first();
    expect(purchase).toEqual({ amount_paid: 749, promotion_code: code });
    const invoice = await env.DB.prepare("SELECT i.amount_paid FROM stripe_invoices i JOIN stripe_subscriptions s ON s.id = i.subscription_id JOIN accounts a ON a.id = s.account_id WHERE a.sso_id = ?1").bind(buyer.identity.ssoID).first();
    expect(invoice).toEqual({ amount_paid: 749 });
    const mirror = await env.DB.prepare("SELECT times_redeemed FROM dev_stripe_promotion_codes WHERE id = ?1").bind(made.stripePromotionCodeId).first();
    expect(mirror).toEqual({ times_redeemed: 1 });

    // Its one redemption is spent: the next buyer is refused, at Apply and at Pay.
    const next = await account("promo-dev-next");
    const pass = await passPrice();
    const nextUrl = await checkout(next.b, pass.package_id, pass.id);
    expect(await apply(next.b, nextUrl, code)).toMatchObject({ status: 400, html: expect.stringContaining("This code has reached its limit of uses.") });
    const refusedPay = await next.b.fetch(`${nextUrl}/pay`, formBody({ promo: code }));
    expect(refusedPay.status).toBe(400);
    expect(await redemptionsOf(made.id)).toHaveLength(1);
  });

  it("a 100% code for once gives a monthly plan's first month free: nothing due today, Rovers TV held, the redemption recorded", async () => {
    const commerce = await member(["commerce"], DEV);
    const code = uniqueCode("Free-Month");
    const made = await codeOf(await create(commerce.b, { code, percentOff: "100", duration: "once", firstTimeOnly: true }));
    const buyer = await account("promo-free-month");
    const url = await checkout(buyer.b, "roverstv", "price_roverstv_month");
    const applied = await apply(buyer.b, url, code);
    expect(applied.status).toBe(200);
    expect(applied.html).toMatch(/data-testid="due-today">£0\.00/);
    expect((await buyer.b.fetch(`${url}/pay`, formBody({ promo: code }))).status).toBe(303);
    const held = await buyer.b.fetch(`/api/users/entitlements/${buyer.identity.ssoID}`);
    expect(((await held.json()) as { data: { attributes: { entitlements: string[] } } }).data.attributes.entitlements).toContain("roverstv");
    expect((await redemptionsOf(made.id)).map((r) => r.discount_pence)).toEqual([199]);
  });

  it("refuses an unknown, a deactivated and an expired code, and a first-time code for a buyer who has paid before", async () => {
    const commerce = await member(["commerce"], DEV);
    const pass = await passPrice();
    const buyer = await account("promo-dev-refused");
    const url = await checkout(buyer.b, pass.package_id, pass.id);
    expect(await apply(buyer.b, url, "NO-SUCH-CODE")).toMatchObject({ status: 400, html: expect.stringContaining("This code is invalid.") });

    const off = await codeOf(await create(commerce.b));
    expect((await send(commerce.b, `/promotions/${off.id}/deactivate`, {})).status).toBe(200);
    expect(await apply(buyer.b, url, off.code)).toMatchObject({ status: 400, html: expect.stringContaining("This code is invalid.") });

    const late = await codeOf(await create(commerce.b));
    await env.DB.prepare("UPDATE dev_stripe_promotion_codes SET expires_at = ?2 WHERE id = ?1").bind(late.stripePromotionCodeId, Math.floor(Date.now() / 1000) - 1).run();
    expect(await apply(buyer.b, url, late.code)).toMatchObject({ status: 400, html: expect.stringContaining("This code has expired.") });

    const firstTime = await codeOf(await create(commerce.b, { firstTimeOnly: true, percentOff: "", amountOff: "1" }));
    const fresh = await apply(buyer.b, url, firstTime.code);
    expect(fresh.status).toBe(200);
    expect(fresh.html).toMatch(new RegExp(`data-testid="due-today">£${((pass.amount_pence - 100) / 100).toFixed(2)}`));
    expect((await buyer.b.fetch(`${url}/pay`, formBody({}))).status).toBe(303);
    const again = await checkout(buyer.b, "roverstv", "price_roverstv_month");
    expect(await apply(buyer.b, again, firstTime.code)).toMatchObject({ status: 400, html: expect.stringContaining("This code is only for first-time customers.") });
  });
});
