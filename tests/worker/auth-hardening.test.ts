import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { authConfigOf, AuthConfigError, type AuthConfig } from "../../worker/auth/config";
import { hitRateLimits } from "../../worker/http/rate-limits";
import { app } from "../../worker/app";
import { browser, devToken, envWith, signedIn, withDirectLogin } from "./auth-test-app";
import { directLoginViaHelper } from "../../worker/auth/providers/direct-login";
import type { ProviderDeps } from "../../worker/auth/providers/types";

const login = (username: string, password: string) => ({
  method: "POST",
  headers: { "content-type": "application/json", accept: "application/json" },
  body: JSON.stringify({ username, password }),
});

describe("direct login (spec §1, §7, §9: off by default; the login.direct setting)", () => {
  it("is off by default: the POST is a 404 DIRECT_LOGIN_OFF and /api/session says so", async () => {
    const b = browser();
    const res = await b.fetch("/auth/login", login("fan@rovers.test", "rovers-demo"));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ errors: [{ code: "DIRECT_LOGIN_OFF" }] });
    expect(await (await b.fetch("/api/session")).json()).toEqual({ data: null, meta: { directLogin: false } });
  });

  it("on: lowercases the username and signs in through both portal calls", () =>
    withDirectLogin(async () => {
      const b = browser();
      const res = await b.fetch("/auth/login", login("  PLUS@Rovers.Test ", "rovers-demo"));
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: { attributes: Record<string, unknown> } };
      expect(body.data.attributes).toMatchObject({ ssoID: "demo-plus", email: "plus@rovers.test", entitlements: ["roverstv+"] });
      expect((await b.fetch("/api/session")).status).toBe(200);
    }));

  it("on: a wrong password is a 401 INVALID_CREDENTIALS with the portal's message, and no session", () =>
    withDirectLogin(async () => {
      const b = browser();
      const res = await b.fetch("/auth/login", login("fan@rovers.test", "nope"));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ errors: [{ code: "INVALID_CREDENTIALS", detail: "Your email address or password is incorrect" }] });
      expect(await (await b.fetch("/api/session")).json()).toMatchObject({ data: null });
    }));

  it("on: a cross-site POST is refused with 403 CSRF before any sign-in", () =>
    withDirectLogin(async () => {
      const b = browser();
      const res = await b.fetch("/auth/login", { ...login("fan@rovers.test", "rovers-demo"), headers: { ...login("", "").headers, origin: "https://evil.example" } });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ errors: [{ code: "CSRF" }] });
      expect(await (await b.fetch("/api/session")).json()).toMatchObject({ data: null });
    }));

  it("the dev portal answers both calls: a token for a good password, then authenticate-user with it", async () => {
    const step1 = await browser().fetch("/sso/api/direct-login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "fan@rovers.test", password: "rovers-demo" }),
    });
    expect(step1.status).toBe(200);
    const { token } = (await step1.json()) as { token: string };
    const step2 = await browser().fetch("/sso/api/authenticate-user", { method: "POST", headers: { authorization: `Bearer ${token}` } });
    expect(step2.status).toBe(200);
    const refused = await browser().fetch("/sso/api/authenticate-user", { method: "POST", headers: { authorization: "Bearer not-a-token" } });
    expect(refused.status).toBe(401);
  });
});

describe("the SSO helper's two calls (spec §7 'Direct login via an SSO helper')", () => {
  const config = authConfigOf(envWith()) as AuthConfig;
  const urls = { directLogin: "https://login.example/direct", authenticateUser: "https://login.example/authenticate-user" };
  const identity = { ssoID: "helper-user", email: "helper@example.test", forename: "Hel", surname: "Per" };

  /** A portal that records each call and answers step 2 with the given status. */
  function portal(authenticateStatus: number, step1Status = 200) {
    const calls: { url: string; body: unknown; authorization: string | null }[] = [];
    const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const headers = new Headers(init?.headers);
      calls.push({ url, body: JSON.parse(String(init?.body ?? "null")), authorization: headers.get("authorization") });
      if (url === urls.directLogin) {
        if (step1Status !== 200) return Response.json({ message: "That password is not right" }, { status: step1Status });
        return Response.json({ token: await devToken(identity) });
      }
      return Response.json(authenticateStatus === 200 ? { authenticated: true } : { error: "inactive" }, { status: authenticateStatus });
    }) as typeof fetch;
    return { calls, deps: { config, env: envWith(), origin: "http://localhost", fetch: fetchFn } as unknown as ProviderDeps };
  }

  it("posts username and password, then the authenticate-user call with the token it got, in that order", async () => {
    const { calls, deps } = portal(200);
    const result = await directLoginViaHelper(deps, "helper@example.test", "secret-pass", urls);
    expect(calls.map((call) => call.url)).toEqual([urls.directLogin, urls.authenticateUser]);
    expect(calls[0]?.body).toMatchObject({ username: "helper@example.test", password: "secret-pass" });
    expect(calls[1]?.authorization).toMatch(/^Bearer ey/);
    expect(result.identity).toEqual(identity);
  });

  it("a refused authenticate-user call signs nobody in (LOGIN_FAILED), even after a good password", async () => {
    const { calls, deps } = portal(403);
    await expect(directLoginViaHelper(deps, "helper@example.test", "secret-pass", urls)).rejects.toMatchObject({ code: "LOGIN_FAILED" });
    expect(calls).toHaveLength(2);
  });

  it("a wrong password stops at step 1 with the portal's own message under the fields", async () => {
    const { calls, deps } = portal(200, 401);
    await expect(directLoginViaHelper(deps, "helper@example.test", "wrong", urls)).rejects.toMatchObject({
      code: "INVALID_CREDENTIALS",
      userMessage: "That password is not right",
    });
    expect(calls).toHaveLength(1);
  });

  it("a real portal needs both URLs: one without the other is a configuration error", () => {
    const green = {
      ENVIRONMENT: "production",
      AUTH_PROVIDER: "green",
      SESSION_SECRET: "a-production-session-secret-of-enough-length",
      SSO_ISSUER: "https://login.example",
      SSO_AUDIENCE: "rovers",
      SSO_JWT_SECRET: "a-production-jwt-secret-of-enough-length-too",
      SSO_LOGIN_URL: "https://login.example/login",
      SSO_AUTH_URL: "https://login.example/auth",
    };
    const configOf = (vars: Record<string, string>) => authConfigOf(envWith(vars));
    expect(configOf(green)).toMatchObject({ directLogin: false });
    expect(configOf({ ...green, SSO_DIRECT_LOGIN_URL: urls.directLogin, SSO_AUTHENTICATE_USER_URL: urls.authenticateUser })).toMatchObject({ directLogin: true });
    expect(String(configOf({ ...green, SSO_DIRECT_LOGIN_URL: urls.directLogin }))).toMatch(/needs: SSO_AUTHENTICATE_USER_URL/);
  });
});

// Sign-in's own limits (failures per account, the shared address, the callback) are in
// sign-in-limits.test.ts; the D1 fixed windows remain for failed admin tokens, the site lock and events.
describe("fixed-window rate limits in D1", () => {
  it("counts in fixed windows", async () => {
    const rules = [{ bucket: `test:${Date.now()}`, limit: 2, windowSeconds: 60 }];
    const t0 = Date.UTC(2030, 0, 1, 12, 0, 5);
    expect((await hitRateLimits(env.DB, rules, t0)).ok).toBe(true);
    expect((await hitRateLimits(env.DB, rules, t0 + 1000)).ok).toBe(true);
    const third = await hitRateLimits(env.DB, rules, t0 + 2000);
    expect(third).toEqual({ ok: false, retryAfter: 53 });
    // the next window starts afresh
    expect((await hitRateLimits(env.DB, rules, t0 + 60_000)).ok).toBe(true);
  });
});

describe("CSRF", () => {
  it("refuses a cross-site POST by Origin with 403 CSRF", async () => {
    const { b } = await signedIn();
    const res = await b.fetch("/auth/logout", { method: "POST", headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ errors: [{ code: "CSRF" }] });
    // still signed in
    expect((await b.fetch("/api/session")).status).toBe(200);
  });

  it("refuses Origin: null", async () => {
    const res = await browser().fetch("/auth/logout", { method: "POST", headers: { origin: "null" } });
    expect(res.status).toBe(403);
  });

  it("refuses by Sec-Fetch-Site when there is no Origin", async () => {
    for (const site of ["cross-site", "same-site"]) {
      const res = await app.request("http://localhost/auth/logout", { method: "POST", headers: { "sec-fetch-site": site } }, envWith());
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ errors: [{ code: "CSRF" }] });
    }
    // neither header: not a browser page (curl, server to server)
    const plain = await app.request("http://localhost/auth/logout", { method: "POST" }, envWith());
    expect(plain.status).toBe(303);
  });

  it("lets same-origin posts through", async () => {
    const { b } = await signedIn();
    const res = await b.fetch("/auth/logout", { method: "POST", headers: { origin: "http://localhost", "sec-fetch-site": "same-origin" } });
    expect(res.status).toBe(303);
  });
});

describe("configuration", () => {
  const configOf = (vars: Record<string, string>) => authConfigOf(envWith(vars));

  it("production without secrets is a clear configuration error naming what is missing", () => {
    expect(configOf({ ENVIRONMENT: "production", AUTH_PROVIDER: "dev" })).toBeInstanceOf(AuthConfigError);
    expect(String(configOf({ ENVIRONMENT: "production", AUTH_PROVIDER: "dev" }))).toMatch(/AUTH_PROVIDER other than dev.*SESSION_SECRET.*DEV_SSO_SECRET/);
    expect(String(configOf({ ENVIRONMENT: "production", AUTH_PROVIDER: "green", SESSION_SECRET: "x".repeat(40) }))).toMatch(
      /SSO_ISSUER.*SSO_AUDIENCE.*SSO_JWT_SECRET or SSO_JWKS_URL.*SSO_LOGIN_URL.*SSO_AUTH_URL/,
    );
  });

  it("development and test have embedded dev secrets", () => {
    const config = configOf({ ENVIRONMENT: "development" });
    if (config instanceof AuthConfigError) throw config;
    expect(config.provider).toBe("dev");
    // the dev portal can do direct login; the login.direct setting (off by default) decides if it is offered
    expect(config.directLogin).toBe(true);
    expect(config.verification.algorithms).toEqual(["HS256"]);
  });

  it("refuses alg confusion in the configuration", () => {
    const green = { AUTH_PROVIDER: "green", SSO_ISSUER: "i", SSO_AUDIENCE: "a", SSO_LOGIN_URL: "https://login.example/", SSO_AUTH_URL: "https://login.example/auth" };
    expect(String(configOf({ ...green, SSO_JWT_SECRET: "s".repeat(40), SSO_JWT_ALGORITHMS: "HS256,RS256" }))).toMatch(/HS\* only/);
    expect(configOf({ ...green, SSO_JWT_SECRET: "s".repeat(40), SSO_JWT_ALGORITHMS: "none" })).toBeInstanceOf(AuthConfigError);
  });
});
