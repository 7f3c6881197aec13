import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { invalidateCache } from "../../worker/cache/kv-cache";
import { ROUTE_DATA_HEADER } from "../../src/app/route-data";

/**
 * Publishing shows on the next request: the news feed and the sitemap read the `news` table (the
 * published projection) under the content cache generation, so adding or removing a row and
 * bumping the generation (what a publish does) changes them at once. And an article has one
 * address: its legacy dated forms serve it under /news/{slug}'s canonical, or redirect there.
 */

const get = (path: string, init: RequestInit = {}) => SELF.fetch(`https://rovers.test${path}`, { redirect: "manual", ...init });
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const pad = (n: number) => String(n).padStart(2, "0");

async function anArticle() {
  const row = await env.DB.prepare("SELECT slug, published_at FROM news ORDER BY published_at DESC, id DESC LIMIT 1").first<{ slug: string; published_at: string }>();
  const at = new Date(row!.published_at);
  return { slug: row!.slug, year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
}

let inserted = 0;
/** A published article (a `news` row), in the 'tickets' category. */
async function publish(title: string, summary: string, publishedAt = new Date().toISOString()) {
  inserted += 1;
  const slug = `publishing-test-${inserted}-${Date.now().toString(36)}`;
  const { meta } = await env.DB.prepare(
    "INSERT INTO news (slug, title, summary, body_html, author, published_at, image_key) VALUES (?1, ?2, ?3, '<p>Body</p>', 'Club reporter', ?4, 'news/placeholder')",
  )
    .bind(slug, title, summary, publishedAt)
    .run();
  await env.DB.prepare("INSERT INTO news_category (news_id, category_id) SELECT ?1, id FROM news_categories WHERE slug = 'tickets'").bind(meta.last_row_id).run();
  await invalidateCache(env);
  return slug;
}
async function unpublish(slug: string) {
  await env.DB.prepare("DELETE FROM news WHERE slug = ?1").bind(slug).run();
  await invalidateCache(env);
}

describe("an article's addresses", () => {
  it("serves /news/{slug} and each legacy dated form with the date of the article, all naming /news/{slug} as canonical", async () => {
    const a = await anArticle();
    const forms = [`/news/${a.slug}`, `/news/${a.year}/${a.slug}`, `/news/${a.year}/${a.month}/${a.slug}`, `/news/${a.year}/${pad(a.month)}/${pad(a.day)}/${a.slug}`];
    for (const path of forms) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(canonicalOf(await res.text()), path).toBe(`https://rovers.test/news/${a.slug}`);
    }
  });

  it("answers a legacy form whose date is not the article's with a 301 to /news/{slug}, for the page and its route data", async () => {
    const a = await anArticle();
    const otherMonth = (a.month % 12) + 1;
    const otherDay = (a.day % 28) + 1;
    const wrong = [`/news/1999/${a.slug}`, `/news/${a.year}/${otherMonth}/${a.slug}`, `/news/${a.year}/${a.month}/${otherDay}/${a.slug}`, `/news/${a.year - 1}/${a.month}/${a.day}/${a.slug}`];
    for (const path of wrong) {
      const res = await get(path);
      expect(res.status, path).toBe(301);
      expect(res.headers.get("location"), path).toBe(`/news/${a.slug}`);
      const data = await get(path, { headers: { [ROUTE_DATA_HEADER]: "news/*" } });
      expect(data.status, path).toBe(202);
      expect(((await data.json()) as { redirect: { location: string; status: number } }).redirect).toMatchObject({ location: `/news/${a.slug}`, status: 301 });
    }
  });

  it("keeps an unknown slug a 404 under every form, and a dated listing its own canonical", async () => {
    for (const path of ["/news/no-such-story", "/news/1999/no-such-story", "/news/2024/3/no-such-story", "/news/2024/3/9/no-such-story"]) {
      expect((await get(path)).status, path).toBe(404);
    }
    const a = await anArticle();
    const listing = await get(`/news/${a.year}/${a.month}`);
    expect(listing.status).toBe(200);
    expect(canonicalOf(await listing.text())).toBe(`https://rovers.test/news/${a.year}/${a.month}`);
  });

  it("no longer serves an unpublished article under any form", async () => {
    const slug = await publish("Short-lived story", "Soon gone", "2024-03-09T12:00:00.000Z");
    expect((await get(`/news/2024/3/9/${slug}`)).status).toBe(200);
    await unpublish(slug);
    for (const path of [`/news/${slug}`, `/news/2024/3/9/${slug}`, `/news/1999/${slug}`]) expect((await get(path)).status, path).toBe(404);
  });
});

const entries = (xml: string) => [...xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map((m) => m[1]!);
const decode = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");

describe("the news feed", () => {
  it("is Atom with the newest 50 articles: title, summary, link, dates, author, categories; linked from /news", async () => {
    const res = await get("/news/feed.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    // Only the worker keeps it: a feed reader asks again each time, so an unpublish reaches it at once.
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"')).toBe(true);
    const newest = await env.DB.prepare("SELECT slug, title, author, published_at FROM news ORDER BY published_at DESC, id DESC LIMIT 50").all<{
      slug: string;
      title: string;
      author: string;
      published_at: string;
    }>();
    const items = entries(xml);
    expect(items).toHaveLength(newest.results.length);
    expect(items.map((e) => /<link rel="alternate" type="text\/html" href="([^"]*)"/.exec(e)?.[1])).toEqual(newest.results.map((n) => `https://rovers.test/news/${n.slug}`));
    const first = items[0]!;
    expect(decode(/<title>([^<]*)<\/title>/.exec(first)![1]!)).toBe(newest.results[0]!.title);
    expect(first).toContain(`<published>${new Date(newest.results[0]!.published_at).toISOString()}</published>`);
    expect(first).toMatch(/<author><name>[^<]+<\/name><\/author>/);
    expect(first).toMatch(/<summary>[^<]*<\/summary>/);

    const page = await (await get("/news")).text();
    expect(page).toContain('<link rel="alternate" type="application/atom+xml" title="Northbridge Rovers FC: News" href="https://rovers.test/news/feed.xml"/>');
    const tickets = await (await get("/category/tickets")).text();
    expect(tickets).toContain('href="https://rovers.test/category/tickets/feed.xml"');
  });

  it("follows publishing on the next request, and escapes every text", async () => {
    await get("/news/feed.xml"); // stored
    const title = `Cup <tie> & "replay" ${"\u0001"}tickets`;
    const slug = await publish(title, "Fans' guide <b>now</b> & more");
    const after = await get("/news/feed.xml");
    expect(after.headers.get("x-edge-cache")).toBe("miss");
    const xml = await after.text();
    const item = entries(xml)[0]!;
    expect(item).toContain(`/news/${slug}"`);
    expect(item).toContain("<title>Cup &lt;tie&gt; &amp; &quot;replay&quot; tickets</title>");
    expect(item).toContain("<summary>Fans&apos; guide &lt;b&gt;now&lt;/b&gt; &amp; more</summary>");
    expect(entries(await (await get("/category/tickets/feed.xml")).text())[0]).toContain(`/news/${slug}"`);
    // A second read is the stored copy, still with the article.
    const again = await get("/news/feed.xml");
    expect(again.headers.get("x-edge-cache")).toBe("hit");

    await unpublish(slug);
    expect(await (await get("/news/feed.xml")).text()).not.toContain(slug);
    expect(await (await get("/category/tickets/feed.xml")).text()).not.toContain(slug);
  });

  it("keeps a stored feed until the generation moves (the cache is really in front of D1)", async () => {
    await get("/news/feed.xml");
    const { meta } = await env.DB.prepare(
      "INSERT INTO news (slug, title, summary, body_html, author, published_at, image_key) VALUES ('not-yet-announced', 't', 's', '', '', ?1, 'k')",
    )
      .bind(new Date().toISOString())
      .run();
    expect(await (await get("/news/feed.xml")).text()).not.toContain("not-yet-announced");
    await invalidateCache(env);
    const xml = await (await get("/news/feed.xml")).text();
    // An article without an author is the club's.
    expect(entries(xml)[0]).toContain("<author><name>Northbridge Rovers FC</name></author>");
    await env.DB.prepare("DELETE FROM news WHERE id = ?1").bind(meta.last_row_id).run();
    await invalidateCache(env);
  });

  it("is a 404 for a category that does not exist or could not", async () => {
    expect((await get("/category/no-such-category/feed.xml")).status).toBe(404);
    expect((await get("/category/NOT_A_SLUG/feed.xml")).status).toBe(404);
  });
});

describe("the sitemap follows publishing", () => {
  it("lists a published article on the next request with its date as lastmod, and drops it when unpublished", async () => {
    await get("/sitemap.xml"); // stored
    const slug = await publish("Sitemap story", "In the sitemap", "2025-02-03T10:00:00.000Z");
    const res = await get("/sitemap.xml");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const xml = await res.text();
    expect(xml).toContain(`<url><loc>https://rovers.test/news/${slug}</loc><lastmod>2025-02-03T10:00:00.000Z</lastmod></url>`);
    await unpublish(slug);
    expect(await (await get("/sitemap.xml")).text()).not.toContain(slug);
  });
});
