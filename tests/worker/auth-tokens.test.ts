import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { DEV_DEFAULTS } from "../../worker/auth/config";
import { browser, devToken, freshIdentity, locationOf, signInWithToken } from "./auth-test-app";

/** The site never trusts a login token it has not verified (signature, issuer, audience, expiry, algorithm). */
const b64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

async function refused(token: string) {
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
    const res = await signInWithToken(b, await devToken(freshIdentity()), "/videos");
    expect(locationOf(res)).toBe("/videos?loginSuccess=true");
    expect((await b.fetch("/api/session")).status).toBe(200);
  });

  it("refuses a forged signature", async () => {
    await refused(await devToken(freshIdentity(), { secret: "an-attacker-secret-that-is-long-enough-0123456789" }));
  });

  it("refuses a token whose payload was altered after signing", async () => {
    const [h, , s] = (await devToken(freshIdentity())).split(".");
    const now = Math.floor(Date.now() / 1000);
    const payload = b64url({ id: "demo-vip", email: "vip@rovers.test", forename: "V", surname: "V", iss: DEV_DEFAULTS.SSO_ISSUER, aud: DEV_DEFAULTS.SSO_AUDIENCE, iat: now, exp: now + 300 });
    await refused(`${h}.${payload}.${s}`);
  });

  it("refuses an expired token", async () => {
    const identity = freshIdentity();
    const token = await new SignJWT({ id: identity.ssoID, email: identity.email, forename: "a", surname: "b" })
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
    const token = await new SignJWT({ id: identity.ssoID, email: identity.email })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(DEV_DEFAULTS.SSO_ISSUER)
      .setAudience(DEV_DEFAULTS.SSO_AUDIENCE)
      .setIssuedAt()
      .sign(new TextEncoder().encode(DEV_DEFAULTS.DEV_SSO_SECRET));
    await refused(token);
  });

  it("refuses a token for another audience", async () => {
    await refused(await devToken(freshIdentity(), { audience: "some-other-site" }));
  });

  it("refuses a token from another issuer", async () => {
    await refused(await devToken(freshIdentity(), { issuer: "https://evil.example" }));
  });

  it("refuses alg=none", async () => {
    const identity = freshIdentity();
    const now = Math.floor(Date.now() / 1000);
    const header = b64url({ alg: "none", typ: "JWT" });
    const payload = b64url({ id: identity.ssoID, email: identity.email, forename: "a", surname: "b", iss: DEV_DEFAULTS.SSO_ISSUER, aud: DEV_DEFAULTS.SSO_AUDIENCE, iat: now, exp: now + 300 });
    await refused(`${header}.${payload}.`);
    await refused(`${header}.${payload}`);
  });

  it("refuses a token signed with an algorithm other than the pinned one", async () => {
    const identity = freshIdentity();
    const token = await new SignJWT({ id: identity.ssoID, email: identity.email })
      .setProtectedHeader({ alg: "HS512" })
      .setIssuer(DEV_DEFAULTS.SSO_ISSUER)
      .setAudience(DEV_DEFAULTS.SSO_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode(DEV_DEFAULTS.DEV_SSO_SECRET));
    await refused(token);
  });

  it("refuses a token without the login claims", async () => {
    const token = await new SignJWT({ sub: "someone" })
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
