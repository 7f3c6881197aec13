import * as z from "zod/mini";

/**
 * GET /api/console/live (staff only; worker/console/console-routes.ts builds it with this type,
 * the console page parses it with this schema). Imported only by the console's own chunks.
 */
export const liveNowSchema = z.object({
  /** ISO 8601 UTC: when the counts were read */
  at: z.string(),
  totalViewers: z.number(),
  /** every active live stream, and any other stream somebody is still on, busiest first */
  streams: z.array(
    z.object({
      assetID: z.string(),
      title: z.string(),
      mediaType: z.string(),
      viewers: z.number(),
      devices: z.array(z.object({ device: z.string(), sessions: z.number() })),
    }),
  ),
  /** session checks refused at the concurrency limit, per minute, oldest first (ISO start of the minute) */
  refusals: z.array(z.object({ minute: z.string(), refusals: z.number() })),
  /** the match rooms supporters may be in now (live, or a fixture around its kick-off) */
  matchRooms: z.array(z.object({ matchID: z.number(), title: z.string(), kickoff: z.string(), supporters: z.number() })),
});
export type LiveNow = z.infer<typeof liveNowSchema>;

export const liveNowAnswerSchema = z.object({ data: z.object({ attributes: liveNowSchema }) });
export type LiveNowAnswer = z.infer<typeof liveNowAnswerSchema>;
