import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { DEV_DEFAULTS } from "../../worker/dev-secrets";
import { browser, devToken, freshIdentity, locationOf, signInWithToken, startLogin, type TokenFor } from "./auth-test-app";

/** The site never trusts a login token it has not verified (signature, issuer, audience, expiry, algorithm). */
const b64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** Each token below carries the right nonce unless the test is about the nonce: it fails only for its own fault. */
async function refused(token: TokenFor) {
  const b = browser();
  const res = await signInWithToken(b, token, "/videos");
  expect(res.status).toBe(302);
  expect(locationOf(res)).toBe("/videos?loginError=LOGIN_FAILED");
  expect(b.jar.cookies.has("rovers_session")).toBe(false);
  expect(await (await b.fetch("/api/session")).json()).toEqual({ data: null, meta: { directLogin: false } });
}

describe("login tokens", () => {
  it("accepts a correctly signed token (control)", async () => {
    const b = browser();
    const res = await signInWithToken(b, (nonce) => devToken(freshIdentity(), { nonce }), "/videos");
    expect(locationOf(res)).toBe("/videos?loginSuccess=true");
    expect((await b.fetch("/api/session")).status).toBe(200);
  });

  it("refuses a forged signature", async () => {
    await refused((nonce) => devToken(freshIdentity(), { nonce, secret: "an-attacker-secret-that-is-long-enough-0123456789" }));
  });

  it("refuses a token whose payload was altered after signing", async () => {
    await refused(async (nonce) => {
      const [h, , s] = (await devToken(freshIdentity(), { nonce })).split(".");
      const now = Math.floor(Date.now() / 1000);
      const payload = b64url({ id: "demo-vip", email: "vip@rovers.test", forename: "V", surname: "V", nonce, iss: DEV_DEFAULTS.SSO_ISSUER, aud: DEV_DEFAULTS.SSO_AUDIENCE, iat: now, exp: now + 300 });
      return `${h}.${payload}.${s}`;
    });
  });

  it("refuses an expired token", async () => {
    const identity = freshIdentity();
    const token = (nonce: string) => new SignJWT({ id: identity.ssoID, email: identity.email, forename: "a", surname: "b", nonce })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(DEV_DEFAULTS.SSO_ISSUER)
      .setAudience(DEV_DEFAULTS.SSO_AUDIENCE)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 600)
      .sign(new TextEncoder().encode(DEV_DEFAULTS.DEV_SSO_SECRET));
    await refused(token);
  });

  it("refuses a token without an expiry", async () => {
    const identity = freshIdentity();
    const token = (nonce: string) => new SignJWT({ id: identity.ssoID, email: identity.email, nonce })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(DEV_DEFAULTS.SSO_ISSUER)
      .setAudience(DEV_DEFAULTS.SSO_AUDIENCE)
      .setIssuedAt()
      .sign(new TextEncoder().encode(DEV_DEFAULTS.DEV_SSO_SECRET));
    await refused(token);
  });

  it("refuses a token for another audience", async () => {
    await refused((nonce) => devToken(freshIdentity(), { nonce, audience: "some-other-site" }));
  });

  it("refuses a token from another issuer", async () => {
    await refused((nonce) => devToken(freshIdentity(), { nonce, issuer: "https://evil.example" }));
  });

  it("refuses alg=none", async () => {
    const identity = freshIdentity();
    const now = Math.floor(Date.now() / 1000);
    const header = b64url({ alg: "none", typ: "JWT" });
    const payload = (nonce: string) => b64url({ id: identity.ssoID, email: identity.email, forename: "a", surname: "b", nonce, iss: DEV_DEFAULTS.SSO_ISSUER, aud: DEV_DEFAULTS.SSO_AUDIENCE, iat: now, exp: now + 300 });
    await refused((nonce) => `${header}.${payload(nonce)}.`);
    await refused((nonce) => `${header}.${payload(nonce)}`);
  });

  it("refuses a token signed with an algorithm other than the pinned one", async () => {
    const identity = freshIdentity();
    const token = (nonce: string) => new SignJWT({ id: identity.ssoID, email: identity.email, nonce })
      .setProtectedHeader({ alg: "HS512" })
      .setIssuer(DEV_DEFAULTS.SSO_ISSUER)
      .setAudience(DEV_DEFAULTS.SSO_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode(DEV_DEFAULTS.DEV_SSO_SECRET));
    await refused(token);
  });

  it("refuses a token without the login claims", async () => {
    const token = (nonce: string) => new SignJWT({ sub: "someone", nonce })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(DEV_DEFAULTS.SSO_ISSUER)
      .setAudience(DEV_DEFAULTS.SSO_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode(DEV_DEFAULTS.DEV_SSO_SECRET));
    await refused(token);
  });

  it("refuses garbage", async () => {
    await refused("not-a-token");
  });
});

/** A login token works once, for the sign-in that asked for it, within 5 minutes. */
describe("login tokens are single use and bound to their sign-in", () => {
  it("refuses a second use of a token, even from the same browser with a fresh state", async () => {
    const b = browser();
    const { state } = await startLogin(b);
    const token = await devToken(freshIdentity(), { nonce: state });
    const first = await b.fetch(`/auth/callback?state=${state}&tokenpayload=${token}`);
    expect(locationOf(first)).toBe("/?loginSuccess=true");

    // the same token again: another browser replaying it with its own fresh state
    const thief = browser();
    const again = await startLogin(thief);
    const replay = await thief.fetch(`/auth/callback?state=${again.state}&tokenpayload=${token}`);
    expect(locationOf(replay)).toBe("/?loginError=LOGIN_FAILED");
    expect(thief.jar.cookies.has("rovers_session")).toBe(false);
  });

  it("refuses a second use of a token with the state it was made for (a replayed callback URL)", async () => {
    const b = browser();
    const { state } = await startLogin(b);
    const token = await devToken(freshIdentity(), { nonce: state });
    const url = `/auth/callback?state=${state}&tokenpayload=${token}`;
    expect(locationOf(await b.fetch(url))).toBe("/?loginSuccess=true");
    // the state cookie is gone after a callback; put the same sign-in back and replay the URL
    const replayer = browser();
    const cookie = (await startLogin(replayer)).state;
    expect(cookie).not.toBe(state);
    const replay = await replayer.fetch(url);
    expect(locationOf(replay)).toBe("/?loginError=LOGIN_FAILED");
  });

  it("refuses a token made for another sign-in (its nonce is another state)", async () => {
    const victim = browser();
    const { state: victimState } = await startLogin(victim);
    const token = await devToken(freshIdentity(), { nonce: victimState });
    const attacker = browser();
    const { state } = await startLogin(attacker);
    const res = await attacker.fetch(`/auth/callback?state=${state}&tokenpayload=${token}`);
    expect(locationOf(res)).toBe("/?loginError=LOGIN_FAILED");
    // and it was not spent by the refusal: the sign-in it was made for still works
    expect(locationOf(await victim.fetch(`/auth/callback?state=${victimState}&tokenpayload=${token}`))).toBe("/?loginSuccess=true");
  });

  it("refuses a token without a nonce", async () => {
    await refused(() => devToken(freshIdentity()));
  });

  it("refuses a 6-minute-old token even when its expiry is later", async () => {
    const identity = freshIdentity();
    const now = Math.floor(Date.now() / 1000);
    await refused((nonce) =>
      new SignJWT({ id: identity.ssoID, email: identity.email, forename: "a", surname: "b", nonce })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer(DEV_DEFAULTS.SSO_ISSUER)
        .setAudience(DEV_DEFAULTS.SSO_AUDIENCE)
        .setIssuedAt(now - 6 * 60)
        .setExpirationTime(now + 60 * 60)
        .sign(new TextEncoder().encode(DEV_DEFAULTS.DEV_SSO_SECRET)),
    );
  });

  it("the dev portal's code flow binds its token to the state: a code spent with another state is refused", async () => {
    const b = browser();
    const { location } = await startLogin(b);
    const portal = new URL(location);
    const posted = await b.fetch("/sso/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        username: "fan@rovers.test",
        password: "rovers-demo",
        client_id: portal.searchParams.get("client_id") ?? "",
        redirect_uri: portal.searchParams.get("redirect_uri") ?? "",
      }).toString(),
    });
    const code = new URL(locationOf(posted)).searchParams.get("code") ?? "";
    const other = browser();
    const { state } = await startLogin(other);
    const res = await other.fetch(`/auth/callback?state=${state}&code=${encodeURIComponent(code)}`);
    expect(locationOf(res)).toBe("/?loginError=LOGIN_FAILED");
  });
});
