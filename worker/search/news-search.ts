import type { NewsSummary } from "../../src/schemas/news";
import type { NewsSearchSort } from "../../src/domain/search-query";
import { ftsMatchExpression } from "../../src/domain/fts-query";
import { z } from "zod";
import { allRows, firstOf, resultsOf, rowSchema } from "../db/rows";
import { NEWS_SUMMARY_COLUMNS, newsSummaryRow, toNewsSummary } from "../news/queries";
import { RANKED_WINDOW, readWindow, storeWindow, windowKey } from "./ranked-windows";

/**
 * The query behind GET /api/news/search (spec §7 'news search'): news_fts (migrations/0001, kept
 * in step with the news table by its triggers) matched with an escaped expression
 * (src/domain/fts-query). Relevance is bm25 with the title weighted over the summary over the
 * body (ties: newest id first); Date Added is newest first. The match expression is a bound parameter.
 *
 * Ranking by bm25 scores every match (FTS5 sorts them all, even for ORDER BY rank with a LIMIT),
 * and so does counting them: at 50,000 articles a common word matches 20,000. So a search ranks
 * the first RANKED_WINDOW ids once and keeps them with the count (worker/search/ranked-windows.ts);
 * the next pages, and the same search again, read only their own rows by id, in the same round
 * trip that checks the news search generation (migrations/0015) the window was built under.
 */
export interface NewsSearchQuery {
  query: string;
  sort: NewsSearchSort;
  start: number;
  size: number;
}

/** bm25 column weights, in news_fts column order: title, summary, body_html. */
const BM25 = "bm25(news_fts, 10.0, 4.0, 1.0)";
/**
 * Date Added walks the news_by_date index, newest first, when at least this many articles match:
 * it stops at the page's last id instead of reading every match's date and sorting. With fewer
 * matches the walk would pass many articles for each match, and sorting the few is cheaper.
 */
export const DATE_WALK_MIN_FOUND = 1_000;

const GENERATION = "SELECT generation FROM news_search_generation WHERE id = 1";
const COUNT = "SELECT COUNT(*) AS found FROM news_fts WHERE news_fts MATCH ?1";
/** A page's rows and categories, in the order of the JSON array of ids bound to ?1. */
const ROWS_BY_ID = `SELECT ${NEWS_SUMMARY_COLUMNS} FROM json_each(?1) AS page JOIN news n ON n.id = page.value ORDER BY page.key`;

/** The ids of matches `offset` to `offset + limit` in `sort` order (ids only: rows are read for the page alone). */
function rankedIdsSql(sort: NewsSearchSort, found: number): string {
  if (sort === "_score desc") {
    return `SELECT rowid AS id FROM news_fts WHERE news_fts MATCH ?1 ORDER BY ${BM25}, rowid DESC LIMIT ?2 OFFSET ?3`;
  }
  if (found >= DATE_WALK_MIN_FOUND) {
    return `SELECT n.id AS id FROM news n INDEXED BY news_by_date WHERE n.id IN (SELECT rowid FROM news_fts WHERE news_fts MATCH ?1)
            ORDER BY n.published_at DESC, n.id DESC LIMIT ?2 OFFSET ?3`;
  }
  return `SELECT n.id AS id FROM news_fts JOIN news n ON n.id = news_fts.rowid WHERE news_fts MATCH ?1
          ORDER BY n.published_at DESC, n.id DESC LIMIT ?2 OFFSET ?3`;
}

const rowsById = (db: D1Database, ids: number[]) => db.prepare(ROWS_BY_ID).bind(JSON.stringify(ids));
const generationRow = rowSchema("news_search_generation", { generation: z.number() });
const foundRow = rowSchema("news_fts COUNT(*) AS found", { found: z.number() });
const idRow = rowSchema("ranked news ids", { id: z.number() });

const summaries = (rows: D1Result<unknown> | undefined) => resultsOf(newsSummaryRow, rows).map(toNewsSummary);
const generationOf = (rows: D1Result<unknown> | undefined) => firstOf(generationRow, rows)?.generation ?? -1;

export async function searchNews(db: D1Database, q: NewsSearchQuery): Promise<{ found: number; items: NewsSummary[] }> {
  const match = ftsMatchExpression(q.query);
  if (match === null) return { found: 0, items: [] };
  const key = windowKey(match, q.sort);
  const inWindow = q.start + q.size <= RANKED_WINDOW;

  const known = inWindow ? readWindow(key) : undefined;
  if (known) {
    const [generation, rows] = await db.batch([db.prepare(GENERATION), rowsById(db, known.ids.slice(q.start, q.start + q.size))]);
    if (generationOf(generation) === known.generation) return { found: known.found, items: summaries(rows) };
  }

  // The generation is read before the ranking: a write in between makes the window look older
  // than it is (ranked again next time), never newer.
  const [generation, count] = await db.batch([db.prepare(GENERATION), db.prepare(COUNT).bind(match)]);
  const found = firstOf(foundRow, count)?.found ?? 0;
  const [limit, offset] = inWindow ? [RANKED_WINDOW, 0] : [q.size, q.start];
  const ids =
    found === 0 ? [] : (await allRows(idRow, db.prepare(rankedIdsSql(q.sort, found)).bind(match, limit, offset))).map((r) => r.id);
  if (inWindow) storeWindow(key, { generation: generationOf(generation), found, ids });
  const page = inWindow ? ids.slice(q.start, q.start + q.size) : ids;
  if (page.length === 0) return { found, items: [] };
  return { found, items: summaries(await rowsById(db, page).all()) };
}
