import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { invalidateCache } from "../../worker/cache/kv-cache";

const get = (path: string, headers: Record<string, string> = {}) => SELF.fetch(`https://rovers.test${path}`, { headers, redirect: "manual" });

describe("page cache", () => {
  it("serves a rendered page from the cache, with the security headers and a fresh request id", async () => {
    const first = await get("/teams");
    const firstHtml = await first.text();
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const second = await get("/teams");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(await second.text()).toBe(firstHtml);
    expect(second.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(second.headers.get("x-content-type-options")).toBe("nosniff");
    expect(second.headers.get("cache-control")).toBe("no-cache");
    expect(second.headers.get("x-request-id")).toBeTruthy();
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
  });

  it("renders afresh for Cache-Control: no-cache", async () => {
    await get("/videos");
    expect((await get("/videos", { "cache-control": "no-cache" })).headers.get("x-page-cache")).toBe("miss");
  });

  it("shows the club's changes once the content cache is invalidated", async () => {
    await env.DB.prepare("UPDATE settings SET value = 'Built with care in Northbridge.' WHERE key = 'footer.builtOn'").run();
    await get("/hospitality");
    await invalidateCache(env);
    const after = await get("/hospitality");
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(await after.text()).toContain("Built with care in Northbridge.");
  });

  it("never stores error pages or redirects", async () => {
    await get("/no/such/page");
    const again = await get("/no/such/page");
    expect(again.status).toBe(404);
    expect(again.headers.get("x-page-cache")).toBeNull();
  });
});
