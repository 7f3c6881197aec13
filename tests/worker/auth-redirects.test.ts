import { describe, expect, it } from "vitest";
import { browser, devToken, freshIdentity, locationOf, signInWithToken, signedIn } from "./auth-test-app";

/** Return URLs are same-site only: every external or script form falls back to '/'. */
const hostile = [
  "//evil.example",
  "//evil.example/path",
  "https://evil.example",
  "http://evil.example/auth/callback",
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "%2F%2Fevil.example",
  "/%2F%2Fevil.example",
  "%2f%2fevil.example",
  "/%5Cevil.example",
  "/%5cevil.example",
  "%5C%5Cevil.example",
  "https:%2F%2Fevil.example",
  "javascript%3Aalert(1)",
  "%252F%252Fevil.example",
  "/%09/evil.example",
  "/\t/evil.example",
  " //evil.example",
  "///evil.example",
  "/.//evil.example",
];

describe("return URLs", () => {
  it.each(hostile)("login with returnUrl %j comes back to /", async (returnUrl) => {
    const b = browser();
    const res = await signInWithToken(b, (nonce) => devToken(freshIdentity(), { nonce }), returnUrl);
    expect(res.status).toBe(302);
    expect(locationOf(res)).toBe("/?loginSuccess=true");
  });

  it.each(hostile)("a failed login with returnUrl %j comes back to /", async (returnUrl) => {
    const b = browser();
    const res = await signInWithToken(b, "forged.token.value", returnUrl);
    expect(locationOf(res)).toBe("/?loginError=LOGIN_FAILED");
  });

  it.each(hostile)("logout with returnUrl %j goes to /", async (returnUrl) => {
    const { b } = await signedIn();
    const res = await b.fetch(`/auth/logout?returnUrl=${encodeURIComponent(returnUrl)}`, { method: "POST" });
    expect(res.status).toBe(303);
    expect(locationOf(res)).toBe("/?logoutSuccess=true");
  });

  it("the login redirect only ever leaves for the configured portal", async () => {
    const b = browser();
    const res = await b.fetch(`/auth/login?returnUrl=${encodeURIComponent("https://evil.example")}`);
    const target = new URL(locationOf(res));
    expect(target.origin).toBe("http://localhost");
    expect(target.pathname).toBe("/sso/login");
    const callback = new URL(target.searchParams.get("redirect_uri") ?? "");
    expect(callback.origin).toBe("http://localhost");
    expect(callback.pathname).toBe("/auth/callback");
  });

  it("keeps a same-site return URL with its query and hash", async () => {
    const b = browser();
    const res = await signInWithToken(b, (nonce) => devToken(freshIdentity(), { nonce }), "/matches/u18/2024-25?tab=results#fixtures");
    expect(locationOf(res)).toBe("/matches/u18/2024-25?tab=results&loginSuccess=true#fixtures");
  });

  it("a logout form post carries its return URL in the body", async () => {
    const { b } = await signedIn();
    const res = await b.fetch("/auth/logout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ returnUrl: "/news" }).toString(),
    });
    expect(locationOf(res)).toBe("/news?logoutSuccess=true");
  });
});
