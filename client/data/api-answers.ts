import * as z from "zod/mini";
import { menuPageSchema, shellSchema } from "../../src/schemas/shell";
import { contentPageSchema, homeSchema } from "../../src/schemas/pages";
import { categorySchema, newsArticleSchema, newsPageSchema } from "../../src/schemas/news";
import { fixturesSchema, matchCentreSchema, playerProfileSchema, teamDetailSchema, teamSchema } from "../../src/schemas/teams";
import { faqGroupSchema, liveAssetSchema, packageSchema, videoCategorySchema, videoHomeSchema, videoSchema } from "../../src/schemas/videos";

/**
 * What each content API answer must look like, by SiteData method: the browser parses every answer
 * with these before a loader sees it (client/data/api-site-data.ts). The shared zod/mini schemas
 * are ~9 kB gzip: this module is loaded with the first client-side navigation's data, never by the
 * entry, so a first visit does not download it.
 */
export const answers = {
  shell: shellSchema,
  menu: z.array(menuPageSchema),
  home: homeSchema,
  news: newsPageSchema,
  newsArticle: newsArticleSchema,
  categories: z.array(categorySchema),
  category: categorySchema,
  teams: z.array(teamSchema),
  team: teamDetailSchema,
  fixtures: fixturesSchema,
  match: matchCentreSchema,
  player: playerProfileSchema,
  videoHome: videoHomeSchema,
  videoCategories: z.array(videoCategorySchema),
  videos: z.object({ items: z.array(videoSchema), total: z.int() }),
  video: videoSchema,
  faqs: z.array(faqGroupSchema),
  packages: z.array(packageSchema),
  liveAssets: z.array(liveAssetSchema),
  liveAsset: liveAssetSchema,
  defaultLiveAsset: liveAssetSchema,
  page: contentPageSchema,
};

export type Answers = typeof answers;

/** Checks one answer against its schema; on a mismatch, the issues on one line. */
export function parseAnswer<T>(schema: z.ZodMiniType<T>, body: unknown): { ok: true; value: T } | { ok: false; detail: string } {
  const result = z.safeParse(schema, body);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, detail: result.error.issues.map((i) => `${i.path.join(".") || "answer"}: ${i.message}`).join("; ") };
}
