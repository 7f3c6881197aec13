import * as z from "zod/mini";
import { ARTICLE_MOVES, ARTICLE_STATUSES } from "../domain/article-state";

/**
 * The console's articles (worker/news/articles.ts builds them, the editor at /admin/news/{id}
 * reads them). An article's editable fields are one shape, sent whole on every save with the
 * version the editor started from.
 */
export const ARTICLE_TITLE_MAX = 200;
export const ARTICLE_SUMMARY_MAX = 600;
/** Bodies are long reports at most; the worker refuses bodies over 64 KB anyway. */
export const ARTICLE_BODY_MAX = 60_000;
export { ARTICLE_RELATED_MAX } from "../domain/article-state";

export const articleFieldsSchema = z.object({
  title: z.string(),
  /** empty: made from the title */
  slug: z.string(),
  summary: z.string(),
  bodyHtml: z.string(),
  author: z.string(),
  /** the hero image's key (/images/{w}x{h}/{key}.svg); the seam for a media library id */
  heroImage: z.string(),
  featured: z.boolean(),
  categoryIds: z.array(z.int()),
  relatedIds: z.array(z.int()),
});
export type ArticleFields = z.infer<typeof articleFieldsSchema>;

export const consoleArticleSchema = z.extend(articleFieldsSchema, {
  id: z.int(),
  status: z.enum(ARTICLE_STATUSES),
  /** ISO 8601 UTC, while scheduled */
  publishAt: z.nullable(z.string()),
  /** the first publication, the date readers see */
  publishedAt: z.nullable(z.string()),
  /** a published article's saved edits are not live yet */
  pending: z.boolean(),
  version: z.int(),
  updatedAt: z.string(),
  updatedBy: z.string(),
  slugLocked: z.boolean(),
  moves: z.array(z.enum(ARTICLE_MOVES)),
});
export type ConsoleArticle = z.infer<typeof consoleArticleSchema>;

export const articleRevisionSchema = z.object({
  id: z.int(),
  version: z.int(),
  action: z.string(),
  at: z.string(),
  by: z.string(),
});
export type ArticleRevision = z.infer<typeof articleRevisionSchema>;

export const articleAnswerSchema = z.object({ data: z.object({ attributes: consoleArticleSchema }) });
export type ArticleAnswer = z.infer<typeof articleAnswerSchema>;

export const revisionSnapshotAnswerSchema = z.object({ data: z.object({ attributes: z.extend(articleRevisionSchema, { fields: articleFieldsSchema }) }) });
export type RevisionSnapshotAnswer = z.infer<typeof revisionSnapshotAnswerSchema>;

export type ArticleListItem = { id: number; slug: string; title: string; author: string; status: (typeof ARTICLE_STATUSES)[number]; pending: boolean; publishedAt: string | null; publishAt: string | null; updatedAt: string; categories: string };
