import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { searchNews } from "./news-search";
import { NEWS_SEARCH_SORTS } from "../../src/domain/search-query";
import { NEWS_SEARCH_PAGE_SIZE } from "../../src/domain/timings";
import type { NewsSearchAnswer } from "../../src/schemas/news-search";
import type { NewsSummary } from "../../src/schemas/news";

/**
 * GET /api/news/search (mount at /api/news/search, before the content API's /news/*): spec §7
 * 'news search'. Query parameters:
 *   query   what the supporter typed, any text (FTS5 syntax is escaped, never passed through;
 *           see src/domain/fts-query); empty or nothing searchable: no hits
 *   size    1 to 50, default 8 (spec §9)
 *   start   offset of the first hit, 0 to 10,000, default 0
 *   sort    'published_date desc' (default, Date Added) or '_score desc' (Relevance, bm25)
 * 200 { hits: { found, start, hit: [{ id, fields, imageData }] } }; a bad size, start or sort
 * (or an unknown parameter) is 400 INVALID_INPUT.
 */
export const newsSearchRoutes = new Hono<AppEnv>();

const querySchema = z
  .object({
    query: z.string().default(""),
    size: z.coerce.number().int().min(1).max(50).default(NEWS_SEARCH_PAGE_SIZE),
    start: z.coerce.number().int().min(0).max(10_000).default(0),
    sort: z.enum(NEWS_SEARCH_SORTS).default("published_date desc"),
  })
  .strict();

function toHit(item: NewsSummary): NewsSearchAnswer["hits"]["hit"][number] {
  const categories = item.categories.map((c) => c.name);
  return {
    id: String(item.id),
    fields: {
      slug: item.slug,
      title: item.title,
      summary: item.summary,
      published_date: item.publishedAt,
      image: item.imageKey,
      category: categories[0] ?? null,
      categories,
    },
    imageData: { key: item.imageKey },
  };
}

newsSearchRoutes.get("/", async (c) => {
  const parsed = querySchema.safeParse(c.req.query());
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".") || "query"}: ${i.message}`).join("; ");
    throw new ApiError(400, "INVALID_INPUT", detail);
  }
  const { query, size, start, sort } = parsed.data;
  const { found, items } = await searchNews(c.env.DB, { query, size, start, sort });
  const answer: NewsSearchAnswer = { hits: { found, start, hit: items.map(toHit) } };
  return c.json(answer);
});
