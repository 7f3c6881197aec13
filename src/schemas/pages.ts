import { z } from "zod";
import { newsSummarySchema } from "./news";
import { matchSchema } from "./teams";
import { videoSchema } from "./videos";
import { menuPageSchema } from "./shell";

export const contentPageSchema = z.object({
  page: menuPageSchema,
  /** CMS HTML, sanitised before it is rendered */
  bodyHtml: z.string(),
  heroImageKey: z.string().nullable(),
  children: z.array(menuPageSchema),
  /** Set when the CMS page is a redirect (spec §2 'Route behaviour'). */
  redirect: z.object({ location: z.string(), status: z.number().int() }).nullable(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

export const homeSchema = z.object({
  headline: z.array(newsSummarySchema),
  latestNews: z.array(newsSummarySchema),
  nextMatch: matchSchema.nullable(),
  lastResult: matchSchema.nullable(),
  upcoming: z.array(matchSchema),
  videos: z.array(videoSchema),
});
export type Home = z.infer<typeof homeSchema>;
