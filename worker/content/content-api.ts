import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { createD1SiteData } from "../data";
import type { SiteData } from "../../src/data/site-data";
import { apiError } from "../http/api-error";
import { contentApiPaths as paths } from "../../src/data/content-api-paths";
import { pagePathPattern, paramPatterns } from "../../src/data/route-params";
import { isSeasonFilter, isTeamFilter } from "../../src/data/video-filter";
import { DURATION_FILTERS } from "../../src/domain/duration-filter";
import { preferencesFromCookies } from "../../src/app/viewer-preferences";
import { LIVE_MEDIA_TYPES } from "../../src/domain/default-live-entry";

/**
 * JSON for the browser's loaders: one endpoint per SiteData method, same shapes as SSR gets
 * from D1. `null` from the data layer is a 404 NOT_FOUND.
 */
export const contentApi = new Hono<AppEnv>();

const slug = z.string().regex(paramPatterns.slug);
const teamSlug = z.union([z.literal(""), slug]);
const season = z.string().regex(paramPatterns.season);
const pageNumber = z.coerce.number().int().min(0).max(10_000);
const newsQuery = z.object({
  page: pageNumber.default(0),
  category: slug.optional(),
  year: z.coerce.number().int().min(1900).max(2100).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
  day: z.coerce.number().int().min(1).max(31).optional(),
});
const videoQuery = z.object({
  category: slug.optional(),
  page: pageNumber.optional(),
  pageSize: z.coerce.number().int().min(1).max(48).optional(),
  // the browse filters of spec §3 'Video filter' (src/data/video-filter.ts)
  team: z.string().refine(isTeamFilter).optional(),
  season: z.coerce.number().refine(isSeasonFilter).optional(),
  duration: z.enum(DURATION_FILTERS).optional(),
});
const matchQuery = z.object({ season: season.optional(), id: z.coerce.number().int().positive().optional() });
const pagePath = z.string().regex(pagePathPattern);
const entryId = z.string().regex(paramPatterns.entryId);
const faqScope = z.enum(["videos", "streamer"]);
const liveMediaType = z.enum(LIVE_MEDIA_TYPES);

type Parsed<T> = { ok: true; value: T } | { ok: false; response: Response };

function parse<T>(c: Context, schema: z.ZodType<T>, input: unknown): Parsed<T> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const detail = result.error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; ");
  return { ok: false, response: apiError(c, 400, "INVALID_INPUT", detail) };
}

/**
 * Runs one data call; null answers 404, anything else is the JSON body. The viewer's cookie
 * preferences (child-friendly mode, spoiler-free) shape the answer exactly as they shape the server's render.
 */
async function answer<T>(c: Context<AppEnv>, call: (data: SiteData) => Promise<T | null>) {
  const value = await call(createD1SiteData(c.env, preferencesFromCookies(c.req.header("cookie"))));
  if (value === null) return apiError(c, 404, "NOT_FOUND", "Nothing by that name");
  return c.json(value);
}

contentApi.get(paths.shell, (c) => answer(c, (d) => d.shell()));
contentApi.get(paths.menu, (c) => answer(c, (d) => d.menu()));
contentApi.get(paths.home, (c) => answer(c, (d) => d.home()));
contentApi.get(paths.news, (c) => {
  const q = parse(c, newsQuery, c.req.query());
  return q.ok ? answer(c, (d) => d.news(q.value)) : q.response;
});
contentApi.get(paths.newsArticle, (c) => {
  const s = parse(c, slug, c.req.param("slug"));
  return s.ok ? answer(c, (d) => d.newsArticle(s.value)) : s.response;
});
contentApi.get(paths.categories, (c) => answer(c, (d) => d.categories()));
contentApi.get(paths.category, (c) => {
  const s = parse(c, slug, c.req.param("slug"));
  return s.ok ? answer(c, (d) => d.category(s.value)) : s.response;
});
contentApi.get(paths.teams, (c) => answer(c, (d) => d.teams()));
contentApi.get(paths.team, (c) => {
  const t = parse(c, teamSlug, c.req.query("team") ?? "");
  return t.ok ? answer(c, (d) => d.team(t.value)) : t.response;
});
contentApi.get(paths.fixtures, (c) => {
  const t = parse(c, teamSlug, c.req.query("team") ?? "");
  const s = parse(c, season.optional(), c.req.query("season"));
  if (!t.ok) return t.response;
  if (!s.ok) return s.response;
  return answer(c, (d) => d.fixtures(t.value, s.value));
});
contentApi.get(paths.match, (c) => {
  const t = parse(c, teamSlug, c.req.query("team") ?? "");
  const q = parse(c, matchQuery, { season: c.req.query("season"), id: c.req.query("id") });
  if (!t.ok) return t.response;
  if (!q.ok) return q.response;
  return answer(c, (d) => d.match(t.value, q.value.season, q.value.id));
});
contentApi.get(paths.player, (c) => {
  const t = parse(c, teamSlug, c.req.query("team") ?? "");
  const p = parse(c, slug, c.req.param("slug"));
  if (!t.ok) return t.response;
  if (!p.ok) return p.response;
  return answer(c, (d) => d.player(t.value, p.value));
});
contentApi.get(paths.videoHome, (c) => answer(c, (d) => d.videoHome()));
contentApi.get(paths.videoCategories, (c) => answer(c, (d) => d.videoCategories()));
contentApi.get(paths.videos, (c) => {
  const q = parse(c, videoQuery, c.req.query());
  return q.ok ? answer(c, (d) => d.videos(q.value)) : q.response;
});
contentApi.get(paths.video, (c) => {
  const id = parse(c, entryId, c.req.param("entryId"));
  return id.ok ? answer(c, (d) => d.video(id.value)) : id.response;
});
contentApi.get(paths.faqs, (c) => {
  const s = parse(c, faqScope, c.req.query("scope") ?? "videos");
  return s.ok ? answer(c, (d) => d.faqs(s.value)) : s.response;
});
contentApi.get(paths.packages, (c) => answer(c, (d) => d.packages()));
contentApi.get(paths.liveAssets, (c) => answer(c, (d) => d.liveAssets()));
contentApi.get(paths.liveAsset, (c) => {
  const id = parse(c, entryId, c.req.param("id"));
  return id.ok ? answer(c, (d) => d.liveAsset(id.value)) : id.response;
});
contentApi.get(paths.defaultLiveAsset, (c) => {
  const type = parse(c, liveMediaType, c.req.param("mediaType"));
  return type.ok ? answer(c, (d) => d.defaultLiveAsset(type.value)) : type.response;
});
contentApi.get(paths.page, (c) => {
  const p = parse(c, pagePath, c.req.query("path"));
  return p.ok ? answer(c, (d) => d.page(p.value)) : p.response;
});
