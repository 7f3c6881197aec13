import { env, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { invalidateCache } from "../../worker/cache/kv-cache";
import { pageCacheUrl } from "../../worker/pages/page-cache";

const get = (path: string) => SELF.fetch(`https://rovers.test${path}`, { redirect: "manual" });
const cacheState = async (path: string) => {
  const response = await get(path);
  await response.arrayBuffer();
  return { status: response.status, cache: response.headers.get("x-page-cache") };
};

/**
 * The page cache keys on the parameters a route reads, with values its loader
 * accepts. The Cache API cannot list its entries, so 'no new entry' is shown the other way round:
 * after the plain page is stored, every variation answers from that one entry (a hit), and an
 * invalid value is answered without touching the cache at all (no X-Page-Cache) and stays so.
 */
describe("page cache keys", () => {
  // each test starts from an empty cache generation
  beforeEach(() => invalidateCache(env));

  it("drops parameters the route does not read: the home page is one entry", async () => {
    expect(await cacheState("/")).toEqual({ status: 200, cache: "miss" });
    for (const path of ["/?page=abc", "/?page=2", "/?team=zzz", "/?season=1999", "/?duration=x", "/?utm_source=x", "/?returnUrl=%2Fnews", "/?a=1&b=2#frag"]) {
      expect(await cacheState(path), path).toEqual({ status: 200, cache: "hit" });
    }
  });

  it("100 distinct returnUrl values share the login page's one entry", async () => {
    const first = await get("/account/login");
    const html = await first.text();
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const returns = [...Array.from({ length: 96 }, (_, i) => `/news/article-${i}?x=${i}`), "//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(1)"];
    for (const returnUrl of returns) {
      const response = await get(`/account/login?returnUrl=${encodeURIComponent(returnUrl)}`);
      expect(response.headers.get("x-page-cache"), returnUrl).toBe("hit");
      expect(await response.text()).toBe(html);
    }
    // the HTML does not depend on it: the server's links return home, the browser fills in the rest
    expect(html).toContain('href="/auth/login?returnUrl=%2F"');
  });

  it("answers an invalid page, team, season or duration with the 404 page, and never stores it", async () => {
    const invalid = [
      "/news?page=abc", "/news?page=0", "/news?page=01", "/news?page=", "/news?page=12345", "/news?page=9999",
      "/category/tickets?page=-1",
      "/videos/browse?page=abc", "/videos/browse?team=zzz", "/videos/browse?season=1999", "/videos/browse?season=2023x",
      "/videos/browse?duration=forever", "/videos/browse?team=u18&season=abc",
      "/videos/channel/full-match-replays?team=zzz",
    ];
    for (const path of invalid) {
      for (let round = 0; round < 2; round++) {
        const response = await get(path);
        const html = await response.text();
        expect(response.status, path).toBe(404);
        expect(html, path).toContain("This page could not be found");
        // rendered every time, never looked up or stored
        expect(response.headers.get("x-page-cache"), path).toBeNull();
      }
    }
  });

  it("an article has one page: '?page=' other than 1 is a 404", async () => {
    const slug = (await env.DB.prepare("SELECT slug FROM news ORDER BY published_at DESC LIMIT 1").first<{ slug: string }>())?.slug;
    expect(slug).toBeTruthy();
    expect((await cacheState(`/news/${slug}`)).status).toBe(200);
    expect(await cacheState(`/news/${slug}?page=abc`)).toEqual({ status: 404, cache: null });
    expect((await cacheState(`/news/${slug}?page=2`)).status).toBe(404);
    expect(await cacheState(`/news/${slug}?utm_source=x`)).toEqual({ status: 200, cache: "hit" });
  });

  it("keys valid filter values and pages apart, in one canonical order", async () => {
    const pages = ["/videos/browse", "/videos/browse?team=b-team", "/videos/browse?team=u18", "/videos/browse?team=b-team&season=2023", "/videos/browse?duration=short"];
    const htmls: string[] = [];
    for (const path of pages) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("x-page-cache"), path).toBe("miss");
      htmls.push(await response.text());
    }
    // distinct filters are distinct pages
    expect(new Set(htmls).size).toBe(pages.length);
    for (const path of pages) expect(await cacheState(path), path).toEqual({ status: 200, cache: "hit" });
    // the same filters in another order, with an empty one or a parameter no page reads: the same entry
    for (const path of ["/videos/browse?season=2023&team=b-team", "/videos/browse?team=b-team&season=2023&utm_source=x", "/videos/browse?team=u18&duration=", "/videos/browse?team=&season="]) {
      expect(await cacheState(path), path).toEqual({ status: 200, cache: "hit" });
    }
    expect(await cacheState("/news")).toEqual({ status: 200, cache: "miss" });
    expect(await cacheState("/news?page=2")).toEqual({ status: 200, cache: "miss" });
    expect(await cacheState("/news?page=2&returnUrl=%2Fx")).toEqual({ status: 200, cache: "hit" });
  });

  it("renders the page for the kept parameters only", () => {
    const at = (path: string) => {
      const { url, cacheable } = pageCacheUrl(`https://rovers.test${path}`);
      return { path: url.pathname + url.search, cacheable };
    };
    expect(at("/?page=abc&utm_source=x")).toEqual({ path: "/", cacheable: true });
    expect(at("/account/login?returnUrl=%2Fnews")).toEqual({ path: "/account/login", cacheable: true });
    expect(at("/videos/browse?duration=long&x=1&team=u18&page=2")).toEqual({ path: "/videos/browse?page=2&team=u18&duration=long", cacheable: true });
    expect(at("/videos/browse?team=zzz&x=1")).toEqual({ path: "/videos/browse?team=zzz", cacheable: false });
    expect(at("/hospitality?page=2")).toEqual({ path: "/hospitality", cacheable: true });
  });
});
