// The news feed as a feed reader gets it: Chromium's own XML parser reads /news/feed.xml and a
// category's feed while the newest article's title and summary carry every character XML escapes
// and one it cannot carry at all; both are well-formed Atom, the article is the first entry with
// its text intact, /news names the feed in its head, and once the article is unpublished it is
// gone from the feed on the next request. The article is the newest on the site while it lives, so
// this file runs in the exclusive phase; it deletes it at the end.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, launchBrowser, openPage } from "./support/browser";
import { queryD1 } from "./support/d1";

const ADMIN_TOKEN = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../worker/dev-admin-token.json"), "utf8")) as { DEV_ADMIN_TOKEN: string }).DEV_ADMIN_TOKEN;
const SLUG = `e2e-feed-${Date.now().toString(36)}`;
const TITLE = `Cup <tie> & "replay": fans' guide`;

/** A publish or unpublish moves the content generation (what the club's writes do). */
async function invalidate() {
  const response = await fetch(`${BASE_URL}/api/admin/cache/invalidate`, { method: "POST", headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "x-admin-actor": "e2e" } });
  expect(response.status).toBe(200);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
/** The story goes from the site and from the console's list (an inserted news row is adopted as an article). */
async function removeStory(): Promise<void> {
  await queryD1("DELETE FROM news WHERE slug = ?", [SLUG]);
  await queryD1("DELETE FROM articles WHERE slug = ?", [SLUG]);
}

afterAll(async () => {
  await removeStory();
  await invalidate();
  await browser?.close();
});

interface ParsedFeed {
  error: string | null;
  namespace: string | null;
  entries: { title: string; summary: string; link: string | null; published: string; author: string; categories: string[] }[];
}

/** The feed at `feedPath`, fetched and parsed by the page's DOMParser as XML. */
function parseFeed(page: Page, feedPath: string): Promise<ParsedFeed> {
  return page.evaluate(async (url) => {
    const response = await fetch(url);
    const doc = new DOMParser().parseFromString(await response.text(), "application/xml");
    const error = doc.querySelector("parsererror")?.textContent ?? (response.headers.get("content-type")?.startsWith("application/atom+xml") ? null : "wrong content type");
    const text = (el: Element, name: string) => el.getElementsByTagName(name)[0]?.textContent ?? "";
    return {
      error,
      namespace: doc.documentElement.namespaceURI,
      entries: [...doc.getElementsByTagName("entry")].map((e) => ({
        title: text(e, "title"),
        summary: text(e, "summary"),
        link: e.getElementsByTagName("link")[0]?.getAttribute("href") ?? null,
        published: text(e, "published"),
        author: text(e, "name"),
        categories: [...e.getElementsByTagName("category")].map((c) => c.getAttribute("term") ?? ""),
      })),
    };
  }, feedPath);
}

describe("the news feed", () => {
  it("is well-formed Atom a feed reader parses, follows publishing, and is named in /news's head", async () => {
    const { context, page } = await openPage(browser, "/news");
    try {
      const [tickets] = await queryD1<{ id: number }>("SELECT id FROM news_categories WHERE slug = 'tickets'");
      await queryD1("INSERT INTO news (slug, title, summary, body_html, author, published_at, image_key) VALUES (?, ?, ?, '<p>x</p>', 'Club reporter', ?, 'news/placeholder')", [
        SLUG,
        `${TITLE}\u0001`,
        "Tickets <b>now</b> & more",
        new Date().toISOString(),
      ]);
      const [article] = await queryD1<{ id: number }>("SELECT id FROM news WHERE slug = ?", [SLUG]);
      await queryD1("INSERT INTO news_category (news_id, category_id) VALUES (?, ?)", [article!.id, tickets!.id]);
      await invalidate();

      for (const feedPath of ["/news/feed.xml", "/category/tickets/feed.xml"]) {
        const feed = await parseFeed(page, feedPath);
        expect(feed.error, feedPath).toBeNull();
        expect(feed.namespace).toBe("http://www.w3.org/2005/Atom");
        expect(feed.entries.length).toBeGreaterThan(0);
        expect(feed.entries.length).toBeLessThanOrEqual(50);
        expect(feed.entries[0]).toMatchObject({ title: TITLE, summary: "Tickets <b>now</b> & more", link: `${BASE_URL}/news/${SLUG}`, author: "Club reporter", categories: ["tickets"] });
        for (const entry of feed.entries) {
          expect(entry.title, feedPath).not.toBe("");
          expect(Number.isNaN(Date.parse(entry.published))).toBe(false);
          expect(entry.author).not.toBe("");
        }
      }
      const all = await parseFeed(page, "/news/feed.xml");
      const newest = await queryD1<{ title: string }>("SELECT title FROM news ORDER BY published_at DESC, id DESC LIMIT 50");
      expect(all.entries.map((e) => e.title)).toEqual(newest.map((n) => n.title.replace(/\u0001/g, "")));

      await page.goto("/news", { waitUntil: "load" });
      expect(await page.locator('head link[rel="alternate"][type="application/atom+xml"]').getAttribute("href")).toBe(`${BASE_URL}/news/feed.xml`);

      await removeStory();
      await invalidate();
      const after = await parseFeed(page, "/news/feed.xml");
      expect(after.error).toBeNull();
      expect(after.entries.some((e) => e.link?.endsWith(`/news/${SLUG}`))).toBe(false);
    } finally {
      await context.close();
    }
  }, 300_000);
});
