import type { NewsSummary } from "../../src/schemas/news";
import type { NewsSearchSort } from "../../src/domain/search-query";
import { ftsMatchExpression } from "../../src/domain/fts-query";
import { firstOf, resultsOf } from "./rows";
import { NEWS_SUMMARY_COLUMNS, toNewsSummary, type NewsSummaryRow } from "./news";

/**
 * The query behind GET /api/news/search (spec §7 'news search'): news_fts (migrations/0001, kept
 * in step with the news table by its triggers) matched with an escaped expression
 * (src/domain/fts-query). Relevance is bm25 with the title weighted over the summary over the
 * body; Date Added is newest first. The match expression is a bound parameter.
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
  const order = q.sort === "_score desc" ? `${BM25}, n.published_at DESC, n.id DESC` : "n.published_at DESC, n.id DESC";
  const [count, rows] = await db.batch([
    db.prepare("SELECT COUNT(*) AS found FROM news_fts WHERE news_fts MATCH ?").bind(match),
    db
      .prepare(
        `SELECT ${NEWS_SUMMARY_COLUMNS} FROM news_fts JOIN news n ON n.id = news_fts.rowid
         WHERE news_fts MATCH ? ORDER BY ${order} LIMIT ? OFFSET ?`,
      )
      .bind(match, q.size, q.start),
  ]);
  return { found: firstOf<{ found: number }>(count)?.found ?? 0, items: resultsOf<NewsSummaryRow>(rows).map(toNewsSummary) };
}
