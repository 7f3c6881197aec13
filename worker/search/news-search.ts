import type { NewsSummary } from "../../src/schemas/news";
import type { NewsSearchSort } from "../../src/domain/search-query";
import { ftsMatchExpression } from "../../src/domain/fts-query";
import { firstOf, resultsOf } from "../db/rows";
import { NEWS_SUMMARY_COLUMNS, toNewsSummary, type NewsSummaryRow } from "../data/news";

/**
 * The query behind GET /api/news/search (spec §7 'news search'): news_fts (migrations/0001, kept
 * in step with the news table by its triggers) matched with an escaped expression
 * (src/domain/fts-query). Relevance is bm25 with the title weighted over the summary over the
 * body (ties: newest id first); Date Added is newest first. The match expression is a bound parameter.
 */
export interface NewsSearchQuery {
  query: string;
  sort: NewsSearchSort;
  start: number;
  size: number;
}

/** bm25 column weights, in news_fts column order: title, summary, body_html. */
const BM25 = "bm25(news_fts, 10.0, 4.0, 1.0)";

export async function searchNews(db: D1Database, q: NewsSearchQuery): Promise<{ found: number; items: NewsSummary[] }> {
  const match = ftsMatchExpression(q.query);
  if (match === null) return { found: 0, items: [] };
  // The page is chosen on ids and sort keys alone; only its rows then read their columns and
  // categories (sorting 20,000 matches with every column costs seconds at 50,000 articles).
  const page =
    q.sort === "_score desc"
      ? `SELECT rowid AS id, ${BM25} AS score, 0 AS published FROM news_fts WHERE news_fts MATCH ?1 ORDER BY score, rowid DESC LIMIT ?2 OFFSET ?3`
      : `SELECT n.id AS id, 0 AS score, n.published_at AS published FROM news_fts JOIN news n ON n.id = news_fts.rowid
         WHERE news_fts MATCH ?1 ORDER BY n.published_at DESC, n.id DESC LIMIT ?2 OFFSET ?3`;
  const [count, rows] = await db.batch([
    db.prepare("SELECT COUNT(*) AS found FROM news_fts WHERE news_fts MATCH ?").bind(match),
    db
      .prepare(
        `WITH page AS (${page})
         SELECT ${NEWS_SUMMARY_COLUMNS} FROM page JOIN news n ON n.id = page.id
         ORDER BY page.score, page.published DESC, n.id DESC`,
      )
      .bind(match, q.size, q.start),
  ]);
  return { found: firstOf<{ found: number }>(count)?.found ?? 0, items: resultsOf<NewsSummaryRow>(rows).map(toNewsSummary) };
}
