import { z } from "zod";

export const categorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  articleCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const newsSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  /** ISO 8601 UTC */
  publishedAt: z.string(),
  imageKey: z.string(),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type NewsSummary = z.infer<typeof newsSummarySchema>;

export const newsArticleSchema = newsSummarySchema.extend({
  author: z.string(),
  /** CMS HTML, sanitised before it is rendered */
  bodyHtml: z.string(),
  related: z.array(newsSummarySchema),
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

export const newsPageSchema = z.object({
  items: z.array(newsSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type NewsPage = z.infer<typeof newsPageSchema>;

/** Filters of the news listing; date parts come from the legacy /news/{year}/{month}/{day} routes. */
export const newsQuerySchema = z.object({
  page: z.number().int().min(0).default(0),
  category: z.string().optional(),
  year: z.number().int().optional(),
  month: z.number().int().min(1).max(12).optional(),
  day: z.number().int().min(1).max(31).optional(),
});
export type NewsQuery = z.input<typeof newsQuerySchema>;
