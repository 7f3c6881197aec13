import type { NewsSummary } from "../../src/schemas/news";
import type { Video } from "../../src/schemas/videos";
import { NEWS_SUMMARY_COLUMNS, toNewsSummary, type NewsSummaryRow } from "./news";
import { firstOf, resultsOf } from "./rows";
import { toVideo, VIDEO_SELECT, type VideoRow } from "./videos";

/** Search overlay (spec §2 'Search overlay', §7 news and video search). */
export interface SearchInput {
  term: string;
  /** 'Exact matches' wraps the term in quotes (spec §5) */
  exact: boolean;
  sort: "date" | "relevance";
  page: number;
  pageSize: number;
}

/**
 * An FTS5 query from what the visitor typed: every word must match (as a prefix), or, for exact
 * matches, the phrase. Words are quoted so that FTS5 syntax in the input is taken literally.
 */
export function ftsQuery(term: string, exact: boolean): string | null {
  const words = term.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  if (exact) return `"${words.join(" ")}"`;
  return words.map((w) => `"${w}"*`).join(" ");
}

export async function searchNews(db: D1Database, input: SearchInput): Promise<{ items: NewsSummary[]; total: number }> {
  const match = ftsQuery(input.term, input.exact);
  if (!match) return { items: [], total: 0 };
  const order = input.sort === "relevance" ? "bm25(news_fts), n.published_at DESC" : "n.published_at DESC, n.id DESC";
  const [count, rows] = await db.batch([
    db.prepare("SELECT COUNT(*) AS total FROM news_fts WHERE news_fts MATCH ?").bind(match),
    db
      .prepare(
        `SELECT ${NEWS_SUMMARY_COLUMNS} FROM news_fts JOIN news n ON n.id = news_fts.rowid
         WHERE news_fts MATCH ? ORDER BY ${order} LIMIT ? OFFSET ?`,
      )
      .bind(match, input.pageSize, input.page * input.pageSize),
  ]);
  return { items: resultsOf<NewsSummaryRow>(rows).map(toNewsSummary), total: firstOf<{ total: number }>(count)?.total ?? 0 };
}

/** Videos by title and tags, newest release first (spec §7 video search provider 2). */
export async function searchVideos(db: D1Database, input: SearchInput): Promise<{ items: Video[]; total: number }> {
  const words = input.term.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return { items: [], total: 0 };
  const escaped = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
  const patterns = input.exact ? [`%${escaped(words.join(" "))}%`] : words.map((w) => `%${escaped(w)}%`);
  const where = patterns.map(() => "(v.title LIKE ? ESCAPE '\\' OR v.tags LIKE ? ESCAPE '\\')").join(" AND ");
  const params = patterns.flatMap((p) => [p, p]);
  const [count, rows] = await db.batch([
    db.prepare(`SELECT COUNT(*) AS total FROM videos v WHERE ${where}`).bind(...params),
    db.prepare(`${VIDEO_SELECT} WHERE ${where} ORDER BY v.release_from DESC, v.id DESC LIMIT ? OFFSET ?`).bind(...params, input.pageSize, input.page * input.pageSize),
  ]);
  return { items: resultsOf<VideoRow>(rows).map(toVideo), total: firstOf<{ total: number }>(count)?.total ?? 0 };
}
