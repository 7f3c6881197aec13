import { env, SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { invalidateCache } from "../../worker/cache/kv-cache";
import { entryCookieValue } from "../../worker/site-lock/entry-cookie";
import { phraseDigestHex } from "../../worker/site-lock/lock-screen";
import { DEV_DEFAULTS } from "../../worker/dev-secrets";

const ORIGIN = "https://rovers.test";
const PHRASE = "rovers-preview";
const fetchPath = (path: string, init: RequestInit = {}) => SELF.fetch(`${ORIGIN}${path}`, { redirect: "manual", ...init });
const withCookie = (cookie: string) => ({ headers: { cookie } });

async function setLock(enabled: boolean, phrase = PHRASE) {
  await env.DB.batch([
    env.DB.prepare("UPDATE settings SET value = ?1 WHERE key = 'siteLock.enabled'").bind(enabled ? "1" : "0"),
    env.DB.prepare("UPDATE settings SET value = ?1 WHERE key = 'siteLock.entryPhrase'").bind(phrase),
  ]);
  // what the admin API does after a write
  await invalidateCache(env);
}

async function enter(phrase: string, returnTo = "/news") {
  return fetchPath("/site-lock", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
    body: new URLSearchParams({ phrase, returnTo }).toString(),
  });
}

const entryCookieOf = (res: Response) => /allow_entry=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];

describe("site lock", () => {
  beforeEach(() => setLock(true));
  afterEach(() => setLock(false));

  it("answers every page with the lock screen, never the page (and never from the page cache)", async () => {
    for (const path of ["/", "/news", "/teams/u18", "/videos", "/no/such/page"]) {
      const res = await fetchPath(path);
      expect(res.status, path).toBe(403);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-page-cache")).toBeNull();
      const html = await res.text();
      expect(html).toContain("This site is in development");
      expect(html).toMatch(/<input[^>]+type="password"/);
      // the Access button is there but hidden; the phrase itself is not in the page
      expect(html).toMatch(/<button[^>]*hidden[^>]*>Access<\/button>/);
      expect(html).not.toContain(PHRASE);
      expect(html).toContain(`data-phrase-digest="${await phraseDigestHex(PHRASE)}"`);
      // nothing of the locked site: no router data, no menu, no sponsors
      expect(html).not.toContain("Principal Partners");
    }
  });

  it("answers the APIs, media and sockets 403 SITE_LOCKED", async () => {
    for (const path of ["/api/content/shell", "/api/content/teams", "/api/session", "/api/promo-overlays/?channel=Web", "/media/x/y.m3u8", "/ws/streams"]) {
      const res = await fetchPath(path);
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual({ errors: [{ code: "SITE_LOCKED", detail: "This site is in development" }] });
    }
  });

  it("leaves the streamer, sign-in, webhooks and static files alone", async () => {
    expect((await fetchPath("/sso/login")).status).not.toBe(403);
    expect((await fetchPath("/auth/login")).status).not.toBe(403);
    expect((await fetchPath("/webhooks/stripe", { method: "POST", body: "{}" })).status).not.toBe(403);
    // the media services answer to their own tokens, not to the lock
    expect((await fetchPath("/api/ingest/events")).status).not.toBe(403);
    expect((await fetchPath("/api/transcoder/claim", { method: "POST", body: "{}" })).status).not.toBe(403);
    expect((await fetchPath("/images/200x120/crest-rovers.svg")).status).toBe(200);
    const streamer = await fetchPath("/streamer");
    expect(await streamer.text()).not.toContain("This site is in development");
  });

  it("admits with the phrase: allow_entry for 60 days, signed, HttpOnly, then the site as usual", async () => {
    const res = await enter(PHRASE);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/news");
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/allow_entry=v1\.\d+\.[\w-]{43}/);
    expect(setCookie).toContain(`Max-Age=${60 * 24 * 60 * 60}`);
    expect(setCookie).toMatch(/HttpOnly/i);
    const cookie = `allow_entry=${entryCookieOf(res)}`;
    const page = await fetchPath("/news", withCookie(cookie));
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain("This site is in development");
    expect((await fetchPath("/api/content/teams", withCookie(cookie))).status).toBe(200);
  });

  it("refuses a wrong phrase, a forged, an edited, an expired and an old phrase's allow_entry", async () => {
    const wrong = await enter("rovers-previe");
    expect(wrong.status).toBe(403);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    expect(await wrong.text()).toContain("This site is in development");

    const good = entryCookieOf(await enter(PHRASE))!;
    const [version, expires, mac] = good.split(".") as [string, string, string];
    const forged = [
      "1",
      "yes",
      `${version}.${expires}.${"A".repeat(43)}`,
      `${version}.${Number(expires) + 1}.${mac}`,
      // signed with the right key but already expired
      await entryCookieValue(DEV_DEFAULTS.SESSION_SECRET, PHRASE, Date.now() - 61 * 24 * 60 * 60 * 1000),
      // signed with another secret
      await entryCookieValue("another-secret-of-enough-length-0123456789", PHRASE),
    ];
    for (const value of forged) {
      expect((await fetchPath("/", withCookie(`allow_entry=${value}`))).status, value).toBe(403);
      expect((await fetchPath("/api/content/shell", withCookie(`allow_entry=${value}`))).status, value).toBe(403);
    }
    // a valid one made here with the worker's key passes (so the refusals above are about the forgery)
    expect((await fetchPath("/", withCookie(`allow_entry=${await entryCookieValue(DEV_DEFAULTS.SESSION_SECRET, PHRASE)}`))).status).toBe(200);
    // a new phrase locks out everyone admitted with the old one
    await setLock(true, "a-new-phrase");
    expect((await fetchPath("/", withCookie(`allow_entry=${good}`))).status).toBe(403);
  });

  it("refuses a cross-site post of the phrase", async () => {
    const res = await fetchPath("/site-lock", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ phrase: PHRASE }).toString(),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("sends the admitted visitor back to a same-site path only", async () => {
    expect((await enter(PHRASE, "https://evil.example/")).headers.get("location")).toBe("/");
    expect((await enter(PHRASE, "//evil.example/")).headers.get("location")).toBe("/");
  });

  it("never serves a page cached while the site was open", async () => {
    await setLock(false);
    await fetchPath("/teams");
    expect((await fetchPath("/teams")).headers.get("x-page-cache")).toBe("hit");
    // the lock is checked before the page cache: the stored page is never read for a locked visitor
    await setLock(true);
    const locked = await fetchPath("/teams");
    expect(locked.status).toBe(403);
    expect(locked.headers.get("x-page-cache")).toBeNull();
    expect(await locked.text()).toContain("This site is in development");
  });
});

describe("site lock off", () => {
  it("changes nothing and keeps the phrase out of the shell sent to browsers", async () => {
    const res = await fetchPath("/api/content/shell");
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain("siteLock");
    expect(text).not.toContain(PHRASE);
    expect((await fetchPath("/")).status).toBe(200);
  });
});
