import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { signedIn } from "./auth-test-app";
import type { AppEnv } from "../../worker/env";
import { findAccount, userFromRow } from "../../worker/accounts/accounts";
import { checkoutRoutes, paymentPortalRoutes } from "../../worker/payments/payment-routes";
import { paymentsConfigOf } from "../../worker/payments/config";
import { CHECKOUT_UNAVAILABLE_ALERT } from "../../src/domain/package-purchase";
import { app } from "../../worker/app";
import { charge, deliver, stripeEvent } from "./stripe-fixtures";

async function post(b: Awaited<ReturnType<typeof signedIn>>["b"], path: string, body: unknown) {
  return b.fetch(path, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });
}
const form = (fields: Record<string, string>) => ({ body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });

async function entitlementsOf(b: Awaited<ReturnType<typeof signedIn>>["b"], ssoID: string): Promise<string[]> {
  const response = await b.fetch(`/api/users/entitlements/${ssoID}`);
  if (response.status === 404) return [];
  return ((await response.json()) as { data: { attributes: { entitlements: string[] } } }).data.attributes.entitlements;
}

describe("dev checkout (development and test without STRIPE_SECRET_KEY)", () => {
  it("FIRSTMONTH, Pay: a signed checkout.session.completed through /webhooks/stripe grants Rovers TV; lands on payment-successful", async () => {
    const { b, identity } = await signedIn();
    const created = await post(b, "/api/checkout", { packageID: "roverstv", priceID: "price_roverstv_month" });
    expect(created.status).toBe(200);
    const { url } = (await created.json()) as { url: string };
    expect(url).toMatch(/^\/dev-payments\/checkout\/cs_dev_/);

    const page = await b.fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Rovers TV (Video)");
    expect(html).toContain("£1.99 per month");
    expect(html).toContain("Promotion code");

    const wrong = await b.fetch(`${url}/promo`, { method: "POST", ...form({ promo: "FREEFOREVER" }) });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("This code is invalid.");
    const applied = await b.fetch(`${url}/promo`, { method: "POST", ...form({ promo: "firstmonth" }) });
    expect(await applied.text()).toMatch(/data-testid="due-today">£0\.00/);

    const before = (await env.DB.prepare("SELECT COUNT(*) AS n FROM processed_webhook_events WHERE type = 'checkout.session.completed'").first<{ n: number }>())!.n;
    const paid = await b.fetch(`${url}/pay`, { method: "POST", ...form({ promo: "FIRSTMONTH" }) });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe("http://localhost/payment-successful");
    const after = (await env.DB.prepare("SELECT COUNT(*) AS n FROM processed_webhook_events WHERE type = 'checkout.session.completed'").first<{ n: number }>())!.n;
    expect(after).toBe(before + 1);
    expect(await entitlementsOf(b, identity.ssoID)).toEqual(["roverstv"]);
    const account = await env.DB.prepare("SELECT stripe_customer_id FROM accounts WHERE sso_id = ?1").bind(identity.ssoID).first<{ stripe_customer_id: string }>();
    expect(account?.stripe_customer_id).toMatch(/^cus_dev_/);
    // the session is spent
    expect((await b.fetch(`${url}/pay`, { method: "POST", ...form({}) })).status).toBe(404);

    // View Subscriptions: the dev portal; cancel at period end keeps it, 'now' removes it
    const portal = await post(b, "/api/payments/portal", { returnURL: "http://localhost/videos" });
    expect(portal.status).toBe(200);
    const portalUrl = ((await portal.json()) as { url: string }).url;
    expect(portalUrl).toBe("/dev-payments/portal?return=%2Fvideos");
    const portalHtml = await (await b.fetch(portalUrl)).text();
    const subscription = /name="subscription" value="([^"]+)"/.exec(portalHtml)![1]!;
    const atEnd = await b.fetch("/dev-payments/portal/cancel", { method: "POST", ...form({ subscription, when: "period-end", return: "/videos" }) });
    expect(atEnd.status).toBe(303);
    expect(await entitlementsOf(b, identity.ssoID)).toEqual(["roverstv"]);
    expect(await (await b.fetch(portalUrl)).text()).toContain("Cancels ");
    await b.fetch("/dev-payments/portal/cancel", { method: "POST", ...form({ subscription, when: "now", return: "/videos" }) });
    expect(await entitlementsOf(b, identity.ssoID)).toEqual([]);
  });

  it("pays with the ids Stripe's events carry, so a refund of a dev payment goes through the production path", async () => {
    const refundOf = (paymentIntent: string, amount: number) =>
      stripeEvent("charge.refunded", Math.floor(Date.now() / 1000), charge(`ch_${paymentIntent}`, { amount, refunded: amount, paymentIntent }));
    const keysOf = (paymentId: string) =>
      env.DB.prepare("SELECT key FROM stripe_payment_keys WHERE payment_id = ?1 ORDER BY key").bind(paymentId).all<{ key: string }>().then((r) => r.results.map((k) => k.key));

    // a match pass: the session names its payment intent
    const { b, identity } = await signedIn();
    const pass = await env.DB.prepare("SELECT id, package_id, amount_pence, entitlements FROM prices WHERE type = 'one_time' ORDER BY id LIMIT 1").first<{ id: string; package_id: string; amount_pence: number; entitlements: string }>();
    const { id: session, url } = (await (await post(b, "/api/checkout", { packageID: pass!.package_id, priceID: pass!.id })).json()) as { id: string; url: string };
    expect((await b.fetch(`${url}/pay`, { method: "POST", ...form({}) })).status).toBe(303);
    expect(await entitlementsOf(b, identity.ssoID)).toEqual(JSON.parse(pass!.entitlements));
    const passKeys = await keysOf(session);
    expect(passKeys).toEqual(expect.arrayContaining([session, expect.stringMatching(/^pi_dev_/)]));
    expect(passKeys).toHaveLength(2);
    expect((await deliver(refundOf(passKeys.find((k) => k.startsWith("pi_"))!, pass!.amount_pence))).status).toBe(200);
    expect(await entitlementsOf(b, identity.ssoID)).toEqual([]);

    // a subscription at full price: the session names its first invoice, invoice_payment.paid its payment intent
    const sub = await signedIn();
    const { url: subUrl } = (await (await post(sub.b, "/api/checkout", { packageID: "roverstv", priceID: "price_roverstv_month" })).json()) as { url: string };
    expect((await sub.b.fetch(`${subUrl}/pay`, { method: "POST", ...form({}) })).status).toBe(303);
    expect(await entitlementsOf(sub.b, sub.identity.ssoID)).toEqual(["roverstv"]);
    const invoice = await env.DB.prepare(
      `SELECT i.id FROM stripe_invoices i JOIN stripe_subscriptions s ON s.id = i.subscription_id JOIN accounts a ON a.id = s.account_id WHERE a.sso_id = ?1`,
    )
      .bind(sub.identity.ssoID)
      .first<{ id: string }>();
    expect(invoice?.id).toMatch(/^in_dev_/);
    const subKeys = await keysOf(invoice!.id);
    expect(subKeys).toEqual(expect.arrayContaining([invoice!.id, expect.stringMatching(/^pi_dev_/)]));
    expect(subKeys).toHaveLength(2);
    expect((await deliver(refundOf(subKeys.find((k) => k.startsWith("pi_"))!, 199))).status).toBe(200);
    expect(await entitlementsOf(sub.b, sub.identity.ssoID)).toEqual([]);
  });

  it("Cancel goes back to payment-cancelled and grants nothing; another account's checkout is not found", async () => {
    const { b, identity } = await signedIn();
    const { url } = (await (await post(b, "/api/checkout", { packageID: "roverstv", priceID: "price_roverstv_year" })).json()) as { url: string };
    const other = await signedIn();
    expect((await other.b.fetch(url)).status).toBe(404);
    expect((await other.b.fetch(`${url}/pay`, { method: "POST", ...form({}) })).status).toBe(404);
    const cancelled = await b.fetch(`${url}/cancel`, { method: "POST" });
    expect(cancelled.headers.get("location")).toBe("http://localhost/payment-cancelled");
    expect(await entitlementsOf(b, identity.ssoID)).toEqual([]);
  });

  it("another account cannot cancel my subscription from its portal", async () => {
    const { b } = await signedIn();
    const { url } = (await (await post(b, "/api/checkout", { packageID: "roverstv", priceID: "price_roverstv_month" })).json()) as { url: string };
    await b.fetch(`${url}/pay`, { method: "POST", ...form({}) });
    const subscription = /name="subscription" value="([^"]+)"/.exec(await (await b.fetch("/dev-payments/portal")).text())![1]!;
    const other = await signedIn();
    const refused = await other.b.fetch("/dev-payments/portal/cancel", { method: "POST", ...form({ subscription, when: "now" }) });
    expect(refused.status).toBe(404);
  });
});

describe("dev portal: the way back to the site stays on the site", () => {
  const backLink = (html: string) => /class="checkout__back" href="([^"]*)"/.exec(html)?.[1];
  const hiddenReturn = (html: string) => /name="return" value="([^"]*)"/.exec(html)?.[1];

  it("renders '/' for a return that leads elsewhere, also after a cancellation", async () => {
    const { b } = await signedIn();
    const { url } = (await (await post(b, "/api/checkout", { packageID: "roverstv", priceID: "price_roverstv_month" })).json()) as { url: string };
    await b.fetch(`${url}/pay`, { method: "POST", ...form({}) });
    // as the browser sends them: %09 is a tab, which browsers drop, turning '/\t/evil.example' into '//evil.example'
    for (const query of ["/%09/evil.example", "//evil.example", "/%5Cevil.example", "/\\evil.example", "https://evil.example", "%2F%2Fevil.example", "javascript:alert(1)"]) {
      const html = await (await b.fetch(`/dev-payments/portal?return=${query}`)).text();
      expect(backLink(html), query).toBe("/");
      expect(hiddenReturn(html), query).toBe("/");
      expect(html, query).not.toContain("evil.example");
    }
    // a form posted with a foreign return goes back to the portal with '/'
    const subscription = /name="subscription" value="([^"]+)"/.exec(await (await b.fetch("/dev-payments/portal")).text())![1]!;
    for (const value of ["/\t/evil.example", "//evil.example", "/\\evil.example", "https://evil.example"]) {
      const res = await b.fetch("/dev-payments/portal/cancel", { method: "POST", ...form({ subscription, when: "period-end", return: value }) });
      expect(res.status, value).toBe(303);
      expect(res.headers.get("location"), value).toBe("/dev-payments/portal?return=%2F");
    }
    // control: a same-site path is kept
    const html = await (await b.fetch("/dev-payments/portal?return=%2Fvideos%3Fpage%3D2")).text();
    expect(backLink(html)).toBe("/videos?page=2");
  });
});

describe("production: never the dev checkout", () => {
  const production = { ...env, ENVIRONMENT: undefined } as unknown as Env;

  it("/dev-payments does not exist", async () => {
    for (const path of ["/dev-payments/checkout/cs_dev_x", "/dev-payments/portal", "/dev-payments/checkout.css"]) {
      const response = await app.request(`http://localhost${path}`, {}, production);
      expect(response.status, path).toBe(404);
    }
    const post = await app.request("http://localhost/dev-payments/checkout/cs_dev_x/pay", { method: "POST", headers: { origin: "http://localhost" } }, production);
    expect(post.status).toBe(404);
  });

  it("a signed-in supporter's checkout without STRIPE_SECRET_KEY answers the failure text, and the portal is unavailable", async () => {
    // The real checkout and portal handlers, with a signed-in user set as the session middleware
    // would (a production session needs a real login portal), in the production env.
    const { identity } = await signedIn();
    const row = await findAccount(env.DB, identity.ssoID);
    await env.DB.prepare("UPDATE accounts SET stripe_customer_id = ?2 WHERE sso_id = ?1").bind(identity.ssoID, `cus_prod_${identity.ssoID}`).run();
    const harness = new Hono<AppEnv>();
    harness.use("*", async (c, next) => {
      c.set("user", userFromRow({ ...row!, stripe_customer_id: `cus_prod_${identity.ssoID}` }));
      await next();
    });
    harness.route("/api/checkout", checkoutRoutes);
    harness.route("/api/payments", paymentPortalRoutes);
    const checkout = await harness.request(
      "http://localhost/api/checkout",
      { method: "POST", body: JSON.stringify({ packageID: "roverstv", priceID: "price_roverstv_month" }), headers: { "content-type": "application/json" } },
      production,
    );
    expect(checkout.status).toBe(503);
    expect(await checkout.json()).toEqual({ errors: [{ code: "CHECKOUT_UNAVAILABLE", detail: CHECKOUT_UNAVAILABLE_ALERT }] });
    const pending = await env.DB.prepare("SELECT COUNT(*) AS n FROM purchases p JOIN accounts a ON a.id = p.account_id WHERE a.sso_id = ?1").bind(identity.ssoID).first<{ n: number }>();
    expect(pending?.n).toBe(0);
    const portal = await harness.request("http://localhost/api/payments/portal", { method: "POST", body: "{}", headers: { "content-type": "application/json" } }, production);
    expect(portal.status).toBe(503);
    // control: the same harness in test mode gives the dev checkout
    const dev = await harness.request(
      "http://localhost/api/checkout",
      { method: "POST", body: JSON.stringify({ packageID: "roverstv", priceID: "price_roverstv_month" }), headers: { "content-type": "application/json" } },
      env,
    );
    expect(((await dev.json()) as { url: string }).url).toMatch(/^\/dev-payments\/checkout\//);
  });

  it("production ignores STRIPE_API_URL (Stripe's own API only)", () => {
    const config = paymentsConfigOf({ ...env, ENVIRONMENT: undefined, STRIPE_SECRET_KEY: "sk_live_x", STRIPE_API_URL: "http://127.0.0.1:1" });
    expect(config).toMatchObject({ apiUrl: null, devCheckout: false, secretKey: "sk_live_x" });
  });
});
