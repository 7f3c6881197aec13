import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { readerOf, type Reader } from "../viewer/reader";
import { menuPages, readShell } from "./shell";
import { readHome } from "./pages";
import { readFixtures, readMatch, readTeams, team } from "../teams/queries";
import { packages, readVideoHome, readVideos } from "../videos/queries";
import { ApiError } from "../http/api-error";
import { contentApiPaths as paths } from "../../src/data/content-api-paths";
import { paramPatterns } from "../../src/data/route-params";
import { isSeasonFilter, isTeamFilter } from "../../src/data/video-filter";
import { DURATION_FILTERS } from "../../src/domain/duration-filter";
import { preferencesFromCookies } from "../../src/app/viewer-preferences";

/**
 * The content API at /api/content: the reads the browser and the club's tools call themselves,
 * beside the pages: the shell and the drawer's menu tree, the landing pages' data, teams and
 * fixtures (the match feed's tools and the demo script find matches here), the video list (the
 * player's sidebar, spec §7's feed call) and the packages list. The same read functions as the
 * loaders, with the same reader; a page's own data comes with its route (worker/pages/route-data.ts).
 * `null` from a read is a 404 NOT_FOUND.
 */
export const contentApi = new Hono<AppEnv>();

const slug = z.string().regex(paramPatterns.slug);
const teamSlug = z.union([z.literal(""), slug]);
const season = z.string().regex(paramPatterns.season);
const pageNumber = z.coerce.number().int().min(0).max(10_000);
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

/** The input as the schema reads it, or a thrown 400 INVALID_INPUT naming every problem. */
function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const detail = result.error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; ");
  throw new ApiError(400, "INVALID_INPUT", detail);
}

/**
 * Runs one data call; null answers 404, anything else is the JSON body. The viewer's cookie
 * preferences (child-friendly mode, spoiler-free) shape the answer exactly as they shape the server's render.
 */
async function answer<T>(c: Context<AppEnv>, call: (reader: Reader) => Promise<T | null>) {
  const value = await call(readerOf(c.env, preferencesFromCookies(c.req.header("cookie"))));
  if (value === null) throw new ApiError(404, "NOT_FOUND", "Nothing by that name");
  return c.json(value);
}

contentApi.get(paths.shell, (c) => answer(c, readShell));
contentApi.get(paths.menu, (c) => answer(c, (r) => menuPages(r.env)));
contentApi.get(paths.home, (c) => answer(c, readHome));
contentApi.get(paths.teams, (c) => answer(c, readTeams));
contentApi.get(paths.team, (c) => {
  const teamParam = parse(teamSlug, c.req.query("team") ?? "");
  return answer(c, (r) => team(r.env.DB, teamParam));
});
contentApi.get(paths.fixtures, (c) => {
  const teamParam = parse(teamSlug, c.req.query("team") ?? "");
  const year = parse(season.optional(), c.req.query("season"));
  return answer(c, (r) => readFixtures(r, teamParam, year));
});
contentApi.get(paths.match, (c) => {
  const teamParam = parse(teamSlug, c.req.query("team") ?? "");
  const q = parse(matchQuery, { season: c.req.query("season"), id: c.req.query("id") });
  return answer(c, (r) => readMatch(r, teamParam, q.season, q.id));
});
contentApi.get(paths.videoHome, (c) => answer(c, readVideoHome));
contentApi.get(paths.videos, (c) => {
  const query = parse(videoQuery, c.req.query());
  return answer(c, (r) => readVideos(r, query));
});
contentApi.get(paths.packages, (c) => answer(c, (r) => packages(r.env.DB)));
