import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { invalidateCache } from "../../worker/cache/kv-cache";

const get = (path: string, cookie?: string) => SELF.fetch(`https://rovers.test${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

/** Consent, child-friendly and site-lock state change the HTML; the session never does. */
describe("page-cache variants", () => {
  afterEach(async () => {
    await env.DB.prepare("UPDATE settings SET value = '0' WHERE key = 'siteLock.enabled'").run();
    await invalidateCache(env);
  });

  it("stores the child-friendly and the unfiltered page apart", async () => {
    const on = await get("/club-information");
    const off = await get("/club-information", "rovers_child_friendly=0");
    expect(on.headers.get("x-page-cache")).toBe("miss");
    // not the child-friendly page served from the cache to someone who switched it off
    expect(off.headers.get("x-page-cache")).toBe("miss");
    const [onHtml, offHtml] = [await on.text(), await off.text()];
    expect(onHtml).not.toContain("Redline Bet");
    expect(offHtml).toContain("Redline Bet");
    const onAgain = await get("/club-information");
    const offAgain = await get("/club-information", "rovers_child_friendly=0");
    expect(onAgain.headers.get("x-page-cache")).toBe("hit");
    expect(offAgain.headers.get("x-page-cache")).toBe("hit");
    expect(await onAgain.text()).toBe(onHtml);
    expect(await offAgain.text()).toBe(offHtml);
  });

  it("keeps each consent choice apart, and the session out of the key", async () => {
    await get("/hospitality", "cookie_consent=1");
    expect((await get("/hospitality", "cookie_consent=1")).headers.get("x-page-cache")).toBe("hit");
    expect((await get("/hospitality", "cookie_consent=none")).headers.get("x-page-cache")).toBe("miss");
    // a session cookie (any value) shares the visitor's page: no per-session entries
    expect((await get("/hospitality", "cookie_consent=1; rovers_session=abc.def.ghi")).headers.get("x-page-cache")).toBe("hit");
  });

  it("a locked site never serves a cached unlocked page, and caches no lock screen", async () => {
    await get("/matches");
    expect((await get("/matches")).headers.get("x-page-cache")).toBe("hit");
    await env.DB.prepare("UPDATE settings SET value = '1' WHERE key = 'siteLock.enabled'").run();
    await invalidateCache(env);
    for (let i = 0; i < 2; i++) {
      const locked = await get("/matches");
      expect(locked.status).toBe(403);
      expect(locked.headers.get("x-page-cache")).toBeNull();
      expect(await locked.text()).toContain("This site is in development");
    }
    // unlocked again: the page is rendered for the open site, not a stored lock screen
    await env.DB.prepare("UPDATE settings SET value = '0' WHERE key = 'siteLock.enabled'").run();
    await invalidateCache(env);
    const open = await get("/matches");
    expect(open.status).toBe(200);
    expect(await open.text()).not.toContain("This site is in development");
  });
});
