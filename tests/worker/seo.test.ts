import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { robotsTxt } from "../../worker/seo/robots";
import { jsonLdText } from "../../src/structured-data/json-ld";

const get = (path: string) => SELF.fetch(`https://rovers.test${path}`, { redirect: "manual" });

async function one<T>(sql: string): Promise<T> {
  const row = await env.DB.prepare(sql).first<T>();
  if (!row) throw new Error(`seed has no row for: ${sql}`);
  return row;
}

const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!);
/** The document's own <title>s: an icon's <svg><title> is not one. */
const documentTitles = (html: string) => all(html.replace(/<svg[\s\S]*?<\/svg>/g, ""), /<title>([^<]*)<\/title>/g);
const head = (html: string) => html.slice(0, html.indexOf("</head>"));
const decode = (s: string) => s.replace(/&amp;/g, "&").replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">");

function jsonLd(html: string): { "@type"?: string; "@graph"?: { "@type": string }[] }[] {
  return all(html, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g).map((text) => JSON.parse(text));
}
const types = (html: string) => jsonLd(html).flatMap((block) => (block["@graph"] ?? [block]).map((o) => o["@type"]));

async function samplePaths(): Promise<string[]> {
  const news = await one<{ slug: string }>("SELECT slug FROM news ORDER BY published_at DESC LIMIT 1");
  const match = await one<{ id: number; season: string }>(
    "SELECT m.id, s.slug AS season FROM matches m JOIN seasons s ON s.id = m.season_id JOIN teams t ON t.id = m.team_id WHERE t.slug = '' LIMIT 1",
  );
  const player = await one<{ slug: string }>("SELECT p.slug FROM players p JOIN teams t ON t.id = p.team_id WHERE t.slug = '' LIMIT 1");
  const video = await one<{ entry_id: string }>("SELECT entry_id FROM videos LIMIT 1");
  return [
    "/", "/news", `/news/${news.slug}`, "/category/tickets", "/matches", "/matches/u18", `/match/first-team/${match.season}/${match.id}`,
    "/teams", "/teams/b-team", `/players/${player.slug}`, "/videos", "/videos/browse", "/videos/faqs", `/videos/${video.entry_id}`,
    "/live", "/account/login", "/hospitality", "/club-information/contact-us", "/cookie-policy",
  ];
}

describe("page metadata", () => {
  it("gives every route exactly one title, and its own description, canonical address and Open Graph / Twitter tags", async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of await samplePaths()) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(documentTitles(html), path).toHaveLength(1);
      expect(all(head(html), /<title>([^<]*)<\/title>/g), path).toHaveLength(1);
      const top = head(html);
      const description = all(top, /<meta name="description" content="([^"]*)"/g);
      expect(description, path).toHaveLength(1);
      expect(all(top, /<link rel="canonical" href="([^"]*)"/g), path).toEqual([`https://rovers.test${path === "/" ? "/" : path}`]);
      for (const tag of ["og:title", "og:description", "og:url", "og:image", "og:type"]) expect(top, `${path} ${tag}`).toContain(`<meta property="${tag}" content="`);
      for (const tag of ["twitter:card", "twitter:title", "twitter:description", "twitter:image"]) expect(top, `${path} ${tag}`).toContain(`<meta name="${tag}" content="`);
      titles.add(documentTitles(html)[0]!);
      descriptions.add(decode(description[0]!));
    }
    const count = (await samplePaths()).length;
    expect(titles.size).toBe(count);
    expect(descriptions.size).toBe(count);
  });

  it("keeps only the page number in the canonical address, and marks error pages noindex", async () => {
    const html = await (await get("/news?page=2&utm_source=x&loginSuccess=true")).text();
    expect(head(html)).toContain('<link rel="canonical" href="https://rovers.test/news?page=2"');
    const missing = await (await get("/no/such/page/here/x")).text();
    expect(head(missing)).toContain('<meta name="robots" content="noindex"');
    expect(head(missing)).not.toContain('rel="canonical"');
  });
});

describe("structured data", () => {
  it("puts NewsArticle, SportsEvent, VideoObject and BreadcrumbList on their pages", async () => {
    const paths = await samplePaths();
    const at = (prefix: string) => paths.find((p) => p.startsWith(prefix) && p.split("/").length > 2)!;
    expect(types(await (await get(at("/news/"))).text())).toEqual(["NewsArticle", "BreadcrumbList"]);
    expect(types(await (await get(at("/match/"))).text())).toEqual(["SportsEvent", "BreadcrumbList"]);
    expect(types(await (await get(at("/videos/1_"))).text())).toEqual(["VideoObject", "BreadcrumbList"]);
    expect(types(await (await get("/club-information/contact-us")).text())).toEqual(["BreadcrumbList"]);
    const fixtures = types(await (await get("/matches")).text());
    expect(fixtures.at(-1)).toBe("BreadcrumbList");
    expect(fixtures.filter((t) => t === "SportsEvent").length).toBeGreaterThan(0);

    const [article] = jsonLd(await (await get(at("/news/"))).text());
    const graph = article!["@graph"] as unknown as Record<string, unknown>[];
    expect(graph[0]).toMatchObject({ "@type": "NewsArticle", mainEntityOfPage: `https://rovers.test${at("/news/")}` });
    expect(graph[1]).toMatchObject({ itemListElement: [{ position: 1, name: "Home" }, { position: 2, name: "News" }, { position: 3 }] });
  });

  it("escapes the JSON so no text can close the script element", () => {
    const text = jsonLdText({ "@type": "NewsArticle", headline: "</script><script>alert(1)</script><!-- & \u2028" });
    expect(text).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(text).headline).toBe("</script><script>alert(1)</script><!-- & \u2028");
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("lists news, teams, players, matches, content pages and videos from D1", async () => {
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locs = all(xml, /<loc>([^<]*)<\/loc>/g);
    const counts = await one<{ news: number; players: number; matches: number; videos: number }>(
      "SELECT (SELECT COUNT(*) FROM news) AS news, (SELECT COUNT(*) FROM players) AS players, (SELECT COUNT(*) FROM matches) AS matches, (SELECT COUNT(*) FROM videos) AS videos",
    );
    expect(locs.filter((l) => l.startsWith("https://rovers.test/news/"))).toHaveLength(counts.news);
    expect(locs.filter((l) => l.startsWith("https://rovers.test/match/"))).toHaveLength(counts.matches);
    expect(locs.filter((l) => /\/videos\/1_/.test(l))).toHaveLength(counts.videos);
    for (const path of ["/", "/teams/first-team", "/teams/u18", "/matches/b-team", "/club-information/contact-us", "/hospitality"]) {
      expect(locs, path).toContain(`https://rovers.test${path}`);
    }
    expect(locs.some((l) => l.includes("payment-"))).toBe(false);
    expect(new Set(locs).size).toBe(locs.length);
    // Every listed page exists.
    for (const loc of locs.filter((_, i) => i % 97 === 0)) expect((await get(new URL(loc).pathname)).status, loc).toBe(200);
  });

  it("robots.txt points at the sitemap and names development-only paths only in development", async () => {
    const text = await (await get("/robots.txt")).text();
    expect(text).toContain("Sitemap: https://rovers.test/sitemap.xml");
    expect(text).toContain("Disallow: /api/");
    const production = robotsTxt("https://www.example.com", false);
    expect(production).not.toMatch(/sso|dev-payments/);
    expect(production).toContain("Sitemap: https://www.example.com/sitemap.xml");
  });
});
