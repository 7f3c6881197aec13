import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { app } from "../../worker/app";
import { afterEach, describe, expect, it } from "vitest";
import { invalidateCache } from "../../worker/cache/kv-cache";
import { ROUTE_DATA_HEADER } from "../../src/app/route-data";
import { staffAccount, CONSOLE_VARS } from "./staff-accounts";
import { browser, envWith } from "./auth-test-app";

/**
 * A browser navigation's data: the page's URL with the route-data header, answered by the page's
 * own static handler with the route's loader result, under the page's cache rules and variants.
 */
const data = (path: string, routeId: string, cookie?: string) =>
  SELF.fetch(`https://rovers.test${path}`, { headers: { [ROUTE_DATA_HEADER]: routeId, ...(cookie ? { cookie } : {}) }, redirect: "manual" });
const page = (path: string, cookie?: string) => SELF.fetch(`https://rovers.test${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

type Answer = { data?: unknown; redirect?: { location: string; status: number; reloadDocument: boolean }; error?: { status: number; data: unknown } };
const json = async (res: Response) => (await res.json()) as Answer;

describe("route data", () => {
  afterEach(() => invalidateCache(env));

  it("answers a route's loader result as the page renders it, kept apart from the page in the cache", async () => {
    const res = await data("/news", "news");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get(ROUTE_DATA_HEADER)).toBe("news");
    expect(res.headers.get("vary")).toBe(ROUTE_DATA_HEADER);
    expect(res.headers.get("x-page-cache")).toBe("miss");
    const body = await json(res);
    expect(body.data).toMatchObject({ kind: "list", heading: "News", basePath: "/news" });
    // The page at the same URL is its own entry, and the data is what the page was rendered with.
    const html = await page("/news");
    expect(html.headers.get("x-page-cache")).toBe("miss");
    const hydration = /<script[^>]*id="router-data"[^>]*>(.*?)<\/script>/s.exec(await html.text())?.[1];
    expect(JSON.parse(hydration ?? "{}").loaderData.news).toEqual(body.data);
    const again = await data("/news", "news");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(await json(again)).toEqual(body);
    // A parameter no route reads shares the entry, as it does for the page.
    expect((await data("/news?utm_source=x", "news")).headers.get("x-page-cache")).toBe("hit");
  });

  it("answers a loader's 404 with 404 and the page's error, never stored", async () => {
    for (const [path, routeId] of [["/news/no-such-article", "news/*"], ["/news?page=abc", "news"], ["/news?page=999", "news"]] as const) {
      const res = await data(path, routeId);
      expect(res.status, path).toBe(404);
      expect(await json(res), path).toMatchObject({ error: { status: 404, data: "This page could not be found" } });
      expect((await data(path, routeId)).headers.get("x-page-cache"), path).not.toBe("hit");
    }
  });

  it("answers a CMS redirect with 202 and where to, as the page's 3xx would go", async () => {
    const redirects = await env.DB.prepare("SELECT full_path, redirect_location, redirect_status FROM menu_pages WHERE redirect_location IS NOT NULL").all<{
      full_path: string;
      redirect_location: string;
      redirect_status: number | null;
    }>();
    expect(redirects.results.length).toBeGreaterThan(0);
    for (const r of redirects.results) {
      const res = await data(`/${r.full_path}`, "*");
      expect(res.status, r.full_path).toBe(202);
      const { redirect } = await json(res);
      expect(redirect?.status).toBe(r.redirect_status ?? 302);
      expect(redirect?.reloadDocument).toBe(/^https?:\/\//.test(r.redirect_location));
      if (redirect?.reloadDocument) expect(redirect.location).toBe(r.redirect_location);
    }
  });

  it("refuses a route id the URL does not match, and a header that names no route", async () => {
    expect((await data("/news", "teams")).status).toBe(403);
    const bad = await data("/news", "<script>");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: [{ code: "INVALID_ROUTE_ID" }] });
  });

  it("honours the cookie variants: child-friendly data is not the unfiltered data", async () => {
    const on = await json(await data("/club-information", "root"));
    const off = await json(await data("/club-information", "root", "rovers_child_friendly=0"));
    expect(JSON.stringify(on.data)).not.toContain("Redline Bet");
    expect(JSON.stringify(off.data)).toContain("Redline Bet");
  });

  it("keeps the console's reads for staff: everyone else gets the 404, nothing is stored", async () => {
    const visitor = await browser(CONSOLE_VARS).fetch("/admin", { headers: { [ROUTE_DATA_HEADER]: "admin" } });
    expect(visitor.status).toBe(404);
    expect(JSON.stringify(await visitor.json())).not.toContain("totalViewers");
    const { b } = await staffAccount();
    const staff = await b.fetch("/admin", { headers: { [ROUTE_DATA_HEADER]: "admin" } });
    expect(staff.status).toBe(200);
    expect(staff.headers.get("cache-control")).toContain("no-store");
    expect(await json(staff)).toMatchObject({ data: { live: { totalViewers: expect.any(Number) }, pageCache: false } });
    // A visitor right after still gets the 404, not a stored copy.
    expect((await browser(CONSOLE_VARS).fetch("/admin", { headers: { [ROUTE_DATA_HEADER]: "admin" } })).status).toBe(404);
  });

  it("a failing category read is only logged (spec §8): the listing comes without its category pills", async () => {
    // A D1 whose category list query fails; every other query answers.
    const db = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === "prepare") return (sql: string) => {
          if (sql.includes("AS article_count")) throw new Error("categories unavailable");
          return target.prepare(sql);
        };
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const original = console.warn;
    const warnings: string[] = [];
    console.warn = (line: unknown) => warnings.push(String(line));
    try {
      const ctx = createExecutionContext();
      const res = await app.fetch(new Request("https://rovers.test/news?page=1", { headers: { [ROUTE_DATA_HEADER]: "news" } }), { ...envWith({}), DB: db } as Env, ctx);
      await waitOnExecutionContext(ctx);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: { categories: unknown[]; news: { items: unknown[] } } };
      expect(body.data.categories).toEqual([]);
      expect(body.data.news.items.length).toBeGreaterThan(0);
      expect(warnings.join("\n")).toContain("categories");
    } finally {
      console.warn = original;
    }
  });
});
