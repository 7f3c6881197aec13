import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { signedIn, type Vars } from "./auth-test-app";
import { CHECKOUT_UNAVAILABLE_ALERT } from "../../src/domain/package-purchase";
import type { Recorded } from "./stripe-stand-in";

const standIn = inject("stripeStandIn");
const withStripe = (key = "sk_test_northbridge"): Vars => ({ STRIPE_SECRET_KEY: key, STRIPE_API_URL: standIn });


async function requestsTo(path: string): Promise<Recorded[]> {
  const all = (await (await fetch(`${standIn}/__requests`)).json()) as Recorded[];
  return all.filter((r) => r.path === path);
}

async function post(b: Awaited<ReturnType<typeof signedIn>>["b"], path: string, body: unknown) {
  return b.fetch(path, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });
}

describe("GET /api/packages?filter.packageType", () => {
  it("memberships as spec §3: data, attributes, styleData, imageData, priceData with accessData.entitlements and the §9 prices", async () => {
    const { app } = await import("../../worker/app");
    const response = await app.request("http://localhost/api/packages?filter.packageType=membership", {}, env);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { id: string; mode: string; attributes: Record<string, any> }[] };
    expect(data.map((p) => p.id)).toEqual(["roverstv-plus", "roverstv"]);
    const top = data[0]!;
    expect(top.mode).toBe("dark");
    expect(top.attributes).toMatchObject({
      title: "Rovers TV+ (Audio & Video)",
      successfulPaymentPage: expect.any(String),
      styleData: { displayType: expect.any(String), icon: expect.any(String), styleMode: expect.any(String) },
      imageData: { landscape: { imageKey: "package-roverstv-plus" } },
    });
    expect(top.attributes.priceData.map((p: { priceDisplay: string }) => p.priceDisplay)).toEqual(["£44.99 per year", "£5.99 per month"]);
    expect(data[1]!.attributes.priceData.map((p: { priceDisplay: string }) => p.priceDisplay)).toEqual(["£14.99 per year", "£1.99 per month"]);
    expect(top.attributes.priceData[0].accessData).toEqual({ entitlements: ["roverstv+"] });
  });

  it("match passes only for upcoming matches, each granting its match", async () => {
    const { app } = await import("../../worker/app");
    const { data } = (await (await app.request("http://localhost/api/packages?filter.packageType=match-pass", {}, env)).json()) as {
      data: { attributes: { matchID: number; priceData: { accessData: { entitlements: string[] } }[] } }[];
    };
    expect(data.length).toBeGreaterThan(0);
    for (const p of data) {
      const match = await env.DB.prepare("SELECT status FROM matches WHERE id = ?1").bind(p.attributes.matchID).first<{ status: string }>();
      expect(match?.status).toBe("fixture");
      expect(p.attributes.priceData[0]!.accessData.entitlements).toEqual([`matchpass-${p.attributes.matchID}`]);
    }
  });

  it("a bad or missing filter is 400 INVALID_INPUT (one shape at one URL); the loaders' list is /api/content/package-list", async () => {
    const { app } = await import("../../worker/app");
    const bad = await app.request("http://localhost/api/packages?filter.packageType=everything", {}, env);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: [{ code: "INVALID_INPUT" }] });
    const plain = await app.request("http://localhost/api/packages", {}, env);
    expect(plain.status).toBe(400);
    expect(await plain.json()).toMatchObject({ errors: [{ code: "INVALID_INPUT" }] });
    const list = await app.request("http://localhost/api/content/package-list", {}, env);
    expect(Array.isArray(await list.json())).toBe(true);
  });
});

describe("POST /api/checkout with the stripe SDK against a local stand-in of Stripe's API", () => {
  it("builds the checkout request from D1: form-encoded, mode subscription, quantity 1, promotion codes, metadata, customer email", async () => {
    const { b, identity } = await signedIn(withStripe());
    const response = await post(b, "/api/checkout", { packageID: "roverstv", priceID: "price_roverstv_month", amount: 1 });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { id: string; url: string };
    expect(answer.url).toBe(`https://checkout.stripe.com/c/pay/${answer.id}`);
    const sent = (await requestsTo("/v1/checkout/sessions")).find((r) => r.body.includes(encodeURIComponent(identity.ssoID)));
    expect(sent).toBeDefined();
    expect(sent!.authorization).toBe("Bearer sk_test_northbridge");
    expect(sent!.contentType).toBe("application/x-www-form-urlencoded");
    const form = new URLSearchParams(sent!.body);
    expect(Object.fromEntries(form)).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": "price_roverstv_month",
      "line_items[0][quantity]": "1",
      allow_promotion_codes: "true",
      success_url: "http://localhost/payment-successful",
      cancel_url: "http://localhost/payment-cancelled",
      customer_email: identity.email,
      client_reference_id: identity.ssoID,
      "metadata[userID]": identity.ssoID,
      "metadata[userEmail]": identity.email,
      "metadata[packageID]": "roverstv",
      "metadata[packageTitle]": "Rovers TV (Video)",
      "subscription_data[metadata][userID]": identity.ssoID,
    });
    expect(form.get("metadata[packageDescription]")).not.toMatch(/</);
    // nothing about an amount ever leaves the worker: Stripe prices it
    expect([...form.keys()].some((k) => /amount|unit_amount/.test(k))).toBe(false);
    expect(form.has("customer")).toBe(false);
    const purchase = await env.DB.prepare("SELECT status, price_id, mode FROM purchases WHERE stripe_session_id = ?1").bind(answer.id).first();
    expect(purchase).toEqual({ status: "pending", price_id: "price_roverstv_month", mode: "subscription" });
  });

  it("a match pass is mode payment, its success page the package's own; a known customer is sent as customer", async () => {
    const { b, identity } = await signedIn(withStripe());
    await env.DB.prepare("UPDATE accounts SET stripe_customer_id = ?2 WHERE sso_id = ?1").bind(identity.ssoID, `cus_known_${identity.ssoID}`).run();
    const pass = await env.DB.prepare("SELECT id, package_id FROM prices WHERE type = 'one_time' ORDER BY id LIMIT 1").first<{ id: string; package_id: string }>();
    const response = await post(b, "/api/checkout", { packageID: pass!.package_id, priceID: pass!.id });
    expect(response.status).toBe(200);
    const sent = (await requestsTo("/v1/checkout/sessions")).find((r) => r.body.includes(encodeURIComponent(`cus_known_${identity.ssoID}`)))!;
    const form = new URLSearchParams(sent.body);
    expect(form.get("mode")).toBe("payment");
    expect(form.get("customer")).toBe(`cus_known_${identity.ssoID}`);
    expect(form.has("customer_email")).toBe(false);
    expect(form.has("subscription_data[metadata][userID]")).toBe(false);
    expect(form.get("success_url")).toBe("http://localhost/live");
  });

  it("a tampered price id is refused, whatever the browser claims: 400 INVALID_PRICE and nothing sent to Stripe", async () => {
    const { b } = await signedIn(withStripe());
    const before = (await requestsTo("/v1/checkout/sessions")).length;
    for (const body of [
      { packageID: "roverstv", priceID: "price_made_up" },
      { packageID: "roverstv", priceID: "price_roverstv_plus_year" }, // another package's price
      { packageID: "roverstv", priceID: "price_roverstv_month' OR 1=1 --" },
    ]) {
      const response = await post(b, "/api/checkout", body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errors: [{ code: "INVALID_PRICE" }] });
    }
    const invalid = await post(b, "/api/checkout", { priceID: 5 });
    expect(invalid.status).toBe(400);
    expect((await requestsTo("/v1/checkout/sessions")).length).toBe(before);
  });

  it("logged out is 401; already holding the entitlement is 409; a cross-site post is refused", async () => {
    const { app } = await import("../../worker/app");
    const anonymous = await app.request(
      "http://localhost/api/checkout",
      { method: "POST", body: JSON.stringify({ packageID: "roverstv", priceID: "price_roverstv_month" }), headers: { origin: "http://localhost", "content-type": "application/json" } },
      { ...env, ...withStripe() } as Env,
    );
    expect(anonymous.status).toBe(401);
    const { b, identity } = await signedIn(withStripe());
    await env.DB.prepare("UPDATE accounts SET entitlements = '[\"roverstv\"]' WHERE sso_id = ?1").bind(identity.ssoID).run();
    expect((await post(b, "/api/checkout", { packageID: "roverstv", priceID: "price_roverstv_month" })).status).toBe(409);
    const cross = await b.fetch("/api/checkout", { method: "POST", body: "{}", headers: { origin: "https://evil.example", "content-type": "application/json" } });
    expect(cross.status).toBe(403);
  });

  it("a blocked account is refused: 403 BLOCKED (COUNTRY_BLOCKED for a country block), nothing sent to Stripe, no purchase written; the portal stays open to cancel", async () => {
    const { b, identity } = await signedIn(withStripe());
    const before = (await requestsTo("/v1/checkout/sessions")).length;
    const account = await env.DB.prepare("SELECT id FROM accounts WHERE sso_id = ?1").bind(identity.ssoID).first<{ id: number }>();
    for (const [reason, code, detail] of [
      ["administrator", "BLOCKED", "Your account has been blocked by an administrator"],
      ["country", "COUNTRY_BLOCKED", "Users in this country are not allowed to play this stream"],
    ] as const) {
      await env.DB.prepare("UPDATE accounts SET blocked = 1, blocked_reason = ?2 WHERE sso_id = ?1").bind(identity.ssoID, reason).run();
      const response = await post(b, "/api/checkout", { packageID: "roverstv", priceID: "price_roverstv_month" });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ errors: [{ code, detail }] });
    }
    expect((await requestsTo("/v1/checkout/sessions")).length).toBe(before);
    const purchases = await env.DB.prepare("SELECT COUNT(*) AS n FROM purchases WHERE account_id = ?1").bind(account!.id).first<{ n: number }>();
    expect(purchases!.n).toBe(0);
    await env.DB.prepare("UPDATE accounts SET stripe_customer_id = ?2 WHERE sso_id = ?1").bind(identity.ssoID, `cus_blocked_${identity.ssoID}`).run();
    expect((await post(b, "/api/payments/portal", { returnURL: "http://localhost/" })).status).toBe(200);
    // unblocked, the checkout works again
    await env.DB.prepare("UPDATE accounts SET blocked = 0, blocked_reason = NULL WHERE sso_id = ?1").bind(identity.ssoID).run();
    expect((await post(b, "/api/checkout", { packageID: "roverstv", priceID: "price_roverstv_month" })).status).toBe(200);
  });

  it("Stripe failing is 502 with the checkout failure text", async () => {
    const { b } = await signedIn(withStripe("sk_test_fail"));
    const response = await post(b, "/api/checkout", { packageID: "roverstv", priceID: "price_roverstv_month" });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ errors: [{ code: "CHECKOUT_UNAVAILABLE", detail: CHECKOUT_UNAVAILABLE_ALERT }] });
  });
});

describe("POST /api/payments/portal", () => {
  it("the signed-in account's own customer, a same-site return URL, form-encoded to Stripe", async () => {
    const { b, identity } = await signedIn(withStripe());
    await env.DB.prepare("UPDATE accounts SET stripe_customer_id = ?2 WHERE sso_id = ?1").bind(identity.ssoID, `cus_portal_${identity.ssoID}`).run();
    const response = await post(b, "/api/payments/portal", { returnURL: "http://localhost/videos?x=1" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: expect.stringMatching(/^https:\/\/billing\.stripe\.com\/p\/session\//) });
    const sent = (await requestsTo("/v1/billing_portal/sessions")).find((r) => r.body.includes(encodeURIComponent(`cus_portal_${identity.ssoID}`)))!;
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({ customer: `cus_portal_${identity.ssoID}`, return_url: "http://localhost/videos?x=1" });
    // another site as the return address comes back to this site
    await post(b, "/api/payments/portal", { returnURL: "https://evil.example/phish" });
    const last = (await requestsTo("/v1/billing_portal/sessions")).at(-1)!;
    expect(new URLSearchParams(last.body).get("return_url")).toBe("http://localhost/");
  });

  it("another user's customer id is refused (403), no customer is 404 NO_STRIPE_CUSTOMER, logged out 401", async () => {
    const { b, identity } = await signedIn(withStripe());
    expect(await (await post(b, "/api/payments/portal", { returnURL: "http://localhost/" })).json()).toMatchObject({
      errors: [{ code: "NO_STRIPE_CUSTOMER", detail: "You have no subscriptions" }],
    });
    await env.DB.prepare("UPDATE accounts SET stripe_customer_id = ?2 WHERE sso_id = ?1").bind(identity.ssoID, `cus_mine_${identity.ssoID}`).run();
    const before = (await requestsTo("/v1/billing_portal/sessions")).length;
    const other = await post(b, "/api/payments/portal", { customerID: "cus_someone_else", returnURL: "http://localhost/" });
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ errors: [{ code: "FORBIDDEN" }] });
    expect((await requestsTo("/v1/billing_portal/sessions")).length).toBe(before);
    const { app } = await import("../../worker/app");
    const anonymous = await app.request("http://localhost/api/payments/portal", { method: "POST", body: "{}", headers: { origin: "http://localhost" } }, env);
    expect(anonymous.status).toBe(401);
  });
});
