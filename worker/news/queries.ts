import { newsQuerySchema, type Category, type NewsArticle, type NewsPage, type NewsQuery, type NewsSummary } from "../../src/schemas/news";
import { z } from "zod";
import { allRows, firstOf, firstRow, jsonRows, resultsOf, rowSchema, totalRow } from "../db/rows";
import { sanitizeHtml } from "../html/sanitize-html";
import { photoColumn, photoOf } from "../media-library/photo-column";
import { VIDEO_SELECT, toVideo, videoRow } from "../videos/catalogue";
import { embeddedVideoIds } from "../../src/domain/article-embeds";
import type { Video } from "../../src/schemas/videos";
import type { Reader } from "../viewer/reader";
import { spoilerFreeArticle, spoilerFreeNewsPage } from "../viewer/spoiler-free";

/** Listing page size (news, categories, legacy date listings). */
export const NEWS_PAGE_SIZE = 12;
/** Spec §9 'related news 4'. */
export const RELATED_NEWS = 4;

const newsSummaryShape = {
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  published_at: z.string(),
  image_key: z.string(),
  /** the library photo `image_key` names (photoColumn's JSON), or null */
  photo: z.string().nullable(),
  /** JSON array of {slug, name}, in category order */
  categories: z.string(),
};
export const newsSummaryRow = rowSchema("news summaries (NEWS_SUMMARY_COLUMNS)", newsSummaryShape);
export type NewsSummaryRow = z.infer<typeof newsSummaryRow>;
const summaryCategoryRow = rowSchema("news summary categories (json_group_array)", { slug: z.string(), name: z.string() });

/** Columns of a NewsSummary, categories folded into one JSON column. `n` is the news table. */
export const NEWS_SUMMARY_COLUMNS = `n.id, n.slug, n.title, n.summary, n.published_at, n.image_key, ${photoColumn("n.image_key", "photo")},
  (SELECT json_group_array(json_object('slug', slug, 'name', name)) FROM (
     SELECT c.slug, c.name FROM news_category nc JOIN news_categories c ON c.id = nc.category_id
     WHERE nc.news_id = n.id ORDER BY c.position, c.id)) AS categories`;

export function toNewsSummary(r: NewsSummaryRow): NewsSummary {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    summary: r.summary,
    publishedAt: r.published_at,
    imageKey: r.image_key,
    photo: photoOf(r.photo),
    categories: jsonRows(summaryCategoryRow, r.categories),
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** [from, to) of the legacy /news/{year}/{month}/{day} listings, as ISO prefixes (UTC). */
function dateRange(query: { year?: number; month?: number; day?: number }): [string, string] | null {
  const { year, month, day } = query;
  if (year === undefined) return null;
  if (month === undefined) return [`${year}-01-01`, `${year + 1}-01-01`];
  if (day === undefined) {
    const next = month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
    return [`${year}-${pad(month)}-01`, next];
  }
  const start = new Date(Date.UTC(year, month - 1, day));
  if (start.getUTCMonth() !== month - 1) return ["9999", "9999"]; // 31 February: nothing
  const end = new Date(start.getTime() + 86_400_000);
  return [start.toISOString().slice(0, 10), end.toISOString().slice(0, 10)];
}

export async function news(db: D1Database, input: NewsQuery): Promise<NewsPage> {
  const query = newsQuerySchema.parse(input);
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (query.category !== undefined) {
    where.push(`EXISTS (SELECT 1 FROM news_category nc JOIN news_categories c ON c.id = nc.category_id
      WHERE nc.news_id = n.id AND c.slug = ?)`);
    params.push(query.category);
  }
  const range = dateRange(query);
  if (range) {
    where.push("n.published_at >= ? AND n.published_at < ?");
    params.push(...range);
  }
  const filter = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const [count, items] = await db.batch([
    db.prepare(`SELECT COUNT(*) AS total FROM news n ${filter}`).bind(...params),
    db
      .prepare(`SELECT ${NEWS_SUMMARY_COLUMNS} FROM news n ${filter} ORDER BY n.published_at DESC, n.id DESC LIMIT ? OFFSET ?`)
      .bind(...params, NEWS_PAGE_SIZE, query.page * NEWS_PAGE_SIZE),
  ]);
  return {
    items: resultsOf(newsSummaryRow, items).map(toNewsSummary),
    page: query.page,
    pageSize: NEWS_PAGE_SIZE,
    total: firstOf(totalRow, count)?.total ?? 0,
  };
}

const articleRow = rowSchema("news articles", { ...newsSummaryShape, author: z.string(), body_html: z.string() });

export async function newsArticle(db: D1Database, slug: string): Promise<NewsArticle | null> {
  const [article, related] = await db.batch([
    db.prepare(`SELECT ${NEWS_SUMMARY_COLUMNS}, n.author, n.body_html FROM news n WHERE n.slug = ?`).bind(slug),
    // Related: sharing a category, nearest in time (a 2021 report relates to 2021, not to this week).
    db
      .prepare(
        `WITH self AS (SELECT id, published_at FROM news WHERE slug = ?1)
         SELECT ${NEWS_SUMMARY_COLUMNS} FROM news n, self
         WHERE n.id != self.id AND EXISTS (
           SELECT 1 FROM news_category mine JOIN news_category theirs ON theirs.category_id = mine.category_id
           WHERE mine.news_id = self.id AND theirs.news_id = n.id)
         ORDER BY abs(julianday(n.published_at) - julianday(self.published_at)), n.id DESC
         LIMIT ?2`,
      )
      .bind(slug, RELATED_NEWS),
  ]);
  const row = firstOf(articleRow, article);
  if (!row) return null;
  const bodyHtml = sanitizeHtml(row.body_html);
  return {
    ...toNewsSummary(row),
    author: row.author,
    bodyHtml,
    videos: await embeddedVideos(db, bodyHtml),
    related: resultsOf(newsSummaryRow, related).map(toNewsSummary),
  };
}

/**
 * The Rovers TV videos an article's text embeds (src/domain/article-embeds.ts), in one read; none
 * for an article without any. A video no longer in the catalogue is simply not drawn.
 */
export async function embeddedVideos(db: D1Database, bodyHtml: string): Promise<Video[]> {
  const ids = embeddedVideoIds(bodyHtml);
  if (ids.length === 0) return [];
  return (await allRows(videoRow, db.prepare(`${VIDEO_SELECT} WHERE v.entry_id IN (SELECT value FROM json_each(?1))`).bind(JSON.stringify(ids)))).map(toVideo);
}

const feedRow = rowSchema("news feed entries", { ...newsSummaryShape, author: z.string() });

/** A news summary with its author: one entry of the news feed. */
export type NewsFeedEntry = NewsSummary & { author: string };

/**
 * The newest `limit` published articles, of one category when given: the news feed's entries
 * (worker/seo/news-feed.ts). `news` holds only what is published, so this follows publishing.
 */
export async function latestNews(db: D1Database, limit: number, categorySlug?: string): Promise<NewsFeedEntry[]> {
  const filter =
    categorySlug === undefined
      ? ""
      : `WHERE EXISTS (SELECT 1 FROM news_category nc JOIN news_categories c ON c.id = nc.category_id WHERE nc.news_id = n.id AND c.slug = ?2)`;
  const statement = db.prepare(`SELECT ${NEWS_SUMMARY_COLUMNS}, n.author FROM news n ${filter} ORDER BY n.published_at DESC, n.id DESC LIMIT ?1`);
  const rows = await allRows(feedRow, categorySlug === undefined ? statement.bind(limit) : statement.bind(limit, categorySlug));
  return rows.map((r) => ({ ...toNewsSummary(r), author: r.author }));
}

const categoryRow = rowSchema("news_categories with article counts", { slug: z.string(), name: z.string(), article_count: z.number() });

const CATEGORY_SELECT = `SELECT c.slug, c.name, COUNT(nc.news_id) AS article_count
  FROM news_categories c LEFT JOIN news_category nc ON nc.category_id = c.id`;

const toCategory = (r: z.infer<typeof categoryRow>): Category => ({ slug: r.slug, name: r.name, articleCount: r.article_count });

export async function categories(db: D1Database): Promise<Category[]> {
  return (await allRows(categoryRow, db.prepare(`${CATEGORY_SELECT} GROUP BY c.id ORDER BY c.position, c.id`))).map(toCategory);
}

export async function category(db: D1Database, slug: string): Promise<Category | null> {
  const row = await firstRow(categoryRow, db.prepare(`${CATEGORY_SELECT} WHERE c.slug = ? GROUP BY c.id`).bind(slug));
  return row ? toCategory(row) : null;
}

/** A news page as the reader reads it (spoiler-free takes the scores out). */
export async function readNews(r: Reader, query: NewsQuery): Promise<NewsPage> {
  const page = await news(r.env.DB, query);
  return r.preferences.spoilerFree ? spoilerFreeNewsPage(r.env.DB, page) : page;
}

/** An article as the reader reads it; null: no published article by that slug. */
export async function readNewsArticle(r: Reader, slug: string): Promise<NewsArticle | null> {
  const article = await newsArticle(r.env.DB, slug);
  return article && r.preferences.spoilerFree ? spoilerFreeArticle(r.env.DB, article) : article;
}

const movedRow = rowSchema("article_slugs to the live story", { slug: z.string() });

/**
 * Where an old address of a published story now is (its slug changed after publication,
 * migrations/0023_articles.sql's article_slugs), or null. Read only when no story has `slug`.
 */
export async function movedNewsSlug(db: D1Database, slug: string): Promise<string | null> {
  const row = await firstRow(movedRow, db.prepare("SELECT n.slug FROM article_slugs s JOIN news n ON n.id = s.article_id WHERE s.slug = ?1").bind(slug));
  return row && row.slug !== slug ? row.slug : null;
}
