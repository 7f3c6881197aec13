import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { account, expectNotFoundPage, queryPlan, roleAccount } from "./staff-accounts";
import { ROUTE_DATA_HEADER } from "../../src/app/route-data";

/** The console's News section (/admin/news): every article, newest first, found by title. */

type NewsData = {
  data: { news: { q: string; from: number; total: number; newer: string | null; older: string | null; articles: { id: number; slug: string; title: string; status: string; publishedAt: string; categories: string }[] } };
};
const routeData = async (b: { fetch: (path: string, init?: RequestInit) => Promise<Response> }, path: string) => {
  const res = await b.fetch(path, { headers: { [ROUTE_DATA_HEADER]: "admin/news" } });
  return { status: res.status, body: res.status === 200 ? ((await res.json()) as NewsData).data.news : null };
};

describe("the console's News section", () => {
  it("lists every article newest first, 50 a page, for an editor; a page past the last is the 404", async () => {
    const { b } = await roleAccount("news-editor", ["editor"]);
    const { total } = (await env.DB.prepare("SELECT COUNT(*) AS total FROM news").first<{ total: number }>())!;
    const first = await routeData(b, "/admin/news");
    expect(first.status).toBe(200);
    expect(first.body!.total).toBe(total);
    expect(first.body!.articles).toHaveLength(Math.min(50, total));
    const dates = first.body!.articles.map((a) => a.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const newest = await env.DB.prepare("SELECT slug FROM news ORDER BY published_at DESC, id DESC LIMIT 1").first<{ slug: string }>();
    expect(first.body!.articles[0]!.slug).toBe(newest!.slug);
    expect(first.body!.newer).toBeNull();
    // Every page by its cursor, to the end and back: each article once, in order, the last page the short one.
    const seen = first.body!.articles.map((a) => a.id);
    let older = first.body!.older;
    let from = 1;
    let lastPage = first.body!;
    while (older) {
      from += 50;
      const next = await routeData(b, `/admin/news?after=${encodeURIComponent(older)}&from=${from}`);
      expect(next.status).toBe(200);
      expect(next.body!.from).toBe(from);
      seen.push(...next.body!.articles.map((a) => a.id));
      lastPage = next.body!;
      older = next.body!.older;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(lastPage.articles.length).toBe(total - (from - 1));
    if (total > 50) {
      const back = await routeData(b, `/admin/news?before=${encodeURIComponent(lastPage.newer!)}`);
      expect(back.body!.articles.map((a) => a.id)).toEqual(seen.slice(from - 51, from - 1));
    }
    // Past the end, a cursor that is not one, a state that is not one: the 404.
    const end = lastPage.articles.at(-1)!;
    const endKey = (await env.DB.prepare("SELECT COALESCE(publish_at, published_at, updated_at) AS k FROM articles WHERE id = ?1").bind(end.id).first<{ k: string }>())!.k;
    expect((await routeData(b, `/admin/news?after=${encodeURIComponent(`${endKey}~${end.id}`)}`)).status).toBe(404);
    expect((await b.fetch("/admin/news?after=abc")).status).toBe(404);
    expect((await b.fetch("/admin/news?state=gone")).status).toBe(404);
    expect((await b.fetch("/admin/news?from=0")).status).toBe(404);

    const page = await b.fetch("/admin/news");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain(`href="/news/${newest!.slug}"`);
    expect(html).toContain('href="/admin/news"');
  });

  it("finds articles by a word of the title; % and _ match only themselves", async () => {
    const { b } = await roleAccount("news-finder", ["editor"]);
    const slug = `console-news-${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare(
      "INSERT INTO news (slug, title, summary, body_html, author, published_at, image_key) VALUES (?1, ?2, '', '<p>x</p>', 'Club reporter', '2020-01-01T12:00:00Z', 'k')",
    )
      .bind(slug, `Quarterly 100% zebra_crossing report ${slug}`)
      .run();
    const found = await routeData(b, `/admin/news?q=${encodeURIComponent("100% zebra_cross")}`);
    expect(found.body!.articles.map((a) => a.slug)).toEqual([slug]);
    const literal = await routeData(b, `/admin/news?q=${encodeURIComponent("100_ zebra")}`);
    expect(literal.body!.total).toBe(0);
    expect((await routeData(b, `/admin/news?q=${encodeURIComponent("QUARTERLY 100% ZEBRA")}`)).body!.articles.map((a) => a.slug)).toEqual([slug]);
    // Longer than D1's 50-byte LIKE pattern: still an answer, not a 500.
    const long = await routeData(b, `/admin/news?q=${encodeURIComponent(`Quarterly 100% zebra_crossing report ${slug}`)}`);
    expect(long.body!.articles.map((a) => a.slug)).toEqual([slug]);
    expect(await (await b.fetch("/admin/news?q=nothing-has-this-title")).text()).toContain("No article title contains “nothing-has-this-title”");
  });

  it("narrows the list to one state, with its own total; a story written straight into news is an article at once", async () => {
    const { b } = await roleAccount("news-states", ["editor"]);
    const storySlug = `console-story-${crypto.randomUUID().slice(0, 8)}`;
    const { meta } = await env.DB.prepare("INSERT INTO news (slug, title, summary, body_html, author, published_at, image_key) VALUES (?1, 'A story from elsewhere', '', '<p>x</p>', 'Club', '2030-01-01T12:00:00Z', 'k')").bind(storySlug).run();
    await env.DB.prepare("INSERT INTO news_category (news_id, category_id) VALUES (?1, 1)").bind(meta.last_row_id).run();
    expect(await env.DB.prepare("SELECT status, slug, category_ids FROM articles WHERE id = ?1").bind(meta.last_row_id).first()).toEqual({ status: "published", slug: storySlug, category_ids: "[1]" });
    const draftSlug = `console-draft-${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare("INSERT INTO articles (slug, title, status, updated_by) VALUES (?1, ?2, 'draft', 'test')").bind(draftSlug, `Draft ${draftSlug}`).run();
    const drafts = await routeData(b, "/admin/news?state=draft");
    const draftTotal = (await env.DB.prepare("SELECT COUNT(*) AS n FROM articles WHERE status = 'draft'").first<{ n: number }>())!.n;
    expect(drafts.body!.total).toBe(draftTotal);
    expect(drafts.body!.articles.every((a) => a.status === "draft")).toBe(true);
    expect(drafts.body!.articles.map((a) => a.slug)).toContain(draftSlug);
    expect((await routeData(b, "/admin/news?state=published")).body!.articles.map((a) => a.slug)).not.toContain(draftSlug);

  });

  it("is the 404 for a supporter, a 403 for staff without content.view, and reads the date index", async () => {
    const supporter = await account("news-supporter");
    await expectNotFoundPage(supporter.b, "/admin/news");
    const { b } = await roleAccount("news-support", ["support"]);
    expect((await b.fetch("/admin/news")).status).toBe(403);
    const key = "COALESCE(publish_at, published_at, updated_at)";
    const later = (await queryPlan(`SELECT id FROM articles WHERE ${key} <= ?1 AND (${key} < ?1 OR id < ?2) ORDER BY ${key} DESC, id DESC LIMIT 51`, "2024-01-01T00:00:00Z", 5)).join("\n");
    expect(later).toContain("SEARCH articles USING INDEX articles_list (<expr><?)");
    expect(later).not.toContain("TEMP B-TREE");
    const byState = (await queryPlan(`SELECT id FROM articles WHERE status = ?3 AND ${key} <= ?1 AND (${key} < ?1 OR id < ?2) ORDER BY ${key} DESC, id DESC LIMIT 51`, "2024-01-01T00:00:00Z", 5, "draft")).join("\n");
    expect(byState).toContain("SEARCH articles USING INDEX articles_list_by_status (status=? AND <expr><?)");
    const counted = (await queryPlan("SELECT COUNT(*) FROM articles WHERE title LIKE ?1 ESCAPE '\\'", "%keeper%")).join("\n");
    expect(counted).toContain("COVERING INDEX");
  });
});
