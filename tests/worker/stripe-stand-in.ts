import http from "node:http";
import type { TestProject } from "vitest/node";

/**
 * A local HTTP server answering like Stripe's API (vitest globalSetup, runs in Node): the worker
 * tests point the real `stripe` SDK at it (STRIPE_API_URL) and read back what it received.
 *   POST /v1/checkout/sessions, POST /v1/billing_portal/sessions: a session like Stripe's
 *   POST /v1/products, /v1/prices (create), /v1/products/{id}, /v1/prices/{id} (update, `active`):
 *     the catalogue the console's match passes and packages mirror to, kept here; GET /__catalogue reads it
 *   POST /v1/coupons, DELETE /v1/coupons/{id}, POST /v1/promotion_codes (create; a second active
 *     code of the same text, whatever its case, is Stripe's 400), POST /v1/promotion_codes/{id}
 *     (update, `active`): the console's promo codes, kept in the same catalogue
 *   POST /v1/refunds, DELETE /v1/subscriptions/{id}, POST /v1/subscriptions/{id}: supporter care's
 *     refund and cancellations, answered as Stripe does (the events that follow are the test's to send)
 *   a key containing 'fail': Stripe's 500 api_error
 *   GET /__requests: every request so far (method, path, headers, raw form body)
 */
export interface Recorded {
  method: string;
  path: string;
  authorization: string;
  contentType: string;
  stripeVersion: string;
  body: string;
}

export default async function setup(project: TestProject) {
  const recorded: Recorded[] = [];
  const catalogue = new Map<string, Record<string, unknown>>();
  let n = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const path = req.url ?? "/";
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": `req_${++n}` });
        res.end(JSON.stringify(json));
      };
      if (path === "/__requests") return send(200, recorded);
      if (path === "/__catalogue") return send(200, Object.fromEntries(catalogue));
      const authorization = String(req.headers.authorization ?? "");
      recorded.push({
        method: req.method ?? "",
        path,
        authorization,
        contentType: String(req.headers["content-type"] ?? ""),
        stripeVersion: String(req.headers["stripe-version"] ?? ""),
        body,
      });
      if (authorization.includes("fail")) return send(500, { error: { type: "api_error", message: "Something went wrong on Stripe's end." } });
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        const id = `cs_test_${n}`;
        return send(200, { id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}`, mode: new URLSearchParams(body).get("mode") });
      }
      if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
        return send(200, { id: `bps_${n}`, object: "billing_portal.session", url: `https://billing.stripe.com/p/session/test_${n}` });
      }
      const form = new URLSearchParams(body);
      const created = /^\/v1\/(products|prices)$/.exec(path);
      if (req.method === "POST" && created) {
        const product = created[1] === "products";
        const id = `${product ? "prod" : "price"}_test_${n}`;
        const object = product
          ? { id, object: "product", name: form.get("name"), active: true }
          : {
              id,
              object: "price",
              product: form.get("product"),
              unit_amount: Number(form.get("unit_amount")),
              currency: form.get("currency"),
              active: true,
              recurring: form.has("recurring[interval]") ? { interval: form.get("recurring[interval]") } : null,
            };
        catalogue.set(id, object);
        return send(200, object);
      }
      const updated = /^\/v1\/(?:products|prices)\/([^/?]+)$/.exec(path);
      if (req.method === "POST" && updated) {
        const object = catalogue.get(updated[1]!);
        if (!object) return send(404, { error: { type: "invalid_request_error", message: `No such object: '${updated[1]}'` } });
        if (form.has("active")) object.active = form.get("active") === "true";
        if (form.has("name")) object.name = form.get("name");
        return send(200, object);
      }
      if (req.method === "POST" && path === "/v1/coupons") {
        const id = `coupon_test_${n}`;
        const number = (key: string) => (form.has(key) ? Number(form.get(key)) : null);
        const object = { id, object: "coupon", name: form.get("name"), percent_off: number("percent_off"), amount_off: number("amount_off"), currency: form.get("currency"), duration: form.get("duration"), duration_in_months: number("duration_in_months"), max_redemptions: number("max_redemptions"), redeem_by: number("redeem_by"), valid: true };
        catalogue.set(id, object);
        return send(200, object);
      }
      const coupon = /^\/v1\/coupons\/([^/?]+)$/.exec(path);
      if (req.method === "DELETE" && coupon) {
        catalogue.delete(coupon[1]!);
        return send(200, { id: coupon[1], object: "coupon", deleted: true });
      }
      if (req.method === "POST" && path === "/v1/promotion_codes") {
        const code = form.get("code") ?? "";
        const taken = [...catalogue.values()].some((o) => o.object === "promotion_code" && o.active === true && String(o.code).toLowerCase() === code.toLowerCase());
        if (taken) return send(400, { error: { type: "invalid_request_error", code: "resource_already_exists", message: `An active promotion code with \`code: ${code}\` already exists.`, param: "code" } });
        const id = `promo_test_${n}`;
        const object = {
          id,
          object: "promotion_code",
          code,
          promotion: { type: form.get("promotion[type]"), coupon: form.get("promotion[coupon]") },
          active: form.get("active") !== "false",
          restrictions: { first_time_transaction: form.get("restrictions[first_time_transaction]") === "true" },
          max_redemptions: form.has("max_redemptions") ? Number(form.get("max_redemptions")) : null,
          expires_at: form.has("expires_at") ? Number(form.get("expires_at")) : null,
        };
        catalogue.set(id, object);
        return send(200, object);
      }
      const promotion = /^\/v1\/promotion_codes\/([^/?]+)$/.exec(path);
      if (req.method === "POST" && promotion) {
        const object = catalogue.get(promotion[1]!);
        if (!object) return send(404, { error: { type: "invalid_request_error", message: `No such promotion code: '${promotion[1]}'` } });
        if (form.has("active")) object.active = form.get("active") === "true";
        return send(200, object);
      }
      if (req.method === "POST" && path === "/v1/refunds") {
        return send(200, { id: `re_test_${n}`, object: "refund", payment_intent: form.get("payment_intent"), amount: Number(form.get("amount")), status: "succeeded" });
      }
      const subscription = /^\/v1\/subscriptions\/([^/?]+)$/.exec(path);
      if (subscription && (req.method === "DELETE" || req.method === "POST")) {
        const cancelled = req.method === "DELETE";
        return send(200, { id: subscription[1], object: "subscription", status: cancelled ? "canceled" : "active", cancel_at_period_end: !cancelled && form.get("cancel_at_period_end") === "true" });
      }
      return send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  project.provide("stripeStandIn", `http://127.0.0.1:${port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

declare module "vitest" {
  export interface ProvidedContext {
    stripeStandIn: string;
  }
}
