import { z } from "zod";
import type { LiveStreamFacts } from "../../src/domain/live-session-access";
import { liveAssetSchema } from "../../src/schemas/videos";
import { firstRow, rowSchema, stringList } from "../db/rows";
import { liveStatusNow } from "../../src/domain/live-ingest";

/**
 * What the session check and the live media gate need of a live stream, beside the
 * public view of worker/videos/queries.ts. The playback id stays in D1: nothing here answers it.
 */
export interface LiveStreamRow extends LiveStreamFacts {
  id: string;
  /** the ingest's latest media playlist of the current push, as it wrote it; null: no media yet */
  playlist: string | null;
}

const streamRow = rowSchema("live_stream_assets", {
  id: z.string(),
  media_type: liveAssetSchema.shape.mediaType,
  status: liveAssetSchema.shape.status,
  entitlements: z.string(),
  allowed_countries: z.string().nullable(),
  playlist: z.string().nullable(),
  last_media_at: z.number().nullable(),
});

export async function liveStream(db: D1Database, id: string): Promise<LiveStreamRow | null> {
  const row = await firstRow(streamRow, db.prepare("SELECT id, media_type, status, entitlements, allowed_countries, playlist, last_media_at FROM live_stream_assets WHERE id = ?").bind(id));
  if (!row) return null;
  return {
    id: row.id,
    mediaType: row.media_type,
    // Active only while media arrives (src/domain/live-ingest.ts): an encoder that vanished leaves the event idle.
    status: liveStatusNow(row.status, row.last_media_at, Date.now()),
    playlist: row.playlist,
    entitlements: stringList(row.entitlements),
    allowedCountries: row.allowed_countries === null ? null : stringList(row.allowed_countries),
  };
}

/** The admin API's change of a stream: its status and/or its country allow-list (null: everywhere). */
export async function updateLiveStream(
  db: D1Database,
  id: string,
  change: { status?: LiveStreamFacts["status"]; allowedCountries?: string[] | null },
): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE live_stream_assets SET
         status = COALESCE(?2, status),
         allowed_countries = CASE WHEN ?3 = 1 THEN ?4 ELSE allowed_countries END
       WHERE id = ?1`,
    )
    .bind(
      id,
      change.status ?? null,
      change.allowedCountries === undefined ? 0 : 1,
      change.allowedCountries ? JSON.stringify(change.allowedCountries) : null,
    )
    .run();
  return result.meta.changes > 0;
}
