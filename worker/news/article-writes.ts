import { z } from "zod";
import { ApiError } from "../http/api-error";
import { nextStatus, scheduleRefusal, type ArticleMove } from "../../src/domain/article-state";
import { revisionStatement, SNAPSHOT_SQL, type ArticleRow, type StoredFields } from "./articles";
import { claimAndProject } from "./publish";
import { armScheduler } from "./schedule";

/**
 * The writes of an article, whoever makes them: the staff console (worker/console/articles.ts) and
 * the club's bearer-token API (worker/club-api/news.ts). Each is one D1 batch with its revision, so
 * an article written through either door has the same history, states and published projection.
 * A write that names a version the article is no longer at changes nothing and answers false; the
 * door says so in its own words (the console names who saved last).
 */

const setColumns = (f: StoredFields) =>
  [f.slug, f.title, f.summary, f.body_html, f.author, f.image_key, f.featured, f.category_ids, f.related_ids] as const;
const SET_FIELDS = "slug = ?3, title = ?4, summary = ?5, body_html = ?6, author = ?7, image_key = ?8, featured = ?9, category_ids = ?10, related_ids = ?11";

/** A new draft with its 'create' revision; answers its id. */
export async function createArticle(db: D1Database, fields: StoredFields, by: string, at: Date): Promise<number> {
  // A new article's id is past every story's, so its news row (when published) never meets another.
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO articles (id, slug, title, summary, body_html, author, image_key, featured, category_ids, related_ids, status, version, created_at, updated_at, updated_by)
         VALUES ((SELECT MAX(m) + 1 FROM (SELECT COALESCE(MAX(id), 0) AS m FROM articles UNION ALL SELECT COALESCE(MAX(id), 0) FROM news)),
                 ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'draft', 1, ?10, ?10, ?11)
         RETURNING id`,
      )
      .bind(...setColumns(fields), at.toISOString(), by),
    db.prepare(`INSERT INTO article_revisions (article_id, version, action, snapshot, by) SELECT id, version, 'create', ${SNAPSHOT_SQL}, ?1 FROM articles WHERE id = last_insert_rowid()`).bind(by),
  ]);
  return z.object({ id: z.number() }).parse(inserted?.results[0]).id;
}

/**
 * Writes `fields` over article `id` if it is still at `version`, with its revision. A published
 * article's edits wait (pending) until its next publish. False: another write came first.
 */
export async function saveArticle(db: D1Database, id: number, version: number, fields: StoredFields, action: string, by: string, at: Date): Promise<boolean> {
  const [update] = await db.batch([
    db
      .prepare(
        `UPDATE articles SET ${SET_FIELDS}, version = version + 1, updated_at = ?12, updated_by = ?13,
           pending = CASE WHEN status = 'published' THEN 1 ELSE pending END
         WHERE id = ?1 AND version = ?2`,
      )
      .bind(id, version, ...setColumns(fields), at.toISOString(), by),
    revisionStatement(db, id, action, by),
  ]);
  return (update?.meta.changes ?? 0) === 1;
}

/**
 * Moves an article along its states (src/domain/article-state.ts) from `version`, and writes the
 * published projection in the same batch. A move the state table refuses is 409 INVALID_STATE, a
 * refused schedule time 400 with the field named. False: another write came first.
 */
export async function moveArticle(
  env: Pick<Env, "DB" | "CACHE" | "ARTICLE_SCHEDULER">,
  before: ArticleRow,
  version: number,
  move: ArticleMove,
  publishAt: string | undefined,
  by: string,
  at: Date,
): Promise<boolean> {
  const to = nextStatus(before.status, move);
  if (to === null) throw new ApiError(409, "INVALID_STATE", `A ${before.status} article cannot be ${move === "unschedule" ? "unscheduled" : `${move}ed`}`);
  let scheduledAt: string | null = null;
  if (move === "schedule") {
    const refusal = scheduleRefusal(publishAt ?? "", at);
    if (refusal) throw ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", [{ field: "publishAt", detail: refusal }]);
    scheduledAt = new Date(publishAt ?? "").toISOString();
  }
  if (move === "publish" && before.title.trim() === "") throw ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", [{ field: "title", detail: "Enter a title" }]);
  const claim = env.DB.prepare(
    `UPDATE articles SET status = ?3, publish_at = ?4,
       published_at = CASE WHEN ?3 = 'published' THEN COALESCE(published_at, ?5) ELSE published_at END,
       pending = CASE WHEN ?3 = 'published' THEN 0 ELSE pending END,
       version = version + 1, updated_at = ?5, updated_by = ?6
     WHERE id = ?1 AND version = ?2`,
  ).bind(before.id, version, to, scheduledAt, at.toISOString(), by);
  if (!(await claimAndProject(env, before.id, claim, move, by))) return false;
  if (move === "schedule" || move === "unschedule" || before.status === "scheduled") await armScheduler(env);
  return true;
}
