import { z } from "zod";
import { allRows, firstRow, rowSchema } from "../db/rows";
import { liveAssetSchema } from "../../src/schemas/videos";
import { ingestTransition, type LiveStatus } from "../../src/domain/live-ingest";

/**
 * The ingest's view of live events (live_stream_assets, migration 0031): the stream key's hash
 * and version, the slot that gives its SRT port, the current run, the run's latest playlist.
 */
const ingestRow = rowSchema("live_stream_assets (ingest)", {
  id: z.string(),
  media_type: liveAssetSchema.shape.mediaType,
  status: liveAssetSchema.shape.status,
  ingest_key_hash: z.string().nullable(),
  ingest_key_version: z.number(),
  ingest_slot: z.number().nullable(),
  ingest_run: z.number(),
  playlist_position: z.number(),
});
export type IngestEventRow = z.output<typeof ingestRow>;

const COLUMNS = "id, media_type, status, ingest_key_hash, ingest_key_version, ingest_slot, ingest_run, playlist_position";

export function ingestEvent(db: D1Database, id: string): Promise<IngestEventRow | null> {
  return firstRow(ingestRow, db.prepare(`SELECT ${COLUMNS} FROM live_stream_assets WHERE id = ?1`).bind(id));
}

/** The events an ingest service listens for: a key issued, not ended. */
export function listeningEvents(db: D1Database): Promise<IngestEventRow[]> {
  return allRows(ingestRow, db.prepare(`SELECT ${COLUMNS} FROM live_stream_assets WHERE ingest_slot IS NOT NULL AND ingest_key_hash IS NOT NULL AND status <> 'disabled' ORDER BY ingest_slot`));
}

/**
 * A new stream key for an event: the version goes up (so the old key stops matching) and its hash
 * is stored; an event without a slot gets the lowest free one. One statement, so two rotations at
 * once cannot leave a hash that belongs to neither version. Null: no such event.
 */
export async function rotateKey(db: D1Database, id: string, keyOf: (version: number) => Promise<{ hash: string }>): Promise<IngestEventRow | null> {
  const current = await ingestEvent(db, id);
  if (!current) return null;
  const version = current.ingest_key_version + 1;
  const { hash } = await keyOf(version);
  const result = await db
    .prepare(
      `UPDATE live_stream_assets SET
         ingest_key_version = ?2, ingest_key_hash = ?3,
         ingest_slot = COALESCE(ingest_slot, (SELECT COALESCE(MAX(ingest_slot), -1) + 1 FROM live_stream_assets))
       WHERE id = ?1 AND ingest_key_version = ?4`,
    )
    .bind(id, version, hash, current.ingest_key_version)
    .run();
  // Another rotation won the race: its key stands, this one was never valid.
  if (result.meta.changes === 0) return null;
  return ingestEvent(db, id);
}

/** Media starts: a new run, active, no playlist yet. Null: the event ended (or vanished) meanwhile. */
export async function startRun(db: D1Database, event: IngestEventRow, nowMs: number): Promise<number | null> {
  if (ingestTransition(event.status, "start") === null) return null;
  const row = await firstRow(
    rowSchema("live_stream_assets (run)", { ingest_run: z.number() }),
    db
      .prepare(
        `UPDATE live_stream_assets SET ingest_run = ingest_run + 1, status = 'active', playlist = NULL, playlist_position = 0, last_media_at = ?2
         WHERE id = ?1 AND status <> 'disabled' RETURNING ingest_run`,
      )
      .bind(event.id, nowMs),
  );
  return row?.ingest_run ?? null;
}

/** Media stops (the push ended): idle, unless a newer run has begun or the event ended. */
export async function stopRun(db: D1Database, id: string, run: number): Promise<LiveStatus | null> {
  const result = await db.prepare("UPDATE live_stream_assets SET status = 'idle' WHERE id = ?1 AND ingest_run = ?2 AND status = 'active'").bind(id, run).run();
  return result.meta.changes > 0 ? "idle" : null;
}

/** A segment or init of the current run arrived: media is flowing. */
export async function touchMedia(db: D1Database, id: string, run: number, nowMs: number): Promise<boolean> {
  const result = await db.prepare("UPDATE live_stream_assets SET last_media_at = ?3 WHERE id = ?1 AND ingest_run = ?2 AND status = 'active'").bind(id, run, nowMs).run();
  return result.meta.changes > 0;
}

/**
 * The run's newer playlist: stored only if it reaches further than the one stored (so a replayed
 * or late upload never moves viewers back), for the current run of an active event.
 */
export async function storePlaylist(db: D1Database, id: string, run: number, text: string, position: number, nowMs: number): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE live_stream_assets SET playlist = ?3, playlist_position = ?4, last_media_at = ?5
       WHERE id = ?1 AND ingest_run = ?2 AND status = 'active' AND playlist_position < ?4`,
    )
    .bind(id, run, text, position, nowMs)
    .run();
  return result.meta.changes > 0;
}

/** Where an event's files live in R2: every run's init and segments stay, for the replay. */
export const liveObjectKey = (id: string, name: string) => `live/${id}/${name}`;
