import * as z from "zod/mini";

/**
 * A live event's recording and replays on its console page (/admin/live/{id},
 * /api/console/live-events/{id}/replay): what the worker answers and the page parses when it
 * polls a transcode's progress. Imported only by the console's own chunks and the worker.
 */
export const replayViewSchema = z.object({
  sourceId: z.string(),
  /** the catalogue video (null only if it was removed) */
  entryId: z.nullable(z.string()),
  title: z.nullable(z.string()),
  publicationStatus: z.nullable(z.enum(["draft", "published"])),
  /** published by itself once transcoded (the event's 'Publish the replay by itself') */
  publishWhenReady: z.boolean(),
  startSeconds: z.number(),
  endSeconds: z.number(),
  durationSeconds: z.number(),
  job: z.object({
    status: z.enum(["queued", "transcoding", "ready", "failed"]),
    progress: z.number(),
    failureReason: z.nullable(z.string()),
    attempts: z.number(),
    maxAttempts: z.number(),
  }),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type ReplayView = z.infer<typeof replayViewSchema>;

export const recordingViewSchema = z.object({
  lengthSeconds: z.number(),
  bytes: z.number(),
  runs: z.array(z.object({ run: z.number(), seconds: z.number(), segments: z.number() })),
});
export type RecordingView = z.infer<typeof recordingViewSchema>;

export const replayAnswerSchema = z.object({
  data: z.object({
    attributes: z.object({
      /** null: nothing recorded yet */
      recording: z.nullable(recordingViewSchema),
      replays: z.array(replayViewSchema),
    }),
  }),
});
export type ReplayAnswer = z.infer<typeof replayAnswerSchema>;
