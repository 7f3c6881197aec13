import { z } from "zod";
import { allRows, firstRow, rowSchema } from "../db/rows";
import type { SubtitleTrack } from "../../src/domain/video-subtitles";

/** A video's uploaded captions (migrations/0029_video_publishing.sql), for its master playlist and subtitle files. */
const trackRow = rowSchema("video_captions tracks", { language: z.string(), label: z.string() });
const fileRow = rowSchema("video_captions file", { object_key: z.string(), duration_seconds: z.number() });

export async function subtitleTracks(db: D1Database, entryId: string): Promise<SubtitleTrack[]> {
  return allRows(trackRow, db.prepare("SELECT c.language, c.label FROM video_captions c JOIN videos v ON v.id = c.video_id WHERE v.entry_id = ?1 ORDER BY c.language").bind(entryId));
}

/** The language's WebVTT object in R2 and the video's duration (its media's once ready); null: no such captions. */
export async function subtitleFileOf(db: D1Database, entryId: string, language: string): Promise<{ key: string; durationSeconds: number } | null> {
  const row = await firstRow(
    fileRow,
    db
      .prepare(
        `SELECT c.object_key, COALESCE(m.duration_seconds, v.duration_seconds) AS duration_seconds
         FROM video_captions c JOIN videos v ON v.id = c.video_id LEFT JOIN video_media m ON m.source_id = v.source_id
         WHERE v.entry_id = ?1 AND c.language = ?2`,
      )
      .bind(entryId, language),
  );
  return row ? { key: row.object_key, durationSeconds: row.duration_seconds } : null;
}
