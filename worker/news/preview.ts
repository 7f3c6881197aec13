import { jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import { sanitizeHtml } from "../html/sanitize-html";
import { allRows, firstRow, jsonRows, rowSchema } from "../db/rows";
import { photoColumn, photoOf } from "../media-library/photo-column";
import { embeddedVideos, NEWS_SUMMARY_COLUMNS, newsSummaryRow, toNewsSummary } from "./queries";
import { articleRow } from "./articles";
import type { ArticleStatus } from "../../src/domain/article-state";
import type { NewsArticle } from "../../src/schemas/news";

/**
 * Article previews: /news/preview/{id} shows an article's working copy, whatever its state, with
 * the site's article template (src/routes/news/NewsPreview.tsx) under a 'Preview' banner, to
 * staff who may read the console's news, or to anyone holding a share link: a token signed with
 * the site's session secret (HS256, its own audience, so no other site token passes for it),
 * naming the one article, read-only, that expires after the time staff chose.
 */
export const PREVIEW_AUDIENCE = "article-preview";
const ISSUER = "northbridge-rovers-site";
/** The lifetimes staff may choose for a share link: an hour, a day, a week. */
export const SHARE_HOURS = [1, 24, 168] as const;

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signPreviewToken(secret: string, articleId: number, hours: number, now: Date): Promise<{ token: string; expiresAt: string }> {
  const exp = Math.floor(now.getTime() / 1000) + hours * 3600;
  const token = await new SignJWT({ article: articleId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(PREVIEW_AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(exp)
    .sign(key(secret));
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

/** The article a share token opens and until when, or null (forged, expired, another audience, another shape). */
export async function previewTokenArticle(secret: string, token: string): Promise<{ articleId: number; expiresAt: string } | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, audience: PREVIEW_AUDIENCE, algorithms: ["HS256"], requiredClaims: ["exp", "article"] });
    const parsed = z.object({ article: z.number().int().positive(), exp: z.number() }).safeParse(payload);
    return parsed.success ? { articleId: parsed.data.article, expiresAt: new Date(parsed.data.exp * 1000).toISOString() } : null;
  } catch {
    return null;
  }
}

/** The article's own columns as the articles table reads them, and what the preview's query adds. */
const previewRow = articleRow
  .pick({ id: true, slug: true, title: true, summary: true, body_html: true, author: true, image_key: true, status: true, pending: true })
  .extend({
    photo: z.string().nullable(),
    shown_at: z.string(),
    /** JSON arrays built by SQLite: the categories and related stories the article names */
    categories: z.string(),
    related: z.string(),
  })
  .describe("an article to preview");
const categoryOf = rowSchema("preview categories (json_group_array)", { slug: z.string(), name: z.string() });

/** What the preview page shows: the article as /news/{slug} would, with its state for the banner. */
export type ArticlePreview = NewsArticle & { status: ArticleStatus; pending: boolean };

/**
 * An article's working copy in the shape of a published one (src/schemas/news.ts), so the preview
 * renders with the site's own article template: its hero photo, its categories and related
 * stories by the ids it names, its text sanitised and its embedded videos read, as publishing
 * would show them. The date is the first publication's, else the scheduled time, else the last save.
 */
export async function previewArticle(db: D1Database, id: number): Promise<ArticlePreview | null> {
  const row = await firstRow(
    previewRow,
    db
      .prepare(
        `SELECT a.id, a.slug, a.title, a.summary, a.body_html, a.author, a.image_key, ${photoColumn("a.image_key", "photo")}, a.status, a.pending,
           coalesce(a.published_at, a.publish_at, a.updated_at) AS shown_at,
           (SELECT json_group_array(json_object('slug', slug, 'name', name)) FROM (
              SELECT c.slug, c.name FROM news_categories c JOIN json_each(a.category_ids) j ON j.value = c.id ORDER BY c.position, c.id)) AS categories,
           (SELECT json_group_array(value) FROM json_each(a.related_ids)) AS related
         FROM articles a WHERE a.id = ?1`,
      )
      .bind(id),
  );
  if (!row) return null;
  const relatedIds = z.array(z.number()).catch([]).parse(JSON.parse(row.related));
  const bodyHtml = sanitizeHtml(row.body_html);
  const [related, videos] = await Promise.all([
    relatedIds.length === 0
      ? Promise.resolve([])
      : allRows(newsSummaryRow, db.prepare(`SELECT ${NEWS_SUMMARY_COLUMNS} FROM json_each(?1) AS r JOIN news n ON n.id = r.value ORDER BY r.key`).bind(JSON.stringify(relatedIds))),
    embeddedVideos(db, bodyHtml),
  ]);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    publishedAt: row.shown_at,
    imageKey: row.image_key,
    photo: photoOf(row.photo),
    categories: jsonRows(categoryOf, row.categories),
    author: row.author,
    bodyHtml,
    videos,
    related: related.map(toNewsSummary),
    status: row.status,
    pending: row.pending === 1,
  };
}
