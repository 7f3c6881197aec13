import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { account, expectNotFoundPage, queryPlan, roleAccount } from "./staff-accounts";
import { ROUTE_DATA_HEADER } from "../../src/app/route-data";

/** The console's News section (/admin/news): every article, newest first, found by title. */

type NewsData = { data: { news: { q: string; page: number; total: number; articles: { slug: string; title: string; publishedAt: string; categories: string }[] } } };
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
    const lastPage = Math.ceil(total / 50);
    expect((await routeData(b, `/admin/news?page=${lastPage}`)).status).toBe(200);
    expect((await routeData(b, `/admin/news?page=${lastPage + 1}`)).status).toBe(404);
    expect((await b.fetch("/admin/news?page=abc")).status).toBe(404);

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
    expect(await (await b.fetch("/admin/news?q=nothing-has-this-title")).text()).toContain("No article title contains “nothing-has-this-title”");
  });

  it("is the 404 for a supporter, a 403 for staff without content.view, and reads the date index", async () => {
    const supporter = await account("news-supporter");
    await expectNotFoundPage(supporter.b, "/admin/news");
    const { b } = await roleAccount("news-support", ["support"]);
    expect((await b.fetch("/admin/news")).status).toBe(403);
    const plan = (await queryPlan("SELECT n.id FROM news n WHERE ?1 = '' OR n.title LIKE ?2 ESCAPE '\\' ORDER BY n.published_at DESC, n.id DESC LIMIT 50 OFFSET 0", "", "%%")).join("\n");
    expect(plan).toContain("news_by_date");
  });
});
