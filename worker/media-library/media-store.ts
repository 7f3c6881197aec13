import { z } from "zod";
import { firstOf, firstRow, resultsOf, rowSchema, totalRow } from "../db/rows";
import { MEDIA_TYPES } from "../../src/domain/image-sniff";
import type { MediaItem, MediaPage } from "../../src/schemas/media";

/** The media library's rows in D1 (migrations/0024_media_library.sql); the objects are in R2. */
export const mediaRow = rowSchema("media", {
  id: z.number(),
  object_key: z.string(),
  file_name: z.string(),
  content_type: z.enum(MEDIA_TYPES),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
  alt: z.string(),
  focal_x: z.number(),
  focal_y: z.number(),
  version: z.number(),
  uploaded_by: z.string(),
  uploaded_at: z.string(),
  updated_at: z.string().nullable(),
});
export type MediaRow = z.output<typeof mediaRow>;

export const MEDIA_PAGE_SIZE = 24;

export function mediaItemOf(row: MediaRow): MediaItem {
  return {
    id: row.id,
    fileName: row.file_name,
    contentType: row.content_type,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    alt: row.alt,
    focalX: row.focal_x,
    focalY: row.focal_y,
    version: row.version,
    uploadedBy: row.uploaded_by,
    uploadedAt: row.uploaded_at,
    updatedAt: row.updated_at,
  };
}

const searchTextOf = (alt: string, fileName: string) => `${alt} ${fileName}`.toLowerCase();

export async function mediaRowById(db: D1Database, id: number): Promise<MediaRow | null> {
  return firstRow(mediaRow, db.prepare("SELECT * FROM media WHERE id = ?1").bind(id));
}

/** A page of the library, newest first; `q` matches alt texts and file names, its own `%` and `_` as themselves. */
export async function mediaPage(db: D1Database, q: string, page: number): Promise<MediaPage> {
  const typed = q.trim().slice(0, 200);
  const query = typed.toLowerCase();
  const like = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = "WHERE ?1 = '' OR search_text LIKE ?2 ESCAPE '\\'";
  const [rows, count] = await db.batch([
    db.prepare(`SELECT * FROM media ${where} ORDER BY uploaded_at DESC, id DESC LIMIT ?3 OFFSET ?4`).bind(query, like, MEDIA_PAGE_SIZE, page * MEDIA_PAGE_SIZE),
    db.prepare(`SELECT COUNT(*) AS total FROM media ${where}`).bind(query, like),
  ]);
  return { q: typed, page, pageSize: MEDIA_PAGE_SIZE, total: firstOf(totalRow, count)?.total ?? 0, items: resultsOf(mediaRow, rows).map(mediaItemOf) };
}

export interface NewMedia {
  objectKey: string;
  fileName: string;
  contentType: MediaItem["contentType"];
  width: number;
  height: number;
  bytes: number;
  alt: string;
  focalX: number;
  focalY: number;
  uploadedBy: string;
}

export async function insertMedia(db: D1Database, m: NewMedia): Promise<MediaRow> {
  const row = await firstRow(
    mediaRow,
    db
      .prepare(
        `INSERT INTO media (object_key, file_name, content_type, width, height, bytes, alt, focal_x, focal_y, search_text, uploaded_by)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) RETURNING *`,
      )
      .bind(m.objectKey, m.fileName, m.contentType, m.width, m.height, m.bytes, m.alt, m.focalX, m.focalY, searchTextOf(m.alt, m.fileName), m.uploadedBy),
  );
  if (!row) throw new Error("media insert returned no row");
  return row;
}

/** New alt text and focal point; the version goes up only when the focal point moves (the crops change). */
export async function updateMedia(db: D1Database, id: number, change: { alt: string; focalX: number; focalY: number }): Promise<MediaRow | null> {
  return firstRow(
    mediaRow,
    db
      .prepare(
        `UPDATE media SET alt = ?2, focal_x = ?3, focal_y = ?4,
           version = version + (CASE WHEN focal_x = ?3 AND focal_y = ?4 THEN 0 ELSE 1 END),
           search_text = lower(?2 || ' ' || file_name),
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id = ?1 RETURNING *`,
      )
      .bind(id, change.alt, change.focalX, change.focalY),
  );
}

