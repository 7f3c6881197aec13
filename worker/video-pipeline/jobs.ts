import { z } from "zod";
import { firstOf, firstRow, resultsOf } from "../db/rows";
import { ApiError } from "../http/api-error";
import { TRANSCODE_LEASE_SECONDS, TRANSCODE_MAX_ATTEMPTS } from "../../src/domain/video-media-state";
import { AUDIO_RENDITION, outputFile, variantUris } from "../../src/domain/video-ladder";
import { jobRow, renditionSchema, sourceRow, type JobRow, type SourceRow } from "./rows";
import { parseRecordingSource, recordingStored } from "./recording-source";

/**
 * Transcode jobs in D1 (migrations/0026_video_pipeline.sql). Every change is one statement, or one
 * batch (a transaction), whose WHERE names the state it moves from, so two transcoders racing for
 * a job, a heartbeat racing a re-claim, or a completion sent twice each apply once:
 * - claim: the oldest queued job, or a transcoding one whose lease ran out, gets a new lease id and
 *   one more attempt; a lease that ran out on its last attempt fails the job instead;
 * - heartbeat, outputs, complete, fail: only the current lease id (a stale holder: 409 LEASE_LOST).
 */
export const LEASE_LOST = () => new ApiError(409, "LEASE_LOST", "This job's lease is no longer yours: another transcoder may hold it");
export const JOB_NOT_FOUND = () => new ApiError(404, "JOB_NOT_FOUND", "No such transcode job");

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
export const EXPIRED_LAST_ATTEMPT = "The transcoder stopped answering on the last attempt";

export interface Claimed {
  job: JobRow;
  source: SourceRow;
  leaseId: string;
}

export async function claimJob(db: D1Database, owner: string, nowMs = Date.now()): Promise<Claimed | null> {
  const leaseId = crypto.randomUUID();
  const expires = nowMs + TRANSCODE_LEASE_SECONDS * 1000;
  const claimable = `(status = 'queued' OR (status = 'transcoding' AND lease_expires_at <= ?1 AND attempts < max_attempts))`;
  const [, claimed] = await db.batch([
    db
      .prepare(
        `UPDATE transcode_jobs SET status = 'failed', failure_reason = ?2, lease_id = NULL, updated_at = ${NOW}, finished_at = ${NOW}
         WHERE status = 'transcoding' AND lease_expires_at <= ?1 AND attempts >= max_attempts`,
      )
      .bind(nowMs, EXPIRED_LAST_ATTEMPT),
    db
      .prepare(
        `UPDATE transcode_jobs SET status = 'transcoding', attempts = attempts + 1, progress = 0, lease_owner = ?2, lease_id = ?3,
           lease_expires_at = ?4, failure_reason = NULL, updated_at = ${NOW}
         WHERE id = (SELECT id FROM transcode_jobs WHERE ${claimable} ORDER BY created_at, id LIMIT 1) AND ${claimable}
         RETURNING *`,
      )
      .bind(nowMs, owner, leaseId, expires),
  ]);
  const job = firstOf(jobRow, claimed);
  if (!job) return null;
  const source = await firstRow(sourceRow, db.prepare("SELECT * FROM video_sources WHERE id = ?1").bind(job.source_id));
  if (!source) throw new Error(`job ${job.id} has no source`);
  return { job, source, leaseId };
}

export async function jobById(db: D1Database, id: string): Promise<JobRow | null> {
  return firstRow(jobRow, db.prepare("SELECT * FROM transcode_jobs WHERE id = ?1").bind(id));
}

/** The job while `leaseId` holds it, else 404 / 409. */
export async function heldJob(db: D1Database, id: string, leaseId: string): Promise<JobRow> {
  const job = await jobById(db, id);
  if (!job) throw JOB_NOT_FOUND();
  if (job.status !== "transcoding" || job.lease_id !== leaseId) throw LEASE_LOST();
  return job;
}

export async function heartbeat(db: D1Database, id: string, leaseId: string, progress: number, nowMs = Date.now()): Promise<number> {
  const expires = nowMs + TRANSCODE_LEASE_SECONDS * 1000;
  const row = await db
    .prepare(
      `UPDATE transcode_jobs SET progress = ?3, lease_expires_at = ?4, updated_at = ${NOW}
       WHERE id = ?1 AND lease_id = ?2 AND status = 'transcoding' RETURNING lease_expires_at`,
    )
    .bind(id, leaseId, progress, expires)
    .first<{ lease_expires_at: number }>();
  if (row) return row.lease_expires_at;
  if (!(await jobById(db, id))) throw JOB_NOT_FOUND();
  throw LEASE_LOST();
}

export const completeBody = z.object({
  leaseId: z.string().min(1).max(100),
  durationSeconds: z.number().positive().max(24 * 3600),
  renditions: z.array(renditionSchema).min(1).max(5),
});
export type Completion = z.output<typeof completeBody>;

/**
 * The job's media, once its files are all in R2: the master playlist, every rendition it lists
 * (each a reported rendition, and each reported one listed), the poster and the storyboard.
 * Applied once: a second completion by the same lease answers `applied: false` and changes nothing.
 */
export async function completeJob(db: D1Database, bucket: R2Bucket, id: string, done: Completion): Promise<{ applied: boolean; job: JobRow; published: string | null }> {
  const job = await jobById(db, id);
  if (!job) throw JOB_NOT_FOUND();
  if (job.lease_id !== done.leaseId) throw LEASE_LOST();
  if (job.status === "ready") return { applied: false, job, published: null };
  if (job.status !== "transcoding") throw LEASE_LOST();

  const names = done.renditions.map((r) => r.name);
  if (new Set(names).size !== names.length) throw invalidOutputs("A rendition is listed twice");
  if (!names.includes(AUDIO_RENDITION)) throw invalidOutputs("The audio-only rendition is missing");
  const master = await bucket.get(`${job.output_prefix}master.m3u8`);
  if (!master) throw invalidOutputs("master.m3u8 is missing");
  const listed = variantUris(await master.text());
  const expected = names.map((name) => `${name}/index.m3u8`);
  if (listed.length !== expected.length || !expected.every((uri) => listed.includes(uri))) {
    throw invalidOutputs(`master.m3u8 lists ${listed.join(", ") || "nothing"}; the renditions reported are ${names.join(", ")}`);
  }
  const needed = [...expected, "poster.jpg", "storyboard.jpg", "storyboard.vtt"];
  const found = await Promise.all(needed.map((name) => bucket.head(`${job.output_prefix}${name}`)));
  const absent = needed.filter((_, i) => !found[i]);
  if (absent.length > 0) throw invalidOutputs(`Missing: ${absent.join(", ")}`);

  const video = done.renditions.filter((r) => r.width > 0).sort((a, b) => b.height - a.height)[0];
  const [insert, update, published] = await db.batch([
    db
      .prepare(
        `INSERT INTO video_media (source_id, job_id, prefix, duration_seconds, width, height, renditions, poster, storyboard_image, storyboard_track)
         SELECT source_id, id, output_prefix, ?3, ?4, ?5, ?6, 'poster.jpg', 'storyboard.jpg', 'storyboard.vtt' FROM transcode_jobs
         WHERE id = ?1 AND lease_id = ?2 AND status = 'transcoding'
         ON CONFLICT (source_id) DO UPDATE SET job_id = excluded.job_id, prefix = excluded.prefix, duration_seconds = excluded.duration_seconds,
           width = excluded.width, height = excluded.height, renditions = excluded.renditions, created_at = ${NOW}`,
      )
      .bind(id, done.leaseId, done.durationSeconds, video?.width ?? 0, video?.height ?? 0, JSON.stringify(done.renditions)),
    db
      .prepare(
        `UPDATE transcode_jobs SET status = 'ready', progress = 100, updated_at = ${NOW}, finished_at = ${NOW}
         WHERE id = ?1 AND lease_id = ?2 AND status = 'transcoding' RETURNING *`,
      )
      .bind(id, done.leaseId),
    // A source that asked for it (a replay its event publishes by itself, migration 0046): its
    // draft video is published with its media, in the same transaction, lasting what the media lasts.
    db
      .prepare(
        `UPDATE videos SET publication_status = 'published', duration_seconds = ROUND(?3)
         WHERE publication_status = 'draft' AND source_id = (SELECT source_id FROM transcode_jobs WHERE id = ?1 AND lease_id = ?2 AND status = 'ready')
           AND EXISTS (SELECT 1 FROM video_sources s WHERE s.id = videos.source_id AND s.publish_when_ready = 1)
         RETURNING entry_id`,
      )
      .bind(id, done.leaseId, done.durationSeconds),
  ]);
  const updated = firstOf(jobRow, update);
  const publishedEntry = (published?.results[0] as { entry_id?: string } | undefined)?.entry_id ?? null;
  if (updated) return { applied: (insert?.meta.changes ?? 0) > 0, job: updated, published: publishedEntry };
  // Another completion (or a re-claim) won the race between the read above and the batch.
  const now = await jobById(db, id);
  if (now?.status === "ready" && now.lease_id === done.leaseId) return { applied: false, job: now, published: null };
  throw LEASE_LOST();
}

function invalidOutputs(detail: string): ApiError {
  return new ApiError(422, "OUTPUTS_INCOMPLETE", detail);
}

export const failBody = z.object({
  leaseId: z.string().min(1).max(100),
  reason: z.string().trim().min(1).max(2000),
  /** a passing problem (the network, the machine): queue it again while attempts remain */
  retry: z.boolean().default(false),
});

export async function failJob(db: D1Database, id: string, body: z.output<typeof failBody>): Promise<JobRow> {
  const row = await db
    .prepare(
      `UPDATE transcode_jobs SET status = CASE WHEN ?3 AND attempts < max_attempts THEN 'queued' ELSE 'failed' END,
         failure_reason = ?4, lease_id = NULL, lease_expires_at = NULL, updated_at = ${NOW},
         finished_at = CASE WHEN ?3 AND attempts < max_attempts THEN NULL ELSE ${NOW} END
       WHERE id = ?1 AND lease_id = ?2 AND status = 'transcoding' RETURNING *`,
    )
    .bind(id, body.leaseId, body.retry ? 1 : 0, body.reason)
    .all();
  const job = resultsOf(jobRow, row)[0];
  if (job) return job;
  if (!(await jobById(db, id))) throw JOB_NOT_FOUND();
  throw LEASE_LOST();
}

/**
 * Staff's 'Try again' for a failed job: the same source, still in R2, queued once more with
 * TRANSCODE_MAX_ATTEMPTS more attempts (the attempts so far and the last failure stay, so the
 * console says which attempt this is and why the last one failed). Only a failed job (409
 * JOB_NOT_FAILED otherwise, so a double click queues it once), and only while its source is
 * stored (409 SOURCE_GONE: uploading the file again is the way).
 */
export async function retryJob(db: D1Database, bucket: R2Bucket, sourceId: string): Promise<{ before: JobRow; after: JobRow }> {
  const [before, source] = await Promise.all([
    firstRow(jobRow, db.prepare("SELECT * FROM transcode_jobs WHERE source_id = ?1").bind(sourceId)),
    firstRow(sourceRow, db.prepare("SELECT * FROM video_sources WHERE id = ?1").bind(sourceId)),
  ]);
  if (!before || !source) throw JOB_NOT_FOUND();
  if (before.status !== "failed") throw new ApiError(409, "JOB_NOT_FAILED", "Only a failed transcode can be tried again");
  const recording = parseRecordingSource(source.recording);
  const stored = recording ? await recordingStored(bucket, recording) : (await bucket.head(source.object_key)) !== null;
  if (!stored) throw new ApiError(409, "SOURCE_GONE", "The uploaded file is no longer stored: upload it again as a new video");
  const row = await db
    .prepare(
      `UPDATE transcode_jobs SET status = 'queued', progress = 0, max_attempts = attempts + ?2, lease_owner = NULL, lease_id = NULL,
         lease_expires_at = NULL, updated_at = ${NOW}, finished_at = NULL
       WHERE id = ?1 AND status = 'failed' RETURNING *`,
    )
    .bind(before.id, TRANSCODE_MAX_ATTEMPTS)
    .all();
  const after = resultsOf(jobRow, row)[0];
  if (!after) throw new ApiError(409, "JOB_NOT_FAILED", "Only a failed transcode can be tried again");
  return { before, after };
}

/** An output file's name and type, or 400. */
export function allowedOutput(name: string, declaredType: string | undefined) {
  const file = outputFile(name);
  if (!file) throw new ApiError(400, "OUTPUT_NAME", "Not a file a transcode writes");
  const base = (declaredType ?? "").split(";")[0]?.trim().toLowerCase();
  if (base !== file.contentType.split(";")[0]) throw new ApiError(415, "OUTPUT_TYPE", `${name} is sent as ${file.contentType}`);
  return file;
}
