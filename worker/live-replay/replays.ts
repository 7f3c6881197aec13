import { z } from "zod";
import { allRows, rowSchema } from "../db/rows";
import { JOB_STATUSES } from "../video-pipeline/rows";
import { outputPrefix } from "../video-pipeline/objects";
import { parseRecordingSource } from "../video-pipeline/recording-source";
import { TRANSCODE_MAX_ATTEMPTS } from "../../src/domain/video-media-state";
import { partBytes, replayCategorySlug, replayEntitlements, replayTitle, trimmedSeconds, type RecordingSource } from "../../src/domain/live-replay";
import type { ReplayView } from "../../src/schemas/console-replay";

/**
 * An event's replays: each a catalogue video whose source (video_sources, migration 0046) is the
 * event's recording between two marks, transcoded by the on-demand pipeline like an upload.
 */
const replayRow = rowSchema("replays of a live event", {
  source_id: z.string(),
  recording: z.string(),
  publish_when_ready: z.number(),
  uploaded_at: z.string(),
  uploaded_by: z.string(),
  entry_id: z.string().nullable(),
  title: z.string().nullable(),
  publication_status: z.enum(["draft", "published"]).nullable(),
  status: z.enum(JOB_STATUSES),
  progress: z.number(),
  failure_reason: z.string().nullable(),
  attempts: z.number(),
  max_attempts: z.number(),
});

/** Every replay made of the event, newest first. */
export async function replaysOf(db: D1Database, eventId: string): Promise<ReplayView[]> {
  const rows = await allRows(
    replayRow,
    db
      .prepare(
        `SELECT s.id AS source_id, s.recording, s.publish_when_ready, s.uploaded_at, s.uploaded_by, v.entry_id, v.title, v.publication_status,
                j.status, j.progress, j.failure_reason, j.attempts, j.max_attempts
           FROM video_sources s JOIN transcode_jobs j ON j.source_id = s.id LEFT JOIN videos v ON v.source_id = s.id
          WHERE s.recording_event_id = ?1 ORDER BY s.uploaded_at DESC, s.id`,
      )
      .bind(eventId),
  );
  return rows.map((r) => {
    const recording = parseRecordingSource(r.recording)!;
    return {
      sourceId: r.source_id,
      entryId: r.entry_id,
      title: r.title,
      publicationStatus: r.publication_status,
      publishWhenReady: r.publish_when_ready === 1,
      startSeconds: recording.startSeconds,
      endSeconds: recording.endSeconds,
      durationSeconds: trimmedSeconds(recording.parts),
      job: { status: r.status, progress: r.progress, failureReason: r.failure_reason, attempts: r.attempts, maxAttempts: r.max_attempts },
      createdAt: r.uploaded_at,
      createdBy: r.uploaded_by,
    };
  });
}

/** The event as a replay needs it. */
export interface ReplayEvent {
  id: string;
  title: string;
  description: string;
  entitlements: string[];
  matchId: number | null;
}

/**
 * A replay: the recording source, its queued job and the catalogue video (a draft, published by
 * staff or, with `publishWhenReady`, by the completion of its transcode) in one batch. The first
 * statement inserts the source only while the event has no replay that is not failed, and the
 * others only if it did: two presses at once (D1 runs one batch at a time) make one video, and the
 * second finds it. Null: a replay exists.
 */
export async function makeReplay(
  db: D1Database,
  event: ReplayEvent,
  recording: RecordingSource,
  options: { actor: string; publishWhenReady: boolean },
): Promise<{ sourceId: string; jobId: string; entryId: string } | null> {
  const sourceId = crypto.randomUUID();
  const jobId = crypto.randomUUID();
  const entryId = `1_${crypto.randomUUID().replaceAll("-", "").slice(0, 8)}`;
  const bytes = recording.parts.reduce((total, p) => total + partBytes(p), 0);
  const now = new Date().toISOString();
  const sourceExists = "EXISTS (SELECT 1 FROM video_sources WHERE id = ?1)";
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO video_sources (id, object_key, file_name, content_type, bytes, uploaded_by, recording_event_id, recording, publish_when_ready)
         SELECT ?1, ?2, ?3, 'video/mp4', ?4, ?5, ?6, ?7, ?8
          WHERE NOT EXISTS (SELECT 1 FROM video_sources s JOIN transcode_jobs j ON j.source_id = s.id WHERE s.recording_event_id = ?6 AND j.status <> 'failed')`,
      )
      // object_key names no stored object: the source is the event's own files (recording-source.ts).
      .bind(sourceId, `recordings/${sourceId}`, `${event.id}-recording.mp4`, bytes, options.actor, event.id, JSON.stringify(recording), options.publishWhenReady ? 1 : 0),
    db
      .prepare(`INSERT INTO transcode_jobs (id, source_id, max_attempts, output_prefix) SELECT ?2, ?1, ?3, ?4 WHERE ${sourceExists}`)
      .bind(sourceId, jobId, TRANSCODE_MAX_ATTEMPTS, outputPrefix(sourceId, jobId)),
    db
      .prepare(
        `INSERT INTO videos (entry_id, title, description, duration_seconds, entitlements, thumbnail_key, created_at, release_from, category_id,
                             team_id, season_id, match_id, tags, source_id, publication_status)
         SELECT ?2, ?3, ?4, 0, ?5, ?6, ?7, ?7,
                COALESCE((SELECT id FROM video_categories WHERE slug = ?8), (SELECT id FROM video_categories ORDER BY order_position, id LIMIT 1)),
                m.team_id, m.season_id, m.id, 'replay,live', ?1, 'draft'
           FROM (SELECT 1) LEFT JOIN matches m ON m.id = ?9
          WHERE ${sourceExists}`,
      )
      .bind(
        sourceId,
        entryId,
        replayTitle(event.title),
        event.description,
        JSON.stringify(replayEntitlements(event.entitlements)),
        `video-${entryId}`,
        now,
        replayCategorySlug(event.matchId),
        event.matchId,
      ),
  ]);
  if ((inserted?.meta.changes ?? 0) === 0) return null;
  return { sourceId, jobId, entryId };
}
