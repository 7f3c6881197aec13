import * as z from "zod/mini";

/**
 * GET /api/news/search answer (spec §3 'News search hit', §7 'news search'): hits.hit[] with
 * fields (slug, title, summary, published_date, image, category, categories) and imageData.key,
 * hits.found the number of matches, hits.start the offset of the first hit.
 */
export const newsSearchHitSchema = z.object({
  id: z.string(),
  fields: z.object({
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    /** ISO 8601 UTC */
    published_date: z.string(),
    /** image key of the article's picture */
    image: z.string(),
    /** the first category's name, null when it has none */
    category: z.nullable(z.string()),
    categories: z.array(z.string()),
  }),
  imageData: z.object({ key: z.string() }),
});
export type NewsSearchHit = z.infer<typeof newsSearchHitSchema>;

export const newsSearchSchema = z.object({
  hits: z.object({ found: z.int(), start: z.int(), hit: z.array(newsSearchHitSchema) }),
});
export type NewsSearchAnswer = z.infer<typeof newsSearchSchema>;
