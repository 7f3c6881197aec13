import * as z from "zod/mini";
import { newsSummarySchema } from "./news";
import { matchSchema } from "./teams";
import { videoSchema } from "./videos";
import { menuPageSchema } from "./shell";
import { matchdaySchema } from "./matchday";

export const contentPageSchema = z.object({
  page: menuPageSchema,
  /** CMS HTML, sanitised before it is rendered */
  bodyHtml: z.string(),
  /** a generated artwork key or `media:{id}` (src/domain/media-ref.ts) */
  heroImageKey: z.nullable(z.string()),
  /** the library photo `heroImageKey` names, resolved by the worker */
  heroPhoto: z.nullable(z.object({ id: z.int(), version: z.int(), width: z.int(), alt: z.string() })),
  children: z.array(menuPageSchema),
  /** Set when the CMS page is a redirect (spec §2 'Route behaviour'). */
  redirect: z.nullable(z.object({ location: z.string(), status: z.int() })),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

export const homeSchema = z.object({
  headline: z.array(newsSummarySchema),
  latestNews: z.array(newsSummarySchema),
  nextMatch: z.nullable(matchSchema),
  lastResult: z.nullable(matchSchema),
  upcoming: z.array(matchSchema),
  videos: z.array(videoSchema),
  /** the matches the match-day takeover chooses from (src/domain/matchday-takeover.ts) */
  matchday: matchdaySchema,
});
export type Home = z.infer<typeof homeSchema>;
