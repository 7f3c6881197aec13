import * as z from "zod/mini";
import { videoSchema } from "./videos";

export const categorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  articleCount: z.int(),
});
export type Category = z.infer<typeof categorySchema>;

export const newsSummarySchema = z.object({
  id: z.int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  /** ISO 8601 UTC */
  publishedAt: z.string(),
  /** a generated artwork key, or `media:{id}` (src/domain/media-ref.ts) */
  imageKey: z.string(),
  /** the library photo `imageKey` names, resolved by the worker; null for generated art */
  photo: z.nullable(z.object({ id: z.int(), version: z.int(), width: z.int(), alt: z.string() })),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type NewsSummary = z.infer<typeof newsSummarySchema>;

export const newsArticleSchema = z.extend(newsSummarySchema, {
  author: z.string(),
  /** CMS HTML, sanitised before it is rendered */
  bodyHtml: z.string(),
  /** the Rovers TV videos the text embeds, drawn as cards where they stand */
  videos: z.array(videoSchema),
  related: z.array(newsSummarySchema),
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

export const newsPageSchema = z.object({
  items: z.array(newsSummarySchema),
  page: z.int(),
  pageSize: z.int(),
  total: z.int(),
});
export type NewsPage = z.infer<typeof newsPageSchema>;

/** Filters of the news listing; date parts come from the legacy /news/{year}/{month}/{day} routes. */
export const newsQuerySchema = z.object({
  page: z._default(z.int().check(z.minimum(0)), 0),
  category: z.optional(z.string()),
  year: z.optional(z.int()),
  month: z.optional(z.int().check(z.minimum(1), z.maximum(12))),
  day: z.optional(z.int().check(z.minimum(1), z.maximum(31))),
});
export type NewsQuery = z.input<typeof newsQuerySchema>;
