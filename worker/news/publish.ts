import { invalidateCache } from "../cache/kv-cache";
import { revisionStatement } from "./articles";

/**
 * The published projection: `news` (and `news_category`) hold exactly the published articles, as
 * they were last published. Each state change is one D1 batch (a transaction): the claim (a
 * conditional UPDATE of the article), its revision, then the projection, which reads the article
 * row itself and so writes only what the claim left there. A claim that matched nothing (a stale
 * version, a schedule someone else published first) changes nothing, and the projection then
 * finds the article as the winner left it: the same rows again, or none.
 *
 * After a change the page cache's generation is bumped (worker/cache/kv-cache.ts), so /news, the
 * home rails, category pages, the sitemap and the feed answer from D1 on the next request; search
 * follows by the news table's own triggers (migrations/0015_news_search_generation.sql).
 */

/** A published article with no edits waiting: the projection's source. */
const LIVE = "status = 'published' AND pending = 0";

/**
 * Copies article `id` into `news` and its categories, when it is live; removes it otherwise. An
 * article without a hero image gets the generated picture of its own key (news-{id}), as the
 * demo stories have, until the media library supplies one.
 */
export function projectionStatements(db: D1Database, id: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO news (id, slug, title, summary, body_html, author, published_at, image_key, featured)
         SELECT id, slug, title, summary, body_html, author, published_at, COALESCE(NULLIF(image_key, ''), 'news-' || id), featured
         FROM articles WHERE id = ?1 AND ${LIVE}
         ON CONFLICT (id) DO UPDATE SET slug = excluded.slug, title = excluded.title, summary = excluded.summary,
           body_html = excluded.body_html, author = excluded.author, published_at = excluded.published_at,
           image_key = excluded.image_key, featured = excluded.featured`,
      )
      .bind(id),
    db.prepare(`DELETE FROM news_category WHERE news_id = ?1 AND EXISTS (SELECT 1 FROM articles WHERE id = ?1 AND ${LIVE})`).bind(id),
    db
      .prepare(
        `INSERT INTO news_category (news_id, category_id)
         SELECT a.id, c.id FROM articles a, json_each(a.category_ids) j JOIN news_categories c ON c.id = j.value
         WHERE a.id = ?1 AND a.${LIVE.replace(" AND ", " AND a.")}`,
      )
      .bind(id),
    // Out of the site: not published (unpublished, or a draft again). A published article with edits pending stays as it was.
    db.prepare("DELETE FROM news_category WHERE news_id = ?1 AND NOT EXISTS (SELECT 1 FROM articles WHERE id = ?1 AND status = 'published')").bind(id),
    db.prepare("DELETE FROM news WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM articles WHERE id = ?1 AND status = 'published')").bind(id),
  ];
}

/**
 * Runs `claim` (an UPDATE of one article) with its revision and the projection in one batch.
 * True when the claim changed the article; the caches are retired only then.
 */
export async function claimAndProject(env: Pick<Env, "DB" | "CACHE">, id: number, claim: D1PreparedStatement, action: string, by: string): Promise<boolean> {
  const [result] = await env.DB.batch([claim, revisionStatement(env.DB, id, action, by), ...projectionStatements(env.DB, id)]);
  const claimed = (result?.meta.changes ?? 0) === 1;
  if (claimed) await invalidateCache(env);
  return claimed;
}
