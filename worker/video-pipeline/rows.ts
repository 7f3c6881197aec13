import { z } from "zod";
import { rowSchema } from "../db/rows";
import { VIDEO_TYPES } from "../../src/domain/video-upload";
import { AUDIO_RENDITION, VIDEO_RENDITIONS } from "../../src/domain/video-ladder";

/** The pipeline's rows (migrations/0026_video_pipeline.sql), read through zod. */
export const sourceRow = rowSchema("video_sources", {
  id: z.string(),
  object_key: z.string(),
  file_name: z.string(),
  content_type: z.enum(VIDEO_TYPES),
  bytes: z.number(),
  uploaded_by: z.string(),
  uploaded_at: z.string(),
  /** a live event's recording (recording-source.ts); null: an uploaded file */
  recording_event_id: z.string().nullable(),
  recording: z.string().nullable(),
  publish_when_ready: z.number(),
});
export type SourceRow = z.output<typeof sourceRow>;

export const JOB_STATUSES = ["queued", "transcoding", "ready", "failed"] as const;
export const jobRow = rowSchema("transcode_jobs", {
  id: z.string(),
  source_id: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: z.number(),
  attempts: z.number(),
  max_attempts: z.number(),
  lease_owner: z.string().nullable(),
  lease_id: z.string().nullable(),
  lease_expires_at: z.number().nullable(),
  failure_reason: z.string().nullable(),
  output_prefix: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});
export type JobRow = z.output<typeof jobRow>;

export const renditionSchema = z.object({
  name: z.enum([...VIDEO_RENDITIONS, AUDIO_RENDITION]),
  width: z.number().int().min(0).max(7680),
  height: z.number().int().min(0).max(4320),
  bandwidth: z.number().int().positive().max(100_000_000),
  codecs: z.string().regex(/^[A-Za-z0-9.,]{1,100}$/),
});

export const mediaRow = rowSchema("video_media", {
  source_id: z.string(),
  job_id: z.string(),
  prefix: z.string(),
  duration_seconds: z.number(),
  width: z.number(),
  height: z.number(),
  renditions: z.string().transform((text) => z.array(renditionSchema).parse(JSON.parse(text))),
  poster: z.string(),
  storyboard_image: z.string(),
  storyboard_track: z.string(),
  created_at: z.string(),
});
export type MediaRow = z.output<typeof mediaRow>;

/** What the console and the transcoder are told of a job (no lease id: only its holder knows it). */
export function jobAnswer(job: JobRow) {
  return {
    id: job.id,
    sourceId: job.source_id,
    status: job.status,
    progress: job.progress,
    attempts: job.attempts,
    maxAttempts: job.max_attempts,
    failureReason: job.failure_reason,
    leaseExpiresAt: job.lease_expires_at,
    createdAt: job.created_at,
    finishedAt: job.finished_at,
  };
}
