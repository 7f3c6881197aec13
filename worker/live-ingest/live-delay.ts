import { z } from "zod";
import { allRows, rowSchema } from "../db/rows";
import { DELAY_KEEP_MS, DELAY_MIN_GAP_MS, DELAY_WINDOW_MS, delaySummary, type DelaySummary } from "../../src/domain/live-delay";

/**
 * Players' delay readings (migrations/0040_live_delay.sql): written by POST /api/session/delay,
 * read by the console's Live streams screen. A reading is filed under the event's running push,
 * so a new push starts its own figures.
 */

/** One reading, unless this stream session sent one in the last 20 s. */
export async function recordDelay(db: D1Database, reading: { streamSession: string; assetId: string; behindMs: number }, nowMs: number): Promise<void> {
  await db
    .prepare(
      `INSERT INTO live_delay_samples (stream_session, asset_id, run, at, behind_ms)
       SELECT ?1, id, ingest_run, ?3, ?4 FROM live_stream_assets
        WHERE id = ?2 AND NOT EXISTS (SELECT 1 FROM live_delay_samples WHERE stream_session = ?1 AND at > ?5)`,
    )
    .bind(reading.streamSession, reading.assetId, nowMs, reading.behindMs, nowMs - DELAY_MIN_GAP_MS)
    .run();
}

/** Readings past a day go: the scheduled handler's work (worker/index.ts), not each reading's. */
export async function pruneDelayReadings(db: D1Database, now: Date): Promise<number> {
  const result = await db.prepare("DELETE FROM live_delay_samples WHERE at < ?1").bind(now.getTime() - DELAY_KEEP_MS).run();
  return result.meta.changes;
}

const readingRow = rowSchema("live_delay_samples (window)", { asset_id: z.string(), behind_ms: z.number() });

/** Each event's delay over the window (or only event `id`'s), from its running (or last) push's readings. */
export async function delaysByEvent(db: D1Database, nowMs: number, id: string | null = null): Promise<Map<string, DelaySummary>> {
  const rows = await allRows(
    readingRow,
    db
      .prepare(
        `SELECT s.asset_id, s.behind_ms FROM live_delay_samples s
           JOIN live_stream_assets l ON l.id = s.asset_id AND l.ingest_run = s.run
          WHERE s.at >= ?1 AND (?2 IS NULL OR s.asset_id = ?2)`,
      )
      .bind(nowMs - DELAY_WINDOW_MS, id),
  );
  const byEvent = new Map<string, number[]>();
  for (const row of rows) {
    const readings = byEvent.get(row.asset_id) ?? [];
    readings.push(row.behind_ms);
    byEvent.set(row.asset_id, readings);
  }
  const summaries = new Map<string, DelaySummary>();
  for (const [id, readings] of byEvent) {
    const summary = delaySummary(readings);
    if (summary) summaries.set(id, summary);
  }
  return summaries;
}
