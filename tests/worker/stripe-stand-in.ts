import http from "node:http";
import type { TestProject } from "vitest/node";

/**
 * A local HTTP server answering like Stripe's API (vitest globalSetup, runs in Node): the worker
 * tests point the real `stripe` SDK at it (STRIPE_API_URL) and read back what it received.
 *   POST /v1/checkout/sessions, POST /v1/billing_portal/sessions: a session like Stripe's
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
