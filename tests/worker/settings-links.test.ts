import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browser } from "./auth-test-app";
import { adminHeaders, CONSOLE_VARS, staffAccount } from "./staff-accounts";
import { invalidateCache } from "../../worker/cache/kv-cache";

/**
 * The one link rule (src/domain/link-rule.ts) for the web settings that are links: refused where
 * they are written (the admin API and the console answer 400 with a field error, nothing stored)
 * and where they are rendered (a bad value already in D1 is never a link on the page).
 */
const json = (method: string, body?: unknown, headers: Record<string, string> = {}) => ({
  method,
  headers: { "content-type": "application/json", ...headers },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
const adminPut = (key: string, value: string) => browser(CONSOLE_VARS).fetch(`/api/admin/settings/${key}`, json("PUT", { value }, adminHeaders));
const stored = async (key: string) => (await env.DB.prepare("SELECT value FROM settings WHERE key = ?1").bind(key).first<{ value: string }>())?.value;
const html = async (path: string) => (await SELF.fetch(`https://rovers.test${path}`)).text();

const SITE_PATH = "a path on this site (/…, not // or /\\)";
const HTTPS = "an https: URL (https://…)";
const EITHER = "a path on this site (/…, not // or /\\) or an https: URL";

const refused: [key: string, value: string, detail: string][] = [
  ["cookie.policyLink", "/\\evil.example/phish", SITE_PATH],
  ["cookie.policyLink", "//evil.example/phish", SITE_PATH],
  ["cookie.policyLink", "https://evil.example/cookies", SITE_PATH],
  ["cookie_policyLink", "/%5Cevil.example", SITE_PATH],
  ["social.facebook", "javascript:alert(document.cookie)", HTTPS],
  ["social.x", "http://x.com/NorthbridgeRFC", HTTPS],
  ["social.threads", "data:text/html,<script>alert(1)</script>", HTTPS],
  ["social.instagram", "https://www.instagram.com@evil.example/", HTTPS],
  ["social.youtube", "/videos", HTTPS],
  ["social_tiktok", "javascript:alert(1)", HTTPS],
  ["packages.cta2ButtonLink", "javascript:alert(1)", EITHER],
  ["packages.cta2ButtonLink", "/\\evil.example", EITHER],
  ["packages_cta2ButtonLink", "http://evil.example", EITHER],
];

describe("link settings: refused where they are written", () => {
  it.each(refused)("the admin API refuses %s = %j: 400 INVALID_FIELD on value, nothing stored", async (key, value, detail) => {
    const before = await stored(key);
    const response = await adminPut(key, value);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: [{ code: "INVALID_FIELD", field: "value", detail }] });
    expect(await stored(key)).toBe(before);
  });

  it("the console refuses them too, on change and on create, with the field error", async () => {
    const { b } = await staffAccount();
    const before = await stored("cookie.policyLink");
    const changed = await b.fetch("/api/console/content/settings/cookie.policyLink", json("PUT", { value: "/\\evil.example/phish" }));
    expect(changed.status).toBe(400);
    expect(await changed.json()).toEqual({ errors: [{ code: "INVALID_INPUT", detail: SITE_PATH, field: "value" }] });
    expect(await stored("cookie.policyLink")).toBe(before);
    const created = await b.fetch("/api/console/content/settings", json("POST", { key: "social_x", value: "javascript:alert(1)" }));
    expect(created.status).toBe(400);
    expect(await created.json()).toEqual({ errors: [{ code: "INVALID_INPUT", detail: HTTPS, field: "value" }] });
    expect(await stored("social_x")).toBeUndefined();
  });

  it("links that keep the rule, and an empty value (unset), are stored (control)", async () => {
    for (const [key, value] of [
      ["cookie.policyLink", "/cookie-policy"],
      ["social.facebook", "https://www.facebook.com/NorthbridgeRoversFC"],
      ["packages.cta2ButtonLink", "https://help.rovers.example/faqs"],
      ["packages.cta2ButtonLink", "/videos/faqs"],
      ["social.youtube", ""],
      ["cookie.policyLinkText", "javascript: not a link, only text"],
    ]) {
      expect((await adminPut(key!, value!)).status, `${key} = ${value}`).toBe(200);
      expect(await stored(key!)).toBe(value);
    }
  });

  it("advert, sponsor and promo links keep the same rule", async () => {
    const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const promo = { startDateTime: soon(-1), endDateTime: soon(3), url: "/\\evil.example", imageKey: "promo-links", imageAltText: "Links" };
    const response = await browser(CONSOLE_VARS).fetch("/api/admin/promos", json("POST", promo, adminHeaders));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: [{ code: "INVALID_FIELD", field: "url", detail: EITHER }] });
  });
});

describe("link settings: a stored bad value is never rendered as a link", () => {
  it("the footer leaves out a social network whose link breaks the rule; the packages button falls back to its default", async () => {
    const page = await html("/videos/subscriptions");
    expect(page).toContain('href="https://x.com/NorthbridgeRFC"');
    expect(page).toContain('aria-label="Facebook (opens in a new tab)"');

    // written straight into D1 (as a value stored before the rule would be), then the cache moved on
    await env.DB.batch([
      env.DB.prepare("UPDATE settings SET value = 'javascript:alert(document.cookie)' WHERE key = 'social.facebook'"),
      env.DB.prepare("UPDATE settings SET value = 'http://x.com/NorthbridgeRFC' WHERE key = 'social.x'"),
      env.DB.prepare("UPDATE settings SET value = '/\\evil.example/phish' WHERE key = 'packages.cta2ButtonLink'"),
    ]);
    await invalidateCache(env);
    const after = await html("/videos/subscriptions");
    // (the values are still in the page's data for hydration, as text; no attribute holds them)
    const attributes = [...after.matchAll(/\s(?:href|src|action|formaction)="([^"]*)"/g)].map((m) => m[1]!);
    expect(attributes.length).toBeGreaterThan(10);
    expect(attributes.filter((a) => /javascript:|http:\/\/x\.com|evil\.example/.test(a))).toEqual([]);
    expect(after).not.toContain('aria-label="Facebook (opens in a new tab)"');
    expect(after).not.toContain('aria-label="X (opens in a new tab)"');
    expect(after).toContain('aria-label="Instagram (opens in a new tab)"');
    expect(after).toMatch(/href="\/videos\/faqs"/);
  });
});
