import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browser, devToken, freshIdentity, signInWithToken, signedIn, withDirectLogin } from "./auth-test-app";

describe("GET /api/users/entitlements/:ssoID", () => {
  it("401 when not logged in", async () => {
    const res = await browser().fetch("/api/users/entitlements/demo-fan");
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ errors: [{ code: "NOT_LOGGED_IN" }] });
  });

  it("refuses another user's id with 403 FORBIDDEN", async () => {
    const { b } = await signedIn();
    const res = await b.fetch("/api/users/entitlements/demo-vip");
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ errors: [{ code: "FORBIDDEN" }] });
  });

  it("404 'You have no subscriptions' when the account has none", async () => {
    const { b, identity } = await signedIn();
    const res = await b.fetch(`/api/users/entitlements/${identity.ssoID}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ errors: [{ code: "NO_ENTITLEMENTS", detail: "You have no subscriptions" }] });
  });

  it("200 with userID, entitlements and stripeCustomerID for the user's own id", async () => {
    const b = browser();
    const identity = freshIdentity("ent");
    await signInWithToken(b, (nonce) => devToken(identity, { nonce }));
    await env.DB.prepare("UPDATE accounts SET entitlements = ?2, stripe_customer_id = ?3 WHERE sso_id = ?1")
      .bind(identity.ssoID, JSON.stringify(["roverstv+"]), `cus_${identity.ssoID}`)
      .run();
    const res = await b.fetch(`/api/users/entitlements/${identity.ssoID}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(await res.json()).toEqual({
      data: { attributes: { userID: identity.ssoID, entitlements: ["roverstv+"], stripeCustomerID: `cus_${identity.ssoID}` } },
    });
  });

  it("a demo account's fixture entitlements are there after its first sign-in", async () => {
    const b = browser();
    await withDirectLogin(() => b.fetch("/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ username: "vip@rovers.test", password: "rovers-demo" }),
    }));
    const res = await b.fetch("/api/users/entitlements/demo-vip");
    expect(await res.json()).toMatchObject({ data: { attributes: { userID: "demo-vip", entitlements: ["vip"] } } });
  });
});
