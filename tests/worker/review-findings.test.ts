import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { clientIp } from "../../worker/http/client-ip";
import { ADMIN_FAILURE_LIMIT } from "../../worker/club-api/routes";
import { AUDIT_DETAIL_MAX } from "../../worker/audit/audit-log";
import { browser, devToken, envWith, freshIdentity, locationOf, startLogin } from "./auth-test-app";
import { signLoginToken } from "../../worker/auth/tokens";
import { ROUTE_DATA_HEADER } from "../../src/app/route-data";

/** The review's smaller findings, each with its test. */
const get = (path: string, headers: Record<string, string> = {}) => SELF.fetch(`https://rovers.test${path}`, { headers, redirect: "manual" });

async function call(target: Env, path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`https://rovers.test${path}`, { redirect: "manual", ...init }), target, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}
const production = (vars: Record<string, string> = {}) => envWith({ ENVIRONMENT: "production", ...vars });

describe("security headers keep what a route set for itself", () => {
  it("the sign-in callback keeps Referrer-Policy: no-referrer", async () => {
    const res = await get("/auth/callback?state=0123456789abcdef0123&code=x");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    // pages get the site-wide policy
    expect((await get("/teams")).headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("generated SVG images keep their stricter CSP", async () => {
    const res = await get("/images/640x360/news-derby-day-win.svg");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("page cache outside development", () => {
  it("ignores a client's Cache-Control: no-cache", async () => {
    const target = production();
    await call(target, "/matches");
    const again = await call(target, "/matches", { headers: { "cache-control": "no-cache" } });
    expect(again.headers.get("x-page-cache")).toBe("hit");
  });

  it("keys pages on the path and the query parameters pages read only", async () => {
    const target = production();
    const first = await call(target, "/videos/faqs?utm=1");
    expect(first.headers.get("x-page-cache")).toBe("miss");
    for (const junk of ["?utm=2", "?x=y&z=1", "", "#frag"]) {
      expect((await call(target, `/videos/faqs${junk}`)).headers.get("x-page-cache"), junk).toBe("hit");
    }
    // a parameter a page reads is its own page
    expect((await call(target, "/news?page=3")).headers.get("x-page-cache")).toBe("miss");
    expect((await call(target, "/news?page=3&junk=1")).headers.get("x-page-cache")).toBe("hit");
  });
});

describe("admin API", () => {
  const TOKEN = "admin-token-for-review-tests-0123456789";
  const auditRows = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM admin_audit_log").first<{ n: number }>())?.n ?? 0;

  it("rate-limits failed bearer tokens per IP before they write audit rows", async () => {
    const b = browser({ ADMIN_TOKEN: TOKEN });
    const before = await auditRows();
    for (let i = 0; i < ADMIN_FAILURE_LIMIT.limit; i++) {
      expect((await b.fetch("/api/admin/audit", { headers: { authorization: "Bearer wrong" }, ip: "192.0.2.77" })).status).toBe(401);
    }
    expect(await auditRows()).toBe(before + ADMIN_FAILURE_LIMIT.limit);
    const limited = await b.fetch("/api/admin/audit", { headers: { authorization: "Bearer wrong" }, ip: "192.0.2.77" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect(await auditRows()).toBe(before + ADMIN_FAILURE_LIMIT.limit);
    // another IP is not affected
    expect((await b.fetch("/api/admin/audit", { headers: { authorization: "Bearer wrong" }, ip: "192.0.2.78" })).status).toBe(401);
  });

  it("caps a stored request body at 4 KB", async () => {
    const b = browser({ ADMIN_TOKEN: TOKEN });
    const res = await b.fetch("/api/admin/accounts/nobody-there/block", {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ reason: "administrator", note: "x".repeat(20_000) }),
    });
    expect(res.status).toBe(404);
    const row = await env.DB.prepare("SELECT detail FROM admin_audit_log WHERE target = 'nobody-there' ORDER BY id DESC").first<{ detail: string }>();
    expect(row?.detail.length).toBeLessThanOrEqual(AUDIT_DETAIL_MAX);
    expect(row?.detail.startsWith('{"reason":"administrator"')).toBe(true);
  });
});

describe("error texts outside development", () => {
  const failingDb = (message: string) =>
    new Proxy(env.DB, {
      get(target, prop) {
        if (prop === "prepare" || prop === "batch") return () => { throw new Error(message); };
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });

  it("a failing loader shows a generic error in the hydration data; the details go to the log", async () => {
    const secret = "no such table: secret_internal_table";
    const lines: string[] = [];
    const original = console.error;
    console.error = (line: unknown) => lines.push(String(line));
    let html = "";
    try {
      const res = await call({ ...production(), DB: failingDb(secret) } as Env, "/news/some-article-that-fails");
      html = await res.text();
    } finally {
      console.error = original;
    }
    expect(html).not.toContain(secret);
    expect(lines.join("\n")).toContain(secret);
    expect(lines.join("\n")).toMatch(/requestId/);
  });

  it("in development the loader's error text is shown (control)", async () => {
    const secret = "no such table: shown_in_development";
    const original = console.error;
    console.error = () => {};
    try {
      const res = await call({ ...envWith({ ENVIRONMENT: "development" }), DB: failingDb(secret) } as Env, "/news/another-article-that-fails");
      expect(await res.text()).toContain(secret);
    } finally {
      console.error = original;
    }
  });

  it("an API failure answers a generic text with the request id in the log", async () => {
    const original = console.error;
    console.error = () => {};
    try {
      const res = await call({ ...production(), DB: failingDb("D1 exploded: table accounts") } as Env, "/api/content/teams");
      expect(res.status).toBe(500);
      const body = JSON.stringify(await res.json());
      expect(body).not.toContain("exploded");
      expect(body).toContain("INTERNAL");
    } finally {
      console.error = original;
    }
  });

  it("a navigation's failing loader answers 500 with the page's generic text; the details go to the log", async () => {
    const lines: string[] = [];
    const original = console.error;
    console.error = (line: unknown) => lines.push(String(line));
    try {
      const res = await call({ ...production(), DB: failingDb("D1 exploded: table accounts") } as Env, "/news/an-article-that-fails", { headers: { [ROUTE_DATA_HEADER]: "news/*" } });
      expect(res.status).toBe(500);
      const body = JSON.stringify(await res.json());
      expect(body).not.toContain("exploded");
      expect(body).toContain("Something went wrong");
      expect(lines.join("\n")).toContain("exploded");
    } finally {
      console.error = original;
    }
  });
});

describe("media locators stay out of public responses", () => {
  it("/api/content/videos/home, the SSR data of /videos and /live and their navigations' data carry no playback id", async () => {
    const { results } = await env.DB.prepare("SELECT id, playback_id FROM live_stream_assets").all<{ id: string; playback_id: string }>();
    expect(results.length).toBeGreaterThan(0);
    const live = results.find((r) => r.id === "press-conference") ?? results[0]!;
    const bodies = [
      await (await get("/live", { [ROUTE_DATA_HEADER]: "live" })).text(),
      await (await get(`/live/video/${live.id}`, { [ROUTE_DATA_HEADER]: "live/:mediaType/:assetID?" })).text(),
      await (await get("/api/content/videos/home")).text(),
      await (await get("/videos")).text(),
      await (await get("/live")).text(),
      await (await get(`/live/video/${live.id}`)).text(),
    ];
    expect(bodies[1]).toContain(live.id);
    for (const body of bodies) {
      expect(body).not.toMatch(/playback/i);
      for (const row of results) expect(body).not.toContain(row.playback_id);
    }
  });
});

describe("request bodies", () => {
  it("over 64 KB are refused with 413 before parsing", async () => {
    const big = "x".repeat(64 * 1024 + 1);
    const res = await get("/api/session").then(() =>
      SELF.fetch("https://rovers.test/auth/login", { method: "POST", headers: { "content-type": "application/json", origin: "https://rovers.test" }, body: big }),
    );
    expect(res.status).toBe(413);
    expect(((await res.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe("PAYLOAD_TOO_LARGE");
    // just under the limit is parsed (and refused for what it says)
    const ok = await SELF.fetch("https://rovers.test/auth/login", { method: "POST", headers: { "content-type": "application/json", origin: "https://rovers.test" }, body: "x".repeat(1000) });
    expect(ok.status).not.toBe(413);
  });
});

describe("client IP", () => {
  const ipApp = new Hono<{ Bindings: Env }>().get("/", (c) => c.text(clientIp(c)));
  const ipOf = async (environment: string, headers: Record<string, string>) => (await ipApp.request("/", { headers }, envWith({ ENVIRONMENT: environment }))).text();

  it("comes from CF-Connecting-IP only outside development", async () => {
    expect(await ipOf("production", { "cf-connecting-ip": "203.0.113.5", "x-real-ip": "198.51.100.1" })).toBe("203.0.113.5");
    expect(await ipOf("production", { "x-real-ip": "198.51.100.1" })).toBe("unknown");
    expect(await ipOf("test", { "x-real-ip": "198.51.100.1" })).toBe("unknown");
    expect(await ipOf("development", { "x-real-ip": "198.51.100.1" })).toBe("198.51.100.1");
  });
});

describe("login tokens through the external providers", () => {
  const PORTAL = "https://login.rovers.example";
  const SECRET = "portal-shared-secret-for-tests-0123456789abcdef";
  const common = { SSO_ISSUER: PORTAL, SSO_AUDIENCE: "rovers-site", SSO_JWT_SECRET: SECRET, SSO_LOGIN_URL: `${PORTAL}/login` };
  const portalToken = (nonce?: string) => signLoginToken(freshIdentity("ext"), { secret: SECRET, issuer: PORTAL, audience: "rovers-site", nonce });

  it("a code-exchange provider refuses a tokenpayload in the callback", async () => {
    const b = browser({ ...common, AUTH_PROVIDER: "green", SSO_AUTH_URL: `${PORTAL}/auth` });
    const { state } = await startLogin(b);
    const res = await b.fetch(`/auth/callback?state=${state}&tokenpayload=${await portalToken(state)}`);
    expect(locationOf(res)).toBe("/?loginError=LOGIN_FAILED");
  });

  it("login-portal: a tokenpayload replayed with a fresh state, or made for another sign-in, is refused", async () => {
    const vars = { ...common, AUTH_PROVIDER: "login-portal", SSO_API_BASE_URL: PORTAL };
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async () => new Response(JSON.stringify({ authenticated: true }), { headers: { "content-type": "application/json" } })) as typeof fetch;
    try {
      const b = browser(vars);
      const { state } = await startLogin(b);
      const token = await portalToken(state);
      expect(locationOf(await b.fetch(`/auth/callback?state=${state}&tokenpayload=${token}`))).toBe("/?loginSuccess=true");
      // replayed with a fresh state: its nonce is the old state
      const again = await startLogin(b);
      expect(locationOf(await b.fetch(`/auth/callback?state=${again.state}&tokenpayload=${token}`))).toBe("/?loginError=LOGIN_FAILED");
      // a token made for someone else's sign-in
      const other = browser(vars);
      const mine = await startLogin(other);
      expect(locationOf(await other.fetch(`/auth/callback?state=${mine.state}&tokenpayload=${await portalToken(again.state)}`))).toBe("/?loginError=LOGIN_FAILED");
      // a second use of a valid token, even with the right state (the callback URL replayed)
      const third = browser(vars);
      const s3 = await startLogin(third);
      const t3 = await portalToken(s3.state);
      const stateCookie = third.jar.cookies.get("rovers_signin") ?? "";
      expect(locationOf(await third.fetch(`/auth/callback?state=${s3.state}&tokenpayload=${t3}`))).toBe("/?loginSuccess=true");
      const replayer = browser(vars);
      await startLogin(replayer);
      replayer.jar.cookies.set("rovers_signin", stateCookie);
      expect(locationOf(await replayer.fetch(`/auth/callback?state=${s3.state}&tokenpayload=${t3}`))).toBe("/?loginError=LOGIN_FAILED");
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it("the dev portal's own tokens carry the state as nonce", async () => {
    const b = browser();
    const { state } = await startLogin(b);
    expect(locationOf(await b.fetch(`/auth/callback?state=${state}&tokenpayload=${await devToken(freshIdentity(), { nonce: state })}`))).toBe("/?loginSuccess=true");
  });
});
