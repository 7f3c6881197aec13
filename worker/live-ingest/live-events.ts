import { z } from "zod";
import { allRows, firstRow, rowSchema, stringList } from "../db/rows";
import { liveAssetSchema } from "../../src/schemas/videos";
import { liveStatusNow } from "../../src/domain/live-ingest";
import { liveHealth, tierOf } from "../../src/domain/live-events";
import type { LiveEvent, LiveEventInput, FixtureOption } from "../../src/schemas/console-live";
import type { DelaySummary } from "../../src/domain/live-delay";
import { delaysByEvent } from "./live-delay";
import { REPLAY_MODES } from "../../src/domain/live-replay";

/**
 * Live events as staff manage them (the console's Live streams screen): the live_stream_assets
 * rows with what the ingest has made of them (runs, newest media, the push's health) and who is
 * watching. The stream key is not here: D1 holds its hash, and the row below never reads it.
 */
const eventRow = rowSchema("live_stream_assets (console)", {
  id: z.string(),
  title: z.string(),
  description: z.string(),
  media_type: liveAssetSchema.shape.mediaType,
  status: liveAssetSchema.shape.status,
  entitlements: z.string(),
  starts_at: z.string().nullable(),
  match_id: z.number().nullable(),
  match_label: z.string().nullable(),
  ingest_key_version: z.number(),
  ingest_slot: z.number().nullable(),
  ingest_run: z.number(),
  playlist: z.string().nullable(),
  last_media_at: z.number().nullable(),
  viewers: z.number(),
  replay_mode: z.enum(REPLAY_MODES),
  replay_start_seconds: z.number().nullable(),
  replay_end_seconds: z.number().nullable(),
});

const MATCH_LABEL = `CASE WHEN m.id IS NULL THEN NULL WHEN m.is_home = 1 THEN t.short_name || ' v ' || o.short_name ELSE o.short_name || ' v ' || t.short_name END`;

const EVENT_SELECT = `
  SELECT l.id, l.title, l.description, l.media_type, l.status, l.entitlements, l.starts_at, l.match_id,
         ${MATCH_LABEL} AS match_label,
         l.ingest_key_version, l.ingest_slot, l.ingest_run, l.playlist, l.last_media_at,
         (SELECT COUNT(*) FROM open_stream_sessions s WHERE s.asset_id = l.id) AS viewers,
         l.replay_mode, l.replay_start_seconds, l.replay_end_seconds
    FROM live_stream_assets l
    LEFT JOIN matches m ON m.id = l.match_id
    LEFT JOIN teams t ON t.id = m.team_id
    LEFT JOIN opponents o ON o.id = m.opponent_id`;

function toEvent(row: z.output<typeof eventRow>, nowMs: number, delays: Map<string, DelaySummary>): LiveEvent {
  const entitlements = stringList(row.entitlements);
  const status = liveStatusNow(row.status, row.last_media_at, nowMs);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    mediaType: row.media_type,
    status,
    entitlements,
    ...tierOf(entitlements, row.match_id),
    startsAt: row.starts_at,
    matchId: row.match_id,
    matchLabel: row.match_label,
    keyVersion: row.ingest_key_version,
    srtSlot: row.ingest_slot,
    runs: row.ingest_run,
    lastMediaAt: row.last_media_at === null ? null : new Date(row.last_media_at).toISOString(),
    viewers: row.viewers,
    // Health is of a push that is running: an idle event's last playlist is only history.
    health: status === "active" ? liveHealth(row.playlist, nowMs) : null,
    delay: delays.get(row.id) ?? null,
    replayMode: row.replay_mode,
    replayMarks: { startSeconds: row.replay_start_seconds, endSeconds: row.replay_end_seconds },
  };
}

/** Every live event, in the live listing's order. */
export async function liveEvents(db: D1Database, nowMs = Date.now()): Promise<LiveEvent[]> {
  const [rows, delays] = await Promise.all([allRows(eventRow, db.prepare(`${EVENT_SELECT} ORDER BY l.position, l.id`)), delaysByEvent(db, nowMs)]);
  return rows.map((r) => toEvent(r, nowMs, delays));
}

export async function liveEventById(db: D1Database, id: string, nowMs = Date.now()): Promise<LiveEvent | null> {
  const [row, delays] = await Promise.all([firstRow(eventRow, db.prepare(`${EVENT_SELECT} WHERE l.id = ?1`).bind(id)), delaysByEvent(db, nowMs, id)]);
  return row ? toEvent(row, nowMs, delays) : null;
}

const fixtureRow = rowSchema("matches (fixture options)", { id: z.number(), label: z.string(), kickoff: z.string() });

/**
 * The fixtures an event may be linked to, soonest first: those not yet played (whatever their
 * date: a postponed one keeps its old kick-off until it is moved), any match of the last two days,
 * and the one linked now wherever it is.
 */
export function fixtureOptions(db: D1Database, linked: number | null, nowMs = Date.now()): Promise<FixtureOption[]> {
  return allRows(
    fixtureRow,
    db
      .prepare(
        `SELECT m.id, ${MATCH_LABEL} AS label, m.kickoff FROM matches m
           JOIN teams t ON t.id = m.team_id JOIN opponents o ON o.id = m.opponent_id
          WHERE m.id = ?2 OR m.status = 'fixture' OR m.kickoff >= ?1
          ORDER BY m.kickoff, m.id LIMIT 100`,
      )
      .bind(new Date(nowMs - 2 * 86_400_000).toISOString(), linked ?? -1),
  );
}

export async function matchExists(db: D1Database, id: number): Promise<boolean> {
  return (await db.prepare("SELECT 1 AS found FROM matches WHERE id = ?1").bind(id).first()) !== null;
}

/** A new event, idle, with no key yet (the caller issues one). False: the id is taken. */
export async function insertLiveEvent(db: D1Database, id: string, input: LiveEventInput, entitlements: string[]): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO live_stream_assets (id, title, description, media_type, status, poster_image_key, offline_image_key, playback_id, entitlements, starts_at, match_id, replay_mode, position)
       VALUES (?1, ?2, ?3, ?4, 'idle', ?5, ?6, ?7, ?8, ?9, ?10, ?11, (SELECT COALESCE(MAX(position), 0) + 1 FROM live_stream_assets))
       ON CONFLICT (id) DO NOTHING`,
    )
    .bind(id, input.title, input.description, input.mediaType, `live-${id}-poster`, `live-${id}-offline`, `pb-${id}`, JSON.stringify(entitlements), input.startsAt, input.matchId, input.replayMode)
    .run();
  return result.meta.changes > 0;
}

/** An event's details changed (not its media type: the ingest packages by it). False: no such event. */
export async function updateLiveEvent(db: D1Database, id: string, input: Omit<LiveEventInput, "mediaType">, entitlements: string[]): Promise<boolean> {
  const result = await db
    .prepare("UPDATE live_stream_assets SET title = ?2, description = ?3, entitlements = ?4, starts_at = ?5, match_id = ?6, replay_mode = ?7 WHERE id = ?1")
    .bind(id, input.title, input.description, JSON.stringify(entitlements), input.startsAt, input.matchId, input.replayMode)
    .run();
  return result.meta.changes > 0;
}

/** The marks staff set on the recording (null: its start / its end). False: no such event. */
export async function setReplayMarks(db: D1Database, id: string, startSeconds: number | null, endSeconds: number | null): Promise<boolean> {
  const result = await db.prepare("UPDATE live_stream_assets SET replay_start_seconds = ?2, replay_end_seconds = ?3 WHERE id = ?1").bind(id, startSeconds, endSeconds).run();
  return result.meta.changes > 0;
}
