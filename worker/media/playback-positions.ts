import { z } from "zod";
import { firstRow, rowSchema } from "../db/rows";
import { watchedSeconds } from "../../src/domain/video-watch";

const positionRow = rowSchema("playback_positions", { position_seconds: z.number() });
const previousRow = rowSchema("playback_positions with its time", { position_seconds: z.number(), updated_at: z.string() });

/** The account side of 'resume from the last position' (migrations/0005_playback_positions.sql). */
export async function readPosition(db: D1Database, ssoID: string, entryId: string): Promise<number | null> {
  const row = await firstRow(positionRow, db.prepare("SELECT position_seconds FROM playback_positions WHERE sso_id = ?1 AND entry_id = ?2").bind(ssoID, entryId));
  return row?.position_seconds ?? null;
}

/**
 * Keeps the place and adds what was watched since the last report to the video's seconds watched
 * (src/domain/video-watch.ts: the forward move, bounded by the wall time between the reports), in
 * one batch. Only signed-in viewers report, so visitors' minutes are not counted.
 */
export async function writePosition(db: D1Database, ssoID: string, entryId: string, seconds: number): Promise<void> {
  const previous = await firstRow(previousRow, db.prepare("SELECT position_seconds, updated_at FROM playback_positions WHERE sso_id = ?1 AND entry_id = ?2").bind(ssoID, entryId));
  const watched = watchedSeconds(previous ? { positionSeconds: previous.position_seconds, at: Date.parse(previous.updated_at) } : null, seconds, Date.now());
  const statements = [
    db
      .prepare(
        `INSERT INTO playback_positions (sso_id, entry_id, position_seconds) VALUES (?1, ?2, ?3)
         ON CONFLICT (sso_id, entry_id) DO UPDATE SET position_seconds = excluded.position_seconds,
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      )
      .bind(ssoID, entryId, seconds),
  ];
  if (watched > 0) {
    statements.push(
      db
        .prepare(
          `INSERT INTO video_watch_totals (video_id, seconds_watched) SELECT id, ?2 FROM videos WHERE entry_id = ?1
           ON CONFLICT (video_id) DO UPDATE SET seconds_watched = seconds_watched + excluded.seconds_watched`,
        )
        .bind(entryId, watched),
    );
  }
  await db.batch(statements);
}
