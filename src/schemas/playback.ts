import * as z from "zod/mini";

/**
 * POST /api/playback's answer (worker/media/playback-routes.ts builds it with this type, the
 * player parses it with this schema): the master playlist's URL with a short-lived token.
 */
export const playbackGrantSchema = z.object({
  entryId: z.string(),
  url: z.string(),
  posterUrl: z.string(),
  token: z.string(),
  /** ISO 8601 UTC */
  expiresAt: z.string(),
  renewAfterSeconds: z.number(),
  /** where a signed-in viewer left this video (seconds), or null */
  resumeAt: z.nullable(z.number()),
  /** the video's chapters, earliest first: the player's seek buttons */
  chapters: z.array(z.object({ startSeconds: z.number(), title: z.string() })),
});
export type PlaybackGrant = z.infer<typeof playbackGrantSchema>;

export const playbackAnswerSchema = z.object({ data: z.object({ attributes: playbackGrantSchema }) });
export type PlaybackGrantAnswer = z.infer<typeof playbackAnswerSchema>;
