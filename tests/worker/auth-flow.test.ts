import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browser, devToken, freshIdentity, locationOf, signInWithToken, signedIn, startLogin, withDirectLogin } from "./auth-test-app";

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

describe("sign-in through the embedded dev portal", () => {
  it("redirects out, signs in a demo account, exchanges the code and lands clean with loginSuccess", async () => {
    const b = browser();
    const { location } = await startLogin(b, "/videos?team=u18");
    const portal = new URL(location);
    expect(portal.origin).toBe("http://localhost");
    expect(portal.pathname).toBe("/sso/login");
    expect(portal.searchParams.get("client_id")).toBeTruthy();

    const page = await b.fetch(portal.pathname + portal.search);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Sign in to your Northbridge Rovers FC account");
    expect(html).toContain('href="/sso/portal.css"');

    // spec §5: the username is lowercased before sign-in
    const posted = await b.fetch(
      "/sso/login",
      form({
        username: "TV@Rovers.TEST",
        password: "rovers-demo",
        client_id: portal.searchParams.get("client_id") ?? "",
        redirect_uri: portal.searchParams.get("redirect_uri") ?? "",
        response_type: "code",
      }),
    );
    expect(posted.status).toBe(303);
    const back = new URL(locationOf(posted));
    expect(back.pathname).toBe("/auth/callback");
    expect(back.searchParams.get("code")).toBeTruthy();

    const callback = await b.fetch(back.pathname + back.search);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("cache-control")).toBe("no-store");
    // the code is gone from the URL: clean return URL plus loginSuccess=true
    expect(locationOf(callback)).toBe("/videos?team=u18&loginSuccess=true");
    const setCookie = callback.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/rovers_session=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/rovers_session=[^;]+;.*SameSite=Lax/i);

    const session = await b.fetch("/api/session");
    expect(session.status).toBe(200);
    const body = (await session.json()) as { data: { attributes: Record<string, unknown> } };
    expect(body.data.attributes).toMatchObject({
      ssoID: "demo-tv",
      email: "tv@rovers.test",
      displayName: "Terry Viewer",
      entitlements: ["roverstv"],
      bypassed: false,
      blocked: false,
    });

    // the same code cannot be spent twice
    const b2 = browser();
    const { state } = await startLogin(b2);
    const replay = await b2.fetch(`/auth/callback?state=${state}&code=${encodeURIComponent(back.searchParams.get("code") ?? "")}`);
    expect(locationOf(replay)).toBe("/?loginError=LOGIN_FAILED");
    expect(b2.jar.cookies.has("rovers_session")).toBe(false);
  });

  it("creates demo accounts from the fixture on first sign-in (bypassed, blocked)", async () => {
    for (const [email, flags] of [
      ["bypass@rovers.test", { bypassed: true, blocked: false }],
      ["blocked@rovers.test", { bypassed: false, blocked: true }],
    ] as const) {
      const b = browser();
      const { location } = await startLogin(b);
      const portal = new URL(location);
      const posted = await b.fetch(
        "/sso/login",
        form({
          username: email,
          password: "rovers-demo",
          client_id: portal.searchParams.get("client_id") ?? "",
          redirect_uri: portal.searchParams.get("redirect_uri") ?? "",
          response_type: "tokenpayload",
        }),
      );
      const back = new URL(locationOf(posted));
      expect(back.searchParams.get("tokenpayload")).toMatch(/^ey/);
      await b.fetch(back.pathname + back.search);
      const body = (await (await b.fetch("/api/session")).json()) as { data: { attributes: Record<string, unknown> } };
      expect(body.data.attributes).toMatchObject(flags);
    }
  });

  it("refuses a wrong password at the portal with the message under the fields", async () => {
    const b = browser();
    const { location } = await startLogin(b);
    const portal = new URL(location);
    const posted = await b.fetch(
      "/sso/login",
      form({
        username: "fan@rovers.test",
        password: "wrong",
        client_id: portal.searchParams.get("client_id") ?? "",
        redirect_uri: portal.searchParams.get("redirect_uri") ?? "",
      }),
      // a separate IP so this attempt does not eat into other tests' budgets
    );
    expect(posted.status).toBe(401);
    expect(await posted.text()).toContain("Your email address or password is incorrect");
  });

  it("refuses a portal redirect_uri that is not the site's own callback", async () => {
    const b = browser();
    const res = await b.fetch(
      "/sso/login",
      form({ username: "fan@rovers.test", password: "rovers-demo", client_id: "northbridge-rovers-site", redirect_uri: "https://evil.example/auth/callback" }),
    );
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
  });

  it("registers at the portal and signs the new account in", async () => {
    const b = browser();
    const start = await b.fetch("/auth/register?returnUrl=%2Fnews");
    const portal = new URL(locationOf(start));
    expect(portal.pathname).toBe("/sso/register");
    const email = `new-${Date.now()}@example.test`;
    const posted = await b.fetch(
      "/sso/register",
      form({
        forename: "Nia",
        surname: "New",
        email,
        password: "a-long-password",
        client_id: portal.searchParams.get("client_id") ?? "",
        redirect_uri: portal.searchParams.get("redirect_uri") ?? "",
      }),
    );
    expect(posted.status).toBe(303);
    const back = new URL(locationOf(posted));
    const callback = await b.fetch(back.pathname + back.search);
    expect(locationOf(callback)).toBe("/news?loginSuccess=true");
    const body = (await (await b.fetch("/api/session")).json()) as { data: { attributes: Record<string, unknown> } };
    expect(body.data.attributes).toMatchObject({ email, displayName: "Nia New", entitlements: [] });
  });

  it("refuses a callback whose state does not match the browser's", async () => {
    const b = browser();
    await startLogin(b);
    const token = await devToken(freshIdentity());
    const res = await b.fetch(`/auth/callback?state=${"x".repeat(32)}&tokenpayload=${token}`);
    expect(locationOf(res)).toBe("/?loginError=LOGIN_FAILED");
    expect(b.jar.cookies.has("rovers_session")).toBe(false);
  });
});

describe("site session", () => {
  it("logout revokes the session server-side: the old cookie no longer works", async () => {
    const { b, identity } = await signedIn();
    const oldCookie = b.jar.header();
    expect((await b.fetch("/api/session")).status).toBe(200);

    const out = await b.fetch("/auth/logout?returnUrl=%2Fmatches", { method: "POST" });
    expect(out.status).toBe(303);
    expect(locationOf(out)).toBe("/matches?logoutSuccess=true");
    expect(b.jar.cookies.has("rovers_session")).toBe(false);

    // replaying the cookie captured before logout
    const replay = await b.fetch("/api/session", { headers: { cookie: oldCookie } });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ data: null, meta: { directLogin: false } });
    const revoked = await env.DB.prepare("SELECT COUNT(*) AS n FROM revoked_sessions WHERE sso_id = ?1").bind(identity.ssoID).first<{ n: number }>();
    expect(revoked?.n).toBe(1);
  });

  it("logout from fetch answers JSON with the redirect target", async () => {
    const { b } = await signedIn();
    const out = await b.fetch("/auth/logout", { method: "POST", headers: { accept: "application/json" } });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ data: { attributes: { loggedOut: true, redirect: "/?logoutSuccess=true" } } });
  });

  it("a tampered session cookie counts as logged out and is cleared", async () => {
    const { b } = await signedIn();
    const value = b.jar.cookies.get("rovers_session") ?? "";
    const [h, p, s] = value.split(".");
    const payload = JSON.parse(atob((p ?? "").replace(/-/g, "+").replace(/_/g, "/"))) as Record<string, unknown>;
    payload.sub = "demo-vip";
    const forgedPayload = btoa(JSON.stringify(payload)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const res = await b.fetch("/api/session", { headers: { cookie: `rovers_session=${h}.${forgedPayload}.${s}` } });
    expect(await res.clone().json()).toEqual({ data: null, meta: { directLogin: false } });
    expect(res.headers.getSetCookie().join("\n")).toMatch(/rovers_session=;.*Max-Age=0/i);
  });

  it("sets Secure __Host- cookies off localhost", async () => {
    const b = browser();
    const start = await b.fetch("https://www.rovers.test/auth/login");
    expect(start.headers.getSetCookie().join("\n")).toMatch(/^__Host-rovers_signin=[^;]+;.*Secure/im);
    const state = new URL(new URL(locationOf(start)).searchParams.get("redirect_uri") ?? "").searchParams.get("state");
    const token = await devToken(freshIdentity(), { nonce: state ?? "" });
    const callback = await b.fetch(`https://www.rovers.test/auth/callback?state=${state}&tokenpayload=${token}`);
    expect(locationOf(callback)).toBe("/?loginSuccess=true");
    const cookie = callback.headers.getSetCookie().find((c) => c.startsWith("__Host-rovers_session=")) ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//i);
  });

  it("/api/session answers { data: null } without a cookie", async () => {
    const res = await browser().fetch("/api/session");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: null, meta: { directLogin: false } });
  });

  it("/api/session tells the browser when login.direct is on, signed in or not (the account panel shows the form)", () =>
    withDirectLogin(async () => {
    const b = browser();
    expect(await (await b.fetch("/api/session")).json()).toEqual({ data: null, meta: { directLogin: true } });
    await b.fetch("/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ username: "fan@rovers.test", password: "rovers-demo" }),
    });
    expect(await (await b.fetch("/api/session")).json()).toMatchObject({ data: { attributes: { email: "fan@rovers.test" } }, meta: { directLogin: true } });
  }));

  it("/auth/profile leads to the portal's profile page", async () => {
    const res = await browser().fetch("/auth/profile");
    expect(locationOf(res)).toBe("http://localhost/sso/profile");
  });

  it("a second sign-in replaces (and revokes) the session this browser had", async () => {
    const { b } = await signedIn();
    const first = b.jar.header();
    const again = await signInWithToken(b, (nonce) => devToken(freshIdentity(), { nonce }));
    expect(locationOf(again)).toBe("/?loginSuccess=true");
    // replayed from elsewhere (a fetch that clears a dead cookie would also empty b's jar)
    expect(await (await browser().fetch("/api/session", { headers: { cookie: first } })).json()).toEqual({ data: null, meta: { directLogin: false } });
    expect((await b.fetch("/api/session")).status).toBe(200);
  });
});
