import { z } from "zod";
import { mediaRow, type MediaRow } from "./media-store";
import { mediaRef, mediaUrlPrefix } from "../../src/domain/media-ref";
import { MEDIA_USE_KINDS, type MediaUse } from "../../src/domain/media-usage";

/**
 * Where library photo `?1` is used (`?1` its `media:{id}` reference, `?2` its URL prefix), as rows
 * (kind, id, name, place), every table that can hold one: articles (hero, text), pages (hero,
 * text), adverts (mobile, desktop), overlay promos, sponsors, header sponsors. The published
 * `news` rows are copies of articles, so the articles answer for them. `instr` rather than LIKE: a
 * URL's `_` and `%` are not patterns.
 */
const USES_SQL = [
  `SELECT 'article' AS kind, id, title AS name, CASE WHEN image_key = ?1 THEN 'hero image' ELSE 'text' END AS place
     FROM articles WHERE image_key = ?1 OR instr(body_html, ?2) > 0`,
  `SELECT 'page' AS kind, id, post_title AS name, CASE WHEN hero_image_key = ?1 THEN 'hero image' ELSE 'text' END AS place
     FROM menu_pages WHERE hero_image_key = ?1 OR instr(body_html, ?2) > 0`,
  `SELECT 'advert' AS kind, id, advert_name AS name, CASE WHEN mobile_image_key = ?1 THEN 'mobile image' ELSE 'desktop image' END AS place
     FROM adverts WHERE mobile_image_key = ?1 OR desktop_image_key = ?1`,
  `SELECT 'promo' AS kind, id, url AS name, 'image' AS place FROM overlay_promos WHERE image_key = ?1`,
  `SELECT 'sponsor' AS kind, id, admin_name AS name, 'logo' AS place FROM sponsors WHERE image_key = ?1`,
  `SELECT 'header sponsor' AS kind, id, name, 'logo' AS place FROM header_sponsors WHERE image_key = ?1`,
];

const useRow = z.object({ kind: z.enum(MEDIA_USE_KINDS), id: z.number(), name: z.string(), place: z.string() });

/**
 * Deletes photo `id`'s row unless something uses it, in one batch: the uses are read and the
 * DELETE repeats them as its own guard, so a reference written between the two still keeps the
 * photo. Answers the deleted row (null: no such photo) or the uses that kept it.
 */
export async function deleteUnusedMedia(db: D1Database, id: number): Promise<{ row: MediaRow | null; uses: MediaUse[] }> {
  const ref = mediaRef(id);
  const prefix = mediaUrlPrefix(id);
  // One statement per table (D1 caps a compound SELECT's terms), the DELETE last with every one as its guard.
  const results = await db.batch([
    // D1 wants exactly the parameters a statement names.
    ...USES_SQL.map((sql) => db.prepare(`${sql} ORDER BY id`).bind(...(sql.includes("?2") ? [ref, prefix] : [ref]))),
    db.prepare(`DELETE FROM media WHERE id = ?3 ${USES_SQL.map((sql) => `AND NOT EXISTS (${sql})`).join(" ")} RETURNING *`).bind(ref, prefix, id),
  ]);
  const found = (results.at(-1)?.results ?? []) as unknown[];
  const row = found.length > 0 ? mediaRow.parse(found[0]) : null;
  const uses = results.slice(0, -1).flatMap((r) => z.array(useRow).parse(r.results ?? []));
  return { row, uses: row ? [] : uses };
}
