import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { invalidateCache } from "../../worker/cache/kv-cache";

const get = (path: string, init?: RequestInit) => SELF.fetch(`https://rovers.test${path}`, { redirect: "manual", ...init });

async function one<T>(sql: string): Promise<T> {
  const row = await env.DB.prepare(sql).first<T>();
  if (!row) throw new Error(`seed has no row for: ${sql}`);
  return row;
}

describe("pages", () => {
  it("streams the home page inside the layout with security headers", async () => {
    // Rendered, not from the page cache (an earlier test may have asked for / already).
    await invalidateCache(env);
    const res = await get("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    // Streamed: no Content-Length, the body arrives as a stream of chunks.
    expect(res.headers.get("content-length")).toBeNull();
    const csp = res.headers.get("content-security-policy") ?? "";
    // No inline script at all: only the site's own files may run.
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-inline' 'self'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-request-id")).toBeTruthy();
    const html = await res.text();
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain("Northbridge Rovers FC");
    for (const label of ["News", "Ticket News", "Teams", "Matches", "Buy Tickets", "Buy Hospitality", "Store", "Rovers TV", "Log In"]) {
      expect(html).toContain(`>${label}<`);
    }
    // The router's hydration data is a JSON data block; every executable script is a file.
    expect(html).toMatch(/<script type="application\/json" id="router-data">\{"loaderData":/);
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/g)];
    expect(inlineScripts).toEqual([]);
    expect(html).toMatch(/<script type="module" src="\/build\/entry-[A-Z0-9]+\.js"/i);
    // Icons and crests are references into the cached sprite, not paths repeated in the page.
    expect(html).toMatch(/<use href="\/build\/icons-[A-Z0-9]+\.svg#crest">/);
    expect(html).not.toContain("<path");
  });

  it("renders each page whole on its first request: every lazy part, a page's lower region too, is ready before rendering", async () => {
    for (const path of ["/", "/videos", "/news", "/matches", "/teams", "/videos/subscriptions"]) {
      const html = await (await get(path)).text();
      // A boundary that suspended is streamed hidden and revealed by an inline script, which the CSP blocks.
      expect(html, path).not.toContain("<template");
      expect(html, path).not.toContain('<div hidden id="S:');
    }
    // The lower regions are in the page's own HTML, in place.
    expect(await (await get("/")).text()).toMatch(/id="home-lower"[^>]*><!--\$--><section class="tv-strip"/);
    expect(await (await get("/videos")).text()).toMatch(/id="videos-lower"[^>]*><!--\$--><section class="page-section carousel/);
  });

  it("renders a match's live video place on the server: the locked texts for a visitor, inline, no inline script", async () => {
    const { match_id } = await one<{ match_id: number }>("SELECT match_id FROM live_stream_assets WHERE id = 'women-live'");
    const html = await (await get(`/match/womens-first-team/${match_id}`)).text();
    expect(html).toContain(">Watch live<");
    expect(html).toContain("To View This Video Please Log In or Register An Account");
    expect(html).toContain("Sign in to your account to watch videos");
    // Its chunk was ready before rendering: nothing suspended, so no hidden boundary revealed later.
    expect(html).not.toContain("<template");
    expect([...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(ld\+)?json")[^>]*>/g)]).toEqual([]);
    // A match without a stream has no such part.
    const other = await one<{ id: number }>("SELECT m.id FROM matches m JOIN teams t ON t.id = m.team_id WHERE t.slug = '' AND m.id NOT IN (SELECT match_id FROM live_stream_assets WHERE match_id IS NOT NULL) LIMIT 1");
    expect(await (await get(`/match/${other.id}`)).text()).not.toContain(">Watch live<");
  });

  it("answers 404 with the spec's error page for unknown routes", async () => {
    const res = await get("/no/such/page/here/x");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("404 error");
    expect(html).toContain("Sorry, it looks like the page you are looking for isn&#x27;t available right now.");
    expect(html).toContain("Quick Links:");
    expect(html).toContain("This page could not be found");
    for (const label of ["News", "Matches", "Teams", "Ticket News", "Buy Tickets"]) expect(html).toContain(`>${label}<`);
  });

  it("answers 200 for every route of spec §2 that names something", async () => {
    const news = await one<{ slug: string; published_at: string }>("SELECT slug, published_at FROM news ORDER BY published_at DESC LIMIT 1");
    const [y, m, d] = news.published_at.slice(0, 10).split("-");
    const player = await one<{ slug: string }>("SELECT p.slug FROM players p JOIN teams t ON t.id = p.team_id WHERE t.slug = '' LIMIT 1");
    const u18Player = await one<{ slug: string }>("SELECT p.slug FROM players p JOIN teams t ON t.id = p.team_id WHERE t.slug = 'u18' LIMIT 1");
    const match = await one<{ id: number }>("SELECT m.id FROM matches m JOIN teams t ON t.id = m.team_id JOIN seasons s ON s.id = m.season_id WHERE t.slug = 'b-team' AND s.slug = '2023-24' LIMIT 1");
    const firstTeamMatch = await one<{ id: number }>("SELECT m.id FROM matches m JOIN teams t ON t.id = m.team_id WHERE t.slug = '' LIMIT 1");
    const video = await one<{ entry_id: string }>("SELECT entry_id FROM videos LIMIT 1");
    const category = await one<{ slug: string }>("SELECT slug FROM video_categories LIMIT 1");
    const live = await one<{ id: string; media_type: string }>("SELECT id, media_type FROM live_stream_assets WHERE status != 'disabled' LIMIT 1");
    const paths = [
      "/", "/news", `/news/${news.slug}`, `/news/${y}`, `/news/${y}/${news.slug}`, `/news/${y}/${m}`, `/news/${y}/${m}/${news.slug}`,
      `/news/${y}/${m}/${d}`, `/news/${y}/${m}/${d}/${news.slug}`, "/news?page=2",
      "/category", "/category/tickets",
      "/matches", "/matches/womens-first-team", "/matches/b-team/2023-24", "/matches/2022-23", "/matches/first-team/2021-22",
      "/match", `/match/${firstTeamMatch.id}`, `/match/b-team/2023-24/${match.id}`,
      "/teams", "/teams/womens-first-team", "/teams/u18", "/teams/first-team",
      "/players", `/players/${player.slug}`, "/players/u18", `/players/u18/${u18Player.slug}`,
      "/videos", "/videos/browse", "/videos/categories", "/videos/faqs", "/videos/subscriptions",
      "/videos/channel", `/videos/channel/${category.slug}`, "/videos/player", `/videos/player/${video.entry_id}`, `/videos/${video.entry_id}`,
      "/live", `/live/${live.media_type}`, `/live/${live.media_type}/${live.id}`,
      "/account/login", "/cookie-policy", "/website-privacy-policy", "/terms-of-use",
      "/club-information/company-details", "/club-information/contact-us", "/hospitality",
      "/payment-successful", "/payment-cancelled", "/club-information",
    ];
    const failures: string[] = [];
    for (const path of paths) {
      const res = await get(path);
      const html = await res.text();
      if (res.status !== 200 || !html.includes('class="site-footer')) failures.push(`${path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it("answers 404 where the parameters name nothing or fail validation", async () => {
    const paths = [
      "/news/no-such-article", "/news/2021/13", "/news/2021/02/40", "/news/1234/x/y/z/w", "/news/Bad_Slug!", "/news?page=0", "/news?page=x", "/news?page=9999",
      "/category/no-such-category", "/matches/no-such-team", "/matches/b-team/1999-00", "/match/999999",
      "/teams/no-such-team", "/players/no-such-player", "/players/u18/no-such-player",
      "/videos/no-such-video", "/videos/channel/no-such-channel", "/live/podcast", "/live/audio/no-such-asset",
      "/a/b/c/d/e/f", "/club-information/no-such-page",
    ];
    const failures: string[] = [];
    for (const path of paths) {
      const res = await get(path);
      const html = await res.text();
      if (res.status !== 404 || !html.includes("This page could not be found")) failures.push(`${path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it("follows CMS redirects: 302 by default, absolute external targets as they are", async () => {
    const pages = await env.DB.prepare("SELECT full_path, redirect_location, redirect_status FROM menu_pages WHERE redirect_location IS NOT NULL").all<{
      full_path: string; redirect_location: string; redirect_status: number | null;
    }>();
    expect(pages.results.length).toBeGreaterThan(0);
    expect(pages.results.some((p) => /^https?:\/\//.test(p.redirect_location))).toBe(true);
    for (const page of pages.results) {
      const res = await get(`/${page.full_path}`);
      expect(res.status).toBe(page.redirect_status ?? 302);
      expect(res.headers.get("location")).toBe(page.redirect_location);
    }
  });
});

describe("footers", () => {
  it("both show the club's footer.copyright setting (spec §3), the main site's and the streamer's", async () => {
    const { value } = await one<{ value: string }>("SELECT value FROM settings WHERE key = 'footer.copyright'");
    const escaped = value.replace(/&/g, "&amp;");
    for (const path of ["/", "/streamer"]) {
      const html = await (await get(path)).text();
      expect(html, path).toContain(`>${escaped}</p>`);
    }
  });
});

describe("login page", () => {
  // The page is cached without ?returnUrl= (worker/pages/page-cache.ts): the server's links return
  // home whatever the address says, the browser fills in a same-site return (tests/e2e/page-query.test.ts)
  // and /auth/login checks it again (tests/worker/auth-redirects.test.ts).
  it("renders the same links whatever returnUrl says", async () => {
    for (const returnUrl of ["/videos/browse", "//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const html = await (await get(`/account/login?returnUrl=${encodeURIComponent(returnUrl)}`)).text();
      expect(html, returnUrl).toContain('href="/auth/login?returnUrl=%2F"');
      expect(html, returnUrl).toContain('href="/auth/register?returnUrl=%2F"');
      expect(html, returnUrl).not.toContain("evil.example");
    }
  });
});

describe("content API", () => {
  it("answers bad input with 400 and a stable code, unknown routes with 404", async () => {
    const bad = await get("/api/content/videos?page=x");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: [{ code: "INVALID_INPUT" }] });
    const missing = await get("/api/content/team?team=no-such-team");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ errors: [{ code: "NOT_FOUND" }] });
    const unknown = await get("/api/nothing/here");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ errors: [{ code: "NOT_FOUND" }] });
  });
});
