import { z } from "zod";
import { RowShapeError } from "../db/rows";
import type { MediaPhoto } from "../../src/components/MediaPicture";

/**
 * The library photo an image column names (`media:{id}`, src/domain/media-ref.ts), read in the
 * same statement as the row that names it: a correlated subquery by the media table's primary key,
 * answering the photo as a JSON object, or null for a generated key, an empty field or a deleted
 * photo. Any list (news, home rails, search, pages, sponsors) so gets its photos without a second
 * query, and a new focal point or alt text shows on the next read.
 */
export function photoColumn(keyExpression: string, as: string): string {
  return `(SELECT json_object('id', m.id, 'version', m.version, 'width', m.width, 'alt', m.alt) FROM media m
    WHERE m.id = CASE WHEN ${keyExpression} GLOB 'media:[1-9]*' THEN CAST(substr(${keyExpression}, 7) AS INTEGER) END) AS ${as}`;
}

const photoShape = z.object({ id: z.number().int(), version: z.number().int(), width: z.number().int(), alt: z.string() });

/** The photo of a photoColumn, or null. Our own SQL writes it, so anything else is a broken query. */
export function photoOf(text: string | null | undefined): MediaPhoto | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const parsed = photoShape.safeParse(value);
  if (!parsed.success) throw new RowShapeError(`photo column is not a library photo: ${text.slice(0, 80)}`);
  return parsed.data;
}

/** Whether an image field's `media:{id}` names a photo the library holds (checked when content is saved). */
export async function libraryPhotoExists(db: D1Database, id: number): Promise<boolean> {
  return (await db.prepare("SELECT 1 AS found FROM media WHERE id = ?1").bind(id).first<{ found: number }>()) !== null;
}
