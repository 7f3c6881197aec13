// Web settings the club changes through the admin API reach the page on the
// next request (the write starts a new cache generation, so neither the KV copy nor the page cache
// keeps the old HTML).
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browser } from "./auth-test-app";

const TOKEN = "admin-token-for-web-settings-tests-01";
const admin = () => browser({ ADMIN_TOKEN: TOKEN });
const put = (key: string, value: string) =>
  admin().fetch(`/api/admin/settings/${key}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ value }),
  });
const html = async (path: string) => (await SELF.fetch(`https://rovers.test${path}`)).text();

describe("web settings follow on the next request", () => {
  it("layout.header, layout.footer and layout.footerAdverts pick the variants the server renders", async () => {
    const before = await html("/news");
    expect(before).toContain('class="site-header" data-variant="sticky"');
    expect(before).toContain('class="site-footer" data-variant="v1"');
    expect(before).toContain('data-variant="v1"');
    expect(before).toContain('class="sticky-nav"');

    expect((await put("layout.header", "v3")).status).toBe(200);
    expect((await put("layout.footer", "v2")).status).toBe(200);
    expect((await put("layout.footerAdverts", "v3")).status).toBe(200);
    const after = await html("/news");
    expect(after).toContain('class="site-header" data-variant="v3"');
    expect(after).not.toContain('class="sticky-nav"');
    expect(after).toContain('class="site-footer" data-variant="v2"');
    expect(after).toContain("site-footer__main--compact");
    expect(after).toMatch(/class="footer-adverts"[^>]*data-variant="v3"/);

    // an unknown value is the default variant, never a broken page
    expect((await put("layout.header", "v9")).status).toBe(200);
    expect(await html("/news")).toContain('class="site-header" data-variant="sticky"');
  });

  it("login.registerText is the register text of the login page", async () => {
    expect(await html("/account/login")).toContain("Don&#x27;t have a Rovers Account yet?");
    expect((await put("login.registerText", "Join the Rovers family: it is free.")).status).toBe(200);
    expect(await html("/account/login")).toContain("Join the Rovers family: it is free.");
  });

  it("support.email is offered under the streamer page's troubleshooting, and a malformed one is not", async () => {
    expect(await html("/streamer")).toContain('href="mailto:tvsupport@northbridge-rovers.example"');
    expect((await put("support.email", "help@rovers-tv.example")).status).toBe(200);
    const changed = await html("/streamer");
    expect(changed).toContain('href="mailto:help@rovers-tv.example"');
    expect(changed).not.toContain("tvsupport@northbridge-rovers.example");
    expect((await put("support.email", "not an address")).status).toBe(200);
    expect(await html("/streamer")).not.toContain("mailto:");
  });
});

describe("the streaming configuration's feed id (spec §9)", () => {
  it("tv.feed names the on-demand feed /videos shows", async () => {
    expect(await html("/videos")).toContain("Browse by category");
    expect((await put("tv.feed", "no-such-feed")).status).toBe(200);
    expect(await html("/videos")).not.toContain("Browse by category");
    expect((await put("tv.feed", "rovers-tv")).status).toBe(200);
    expect(await html("/videos")).toContain("Browse by category");
  });
});

describe("social sign-in (spec §1, §2 'Login form', §9: two providers, off by default)", () => {
  it("off: /auth/login?social= is refused with a stable code; an unknown provider is a 400", async () => {
    const b = browser();
    const off = await b.fetch("/auth/login?returnUrl=%2Fnews&social=google");
    expect(off.status).toBe(404);
    expect(((await off.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe("SOCIAL_LOGIN_OFF");
    const unknown = await b.fetch("/auth/login?social=myspace");
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe("INVALID_SOCIAL_PROVIDER");
  });

  it("on: the same sign-in, with the portal asked for the provider; the dev portal offers both and signs in through the one callback", async () => {
    expect((await put("login.social.facebook", "1")).status).toBe(200);
    const b = browser();
    const start = await b.fetch("/auth/login?returnUrl=%2Fnews&social=facebook");
    expect(start.status).toBe(302);
    const portal = new URL(start.headers.get("location") ?? "");
    expect(portal.pathname).toBe("/sso/login");
    expect(portal.searchParams.get("social")).toBe("facebook");
    expect(new URL(portal.searchParams.get("redirect_uri") ?? "").pathname).toBe("/auth/callback");

    const page = await (await b.fetch(portal.pathname + portal.search)).text();
    expect(page).toContain("Continue with Facebook");
    expect(page).toContain("social=google"); // the other provider is offered too
    expect(page).toContain('name="social" value="facebook"');

    // the portal's form posts back as any sign-in does and ends at the site's callback with a code
    const form = new URLSearchParams({
      client_id: portal.searchParams.get("client_id") ?? "",
      redirect_uri: portal.searchParams.get("redirect_uri") ?? "",
      response_type: portal.searchParams.get("response_type") ?? "code",
      social: "facebook",
      username: "fan@rovers.test",
      password: "rovers-demo",
    });
    const signedIn = await b.fetch("/sso/login", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form.toString() });
    expect(signedIn.status).toBe(303);
    const callback = new URL(signedIn.headers.get("location") ?? "");
    expect(callback.pathname).toBe("/auth/callback");
    const done = await b.fetch(callback.pathname + callback.search);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toContain("/news");
    const session = (await (await b.fetch("/api/session")).json()) as { loggedIn?: boolean; user?: { email?: string } };
    expect(JSON.stringify(session)).toContain("fan@rovers.test");

    // google stays off until the club turns it on
    expect((await b.fetch("/auth/login?social=google")).status).toBe(404);
  });
  it("siteLock.enabled locks the site on the next request, and opens it again", async () => {
    // Read once while open: the lock state is then cached, as on a live site.
    expect((await SELF.fetch("https://rovers.test/teams")).status).toBe(200);
    try {
      expect((await put("siteLock.entryPhrase", "rovers-preview")).status).toBe(200);
      expect((await put("siteLock.enabled", "1")).status).toBe(200);
      expect((await SELF.fetch("https://rovers.test/teams")).status).toBe(403);
      // The admin API stays the club's way back in while locked, behind its token as ever.
      const anonymous = await admin().fetch("/api/admin/settings/siteLock.enabled", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ value: "0" }) });
      expect(anonymous.status).toBe(401);
    } finally {
      expect((await put("siteLock.enabled", "0")).status).toBe(200);
    }
    expect((await SELF.fetch("https://rovers.test/teams")).status).toBe(200);
  });
});
