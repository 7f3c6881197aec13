import * as z from "zod/mini";
import { matchSchema } from "./teams";

/**
 * What the home page needs to choose its match-day takeover (src/domain/matchday-takeover.ts):
 * the matches near now, what the feed made of each, and the live streams tied to them. Part of the
 * home page's data (GET /api/content/home), so the worker's render and the browser's loader
 * choose from the same facts with their own clock.
 */
export const matchdayStreamSchema = z.object({
  /** the asset of /live/{mediaType}/{id} */
  id: z.string(),
  mediaType: z.enum(["audio", "video"]),
  /** who may play it (spec §4 lock rule) */
  entitlements: z.array(z.string()),
});
export type MatchdayStream = z.infer<typeof matchdayStreamSchema>;

export const matchdayCandidateSchema = z.object({
  match: matchSchema,
  /** from D1: 'live' once the feed's kick-off stands and until its full time */
  state: z.enum(["fixture", "live", "result"]),
  /** ISO 8601 UTC of the feed's standing full-time event; null when the feed did not finish it */
  fullTimeAt: z.nullable(z.string()),
  streams: z.array(matchdayStreamSchema),
});
export type MatchdayCandidate = z.infer<typeof matchdayCandidateSchema>;

export const matchdaySchema = z.object({
  /** the takeover window's settings rows as the club set them (unset: null; the rule applies the defaults) */
  settings: z.object({ before: z.nullable(z.string()), after: z.nullable(z.string()) }),
  candidates: z.array(matchdayCandidateSchema),
});
export type Matchday = z.infer<typeof matchdaySchema>;
