import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signLoginToken } from "../../worker/auth/tokens";
import type { Identity } from "../../worker/accounts/identity";
import { COOKIE_TAMPERED_MESSAGE, loginErrorText, LOGIN_PROBLEM_TITLE, TRY_AGAIN_MESSAGE } from "../../src/account/login-messages";
import { browser, freshIdentity, locationOf, startLogin, type Browser } from "./auth-test-app";

/** The external providers of spec §7, against fake portals (the global fetch is replaced). */
const PORTAL = "https://login.rovers.example";
const SECRET = "portal-shared-secret-for-tests-0123456789abcdef";
const common = {
  SSO_ISSUER: PORTAL,
  SSO_AUDIENCE: "rovers-site",
  SSO_JWT_SECRET: SECRET,
  SSO_LOGIN_URL: `${PORTAL}/login`,
  SSO_PROFILE_URL: `${PORTAL}/profile`,
};

const portalToken = (identity: Identity, expiresIn = "5m", nonce?: string) =>
  signLoginToken(identity, { secret: SECRET, issuer: PORTAL, audience: "rovers-site", expiresIn, nonce });

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function fakePortal(handler: Handler) {
  const calls: { url: URL; init: RequestInit | undefined }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function sessionOf(b: Browser) {
  const res = await b.fetch("/api/session");
  return { status: res.status, body: (await res.json()) as { data?: { attributes: Record<string, unknown> }; errors?: { code: string }[] } };
}

describe("login-portal (cookie auth)", () => {
  const vars = { ...common, AUTH_PROVIDER: "login-portal", SSO_API_BASE_URL: PORTAL };

  it("sends the browser to the portal with the callback as returnUrl", async () => {
    const b = browser(vars);
    const { location } = await startLogin(b, "/videos");
    const target = new URL(location);
    expect(target.origin + target.pathname).toBe(`${PORTAL}/login`);
    expect(new URL(target.searchParams.get("returnUrl") ?? "").pathname).toBe("/auth/callback");
  });

  it("verifies the tokenpayload, checks /api/authenticated and signs in", async () => {
    const identity = freshIdentity("lp");
    const b = browser(vars);
    const { state } = await startLogin(b, "/news");
    const token = await portalToken(identity, "5m", state);
    const calls = fakePortal((url, init) => {
      if (url.pathname === "/api/authenticated") {
        expect(new Headers(init?.headers).get("authorization")).toBe(`Bearer ${token}`);
        return json({ authenticated: true });
      }
      return json({}, 404);
    });
    const res = await b.fetch(`/auth/callback?state=${state}&tokenpayload=${token}`);
    expect(locationOf(res)).toBe("/news?loginSuccess=true");
    expect(calls.map((c) => c.url.pathname)).toEqual(["/api/authenticated"]);
    const session = await sessionOf(b);
    expect(session.body.data?.attributes).toMatchObject({ ssoID: identity.ssoID, email: identity.email });
    const stored = await env.DB.prepare("SELECT state FROM provider_sessions WHERE sso_id = ?1").bind(identity.ssoID).first<{ state: string }>();
    // stored encrypted, never the raw token
    expect(stored?.state).toBeTruthy();
    expect(stored?.state).not.toContain(token);
  });

  it("alerts 'Could not login. Cookie auth_string tampered with' when cookie-auth refuses the cookie", async () => {
    const identity = freshIdentity("lp");
    const b = browser(vars);
    const { state } = await startLogin(b, "/videos");
    const token = await portalToken(identity, "5m", state);
    const calls = fakePortal((url, init) => {
      if (url.pathname === "/api/cookie-auth") {
        expect(init?.method).toBe("POST");
        expect(JSON.parse(String(init?.body))).toEqual({ auth_string: "eyJpZCI6MX0.tampered" });
        return json({ valid: false }, 401);
      }
      return json({ authenticated: true });
    });
    b.jar.cookies.set("auth_string", "eyJpZCI6MX0.tampered");
    const res = await b.fetch(`/auth/callback?state=${state}&tokenpayload=${token}`);
    expect(locationOf(res)).toBe("/videos?loginError=COOKIE_TAMPERED");
    expect(b.jar.cookies.has("rovers_session")).toBe(false);
    expect(calls.map((c) => c.url.pathname)).toEqual(["/api/cookie-auth"]);
    // what the browser shows for that code
    expect(loginErrorText("COOKIE_TAMPERED").title).toBe("Could not login. Cookie auth_string tampered with");
    expect(COOKIE_TAMPERED_MESSAGE).toBe("Could not login. Cookie auth_string tampered with");
  });

  it("accepts a valid auth_string cookie that carries the token", async () => {
    const identity = freshIdentity("lp");
    const token = await portalToken(identity);
    fakePortal((url) => (url.pathname === "/api/cookie-auth" ? json({ valid: true, token }) : json({ authenticated: true })));
    const b = browser(vars);
    const { state } = await startLogin(b);
    b.jar.cookies.set("auth_string", "good-cookie");
    const res = await b.fetch(`/auth/callback?state=${state}`);
    expect(locationOf(res)).toBe("/?loginSuccess=true");
  });

  it("renews the session with /api/refresh, and a refused refresh logs out with 'There was a problem logging in'", async () => {
    const identity = freshIdentity("lp");
    const b = browser(vars);
    const { state } = await startLogin(b);
    const token = await portalToken(identity, "5m", state);
    let refreshAnswer: () => Response = () => json({ error: "invalid_request" }, 400);
    const calls = fakePortal((url) => {
      if (url.pathname === "/api/authenticated") return json({ authenticated: true });
      if (url.pathname === "/api/refresh") return refreshAnswer();
      return json({}, 404);
    });
    await b.fetch(`/auth/callback?state=${state}&tokenpayload=${token}`);
    const due = () => env.DB.prepare("UPDATE provider_sessions SET refresh_after = 0 WHERE sso_id = ?1").bind(identity.ssoID).run();

    // refresh accepted: still signed in, next refresh pushed into the future
    const fresh = await portalToken(identity);
    refreshAnswer = () => json({ token: fresh });
    await due();
    expect((await sessionOf(b)).status).toBe(200);
    expect(calls.filter((c) => c.url.pathname === "/api/refresh")).toHaveLength(1);
    const row = await env.DB.prepare("SELECT refresh_after FROM provider_sessions WHERE sso_id = ?1").bind(identity.ssoID).first<{ refresh_after: number }>();
    expect(row?.refresh_after).toBeGreaterThan(Date.now() / 1000);

    // refresh refused (invalid_request): logged out, told why, cookie cleared
    refreshAnswer = () => json({ error: "invalid_request" }, 400);
    await due();
    const refused = await sessionOf(b);
    expect(refused.status).toBe(401);
    expect(refused.body.errors?.[0]?.code).toBe("LOGIN_REFRESH_FAILED");
    expect(b.jar.cookies.has("rovers_session")).toBe(false);
    expect(loginErrorText("LOGIN_FAILED")).toEqual({ title: LOGIN_PROBLEM_TITLE, message: TRY_AGAIN_MESSAGE });
    expect(LOGIN_PROBLEM_TITLE).toBe("There was a problem logging in");
    expect(TRY_AGAIN_MESSAGE).toBe("Please try again in a few minutes");
  });

  it("a portal outage during refresh does not log the user out", async () => {
    const identity = freshIdentity("lp");
    const b = browser(vars);
    const { state } = await startLogin(b);
    const token = await portalToken(identity, "5m", state);
    fakePortal((url) => (url.pathname === "/api/refresh" ? json({}, 503) : json({ authenticated: true })));
    await b.fetch(`/auth/callback?state=${state}&tokenpayload=${token}`);
    await env.DB.prepare("UPDATE provider_sessions SET refresh_after = 0 WHERE sso_id = ?1").bind(identity.ssoID).run();
    expect((await sessionOf(b)).status).toBe(200);
  });

  it("logout also signs out at the portal", async () => {
    const identity = freshIdentity("lp");
    const b = browser(vars);
    const { state } = await startLogin(b);
    const token = await portalToken(identity, "5m", state);
    const calls = fakePortal(() => json({ authenticated: true }));
    await b.fetch(`/auth/callback?state=${state}&tokenpayload=${token}`);
    const out = await b.fetch("/auth/logout", { method: "POST" });
    expect(locationOf(out)).toBe("/?logoutSuccess=true");
    const signOut = calls.find((c) => c.url.pathname === "/api/sign_out");
    expect(signOut?.init?.method).toBe("POST");
    expect(new Headers(signOut?.init?.headers).get("authorization")).toBe(`Bearer ${token}`);
  });
});

describe("sports-alliance SSO", () => {
  const vars = {
    ...common,
    AUTH_PROVIDER: "sports-alliance",
    SSO_SESSION_URL: `${PORTAL}/session`,
    SSO_REFRESH_URL: `${PORTAL}/refresh`,
    SSO_USER_AGENT_PASS: "ua-pass-secret",
  };

  it("reads the session id cookie, refreshes with refresh_token and user_agent_pass, and signs in", async () => {
    const identity = freshIdentity("sa");
    const token = await portalToken(identity);
    const calls = fakePortal((url) => {
      if (url.pathname === "/session") {
        expect(url.searchParams.get("session_id")).toBe("sa-session-123");
        return json({ refresh_token: "r1" });
      }
      if (url.pathname === "/refresh") {
        expect(url.searchParams.get("refresh_token")).toBe("r1");
        expect(url.searchParams.get("user_agent_pass")).toBe("ua-pass-secret");
        return json({ access_token: token, refresh_token: "r2" });
      }
      return json({}, 404);
    });
    const b = browser(vars);
    const { state } = await startLogin(b, "/live");
    b.jar.cookies.set("sa_session_id", "sa-session-123");
    const res = await b.fetch(`/auth/callback?state=${state}`);
    expect(locationOf(res)).toBe("/live?loginSuccess=true");
    expect(calls.map((c) => c.url.pathname)).toEqual(["/session", "/refresh"]);
    expect((await sessionOf(b)).body.data?.attributes.ssoID).toBe(identity.ssoID);
  });

  it("a refresh answering invalid_request is 'There was a problem logging in'", async () => {
    fakePortal((url) => (url.pathname === "/session" ? json({ refresh_token: "r1" }) : json({ error: "invalid_request" }, 400)));
    const b = browser(vars);
    const { state } = await startLogin(b);
    b.jar.cookies.set("sa_session_id", "sa-session-123");
    const res = await b.fetch(`/auth/callback?state=${state}`);
    expect(locationOf(res)).toBe("/?loginError=LOGIN_FAILED");
  });

  it("refuses without the portal's session cookie", async () => {
    const calls = fakePortal(() => json({}, 500));
    const b = browser(vars);
    const { state } = await startLogin(b);
    const res = await b.fetch(`/auth/callback?state=${state}`);
    expect(locationOf(res)).toBe("/?loginError=LOGIN_FAILED");
    expect(calls).toHaveLength(0);
  });
});

describe("green-type SSO", () => {
  const vars = { ...common, AUTH_PROVIDER: "green", SSO_AUTH_URL: `${PORTAL}/auth`, SSO_CLIENT_ID: "rovers-web" };

  it("exchanges code and redirect_uri server-side and verifies the token", async () => {
    const identity = freshIdentity("gr");
    const token = await portalToken(identity);
    let seenRedirect = "";
    fakePortal((url) => {
      if (url.pathname !== "/auth") return json({}, 404);
      seenRedirect = url.searchParams.get("redirect_uri") ?? "";
      return url.searchParams.get("code") === "abc" ? json({ token }) : json({ error: "invalid_grant" }, 400);
    });
    const b = browser(vars);
    const { state, location } = await startLogin(b, "/videos");
    const sentRedirect = new URL(location).searchParams.get("redirect_uri");
    const res = await b.fetch(`/auth/callback?state=${state}&code=abc`);
    expect(locationOf(res)).toBe("/videos?loginSuccess=true");
    expect(seenRedirect).toBe(sentRedirect);

    const b2 = browser(vars);
    const second = await startLogin(b2);
    const bad = await b2.fetch(`/auth/callback?state=${second.state}&code=wrong`);
    expect(locationOf(bad)).toBe("/?loginError=LOGIN_FAILED");
  });

  it("refuses a token the portal signed for another audience", async () => {
    const identity = freshIdentity("gr");
    const token = await signLoginToken(identity, { secret: SECRET, issuer: PORTAL, audience: "another-club", expiresIn: "5m" });
    fakePortal(() => json({ token }));
    const b = browser(vars);
    const { state } = await startLogin(b);
    const res = await b.fetch(`/auth/callback?state=${state}&code=abc`);
    expect(locationOf(res)).toBe("/?loginError=LOGIN_FAILED");
  });
});
