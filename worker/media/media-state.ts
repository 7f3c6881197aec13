import { z } from "zod";
import { firstRow, rowSchema } from "../db/rows";
import { videoMediaState, type VideoMediaState } from "../../src/domain/video-media-state";

/**
 * Which media a catalogue video plays (src/domain/video-media-state.ts), for the media gate.
 * A playlist reads it from D1 (it re-proves the viewer's right there anyway) and refreshes this
 * isolate's memo; init files, segments and posters, which are served without D1 on their tokens,
 * read the memo and D1 only when this isolate has not seen the video for MEMO_MS. A video that
 * becomes ready is seen by its next playlist at once and by this isolate's segments after that.
 */
const MEMO_MS = 30_000;
const MEMO_ENTRIES = 2_000;
const memo = new Map<string, { state: VideoMediaState; at: number }>();

const stateRow = rowSchema("videos ⟕ video_media", { source_id: z.string().nullable(), prefix: z.string().nullable() });

/** null: no such video. */
export async function mediaStateOf(db: D1Database, entryId: string): Promise<VideoMediaState | null> {
  const row = await firstRow(
    stateRow,
    db.prepare("SELECT v.source_id, m.prefix FROM videos v LEFT JOIN video_media m ON m.source_id = v.source_id WHERE v.entry_id = ?1").bind(entryId),
  );
  if (!row) return null;
  const state = videoMediaState(row.source_id, row.prefix);
  memo.delete(entryId);
  if (memo.size >= MEMO_ENTRIES) memo.delete(memo.keys().next().value as string);
  memo.set(entryId, { state, at: Date.now() });
  return state;
}

export async function memoisedMediaStateOf(db: D1Database, entryId: string): Promise<VideoMediaState | null> {
  const held = memo.get(entryId);
  if (held && Date.now() - held.at < MEMO_MS) return held.state;
  return mediaStateOf(db, entryId);
}

/** After a completion: this isolate reads every video's media again (rare, and cheap). */
export function forgetMedia(): void {
  memo.clear();
}

/** Links a catalogue video to a source: it plays that source's media once ready, 'processing' until then. */
export async function linkVideoToSource(db: D1Database, entryId: string, sourceId: string): Promise<boolean> {
  const result = await db
    .prepare("UPDATE videos SET source_id = ?2 WHERE entry_id = ?1 AND EXISTS (SELECT 1 FROM video_sources WHERE id = ?2)")
    .bind(entryId, sourceId)
    .run();
  memo.delete(entryId);
  return result.meta.changes > 0;
}

