import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { searchVideoCatalogue } from "../videos/catalogue";
import { isSeasonFilter, isTeamFilter, teamSlugOf } from "../../src/data/video-filter";
import { VIDEO_SEARCH_PAGE_SIZE } from "../../src/domain/timings";

/**
 * GET /api/videos/search (mount at /api/videos/search, before the content API's /videos/:entryId):
 * spec §7 'video search (provider 1)'. Query parameters, all optional:
 *   category      a video category slug
 *   team          first-team | womens-first-team | b-team | u18
 *   season        the season's start year, 2020 to 2024
 *   durationMin, durationMax   seconds, inclusive
 *   title         words that must all appear in the title
 *   tags          comma-separated tags the video must all carry
 *   startDate     YYYY-MM-DD or an ISO date-time: the search starts there and goes back in
 *                 time (videos released at or before it); default now, so unreleased videos
 *                 never show
 *   page          0-based, pageSize 1 to 48 (default 12, spec §9)
 * The second provider's form (spec §7 'video search (provider 2)') is accepted beside it:
 *   query         free text, as title (words that must all appear in the title)
 *   sortby        releaseDate desc (the one order there is; any other is refused)
 *   pageIndex     0-based, as page
 * A parameter given in both forms (query and title, pageIndex and page) is 400 INVALID_INPUT.
 * Sorted by release date, newest first. 200 { items, total, page, pageSize }; any bad value
 * (or an unknown parameter) is 400 INVALID_INPUT.
 */
export const videoSearchRoutes = new Hono<AppEnv>();

/** An empty parameter means 'not given' (forms send every field). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
const seconds = z.coerce.number().int().min(0).max(1_000_000);
const tag = z.string().trim().min(1).max(40);

const querySchema = z
  .object({
    category: optional(z.string().regex(/^[a-z0-9][a-z0-9-]{0,120}$/)),
    team: optional(z.string().refine(isTeamFilter, "one of first-team, womens-first-team, b-team, u18")),
    season: optional(z.coerce.number().refine(isSeasonFilter, "a season from 2020 to 2024")),
    durationMin: optional(seconds),
    durationMax: optional(seconds),
    title: optional(z.string().max(200)),
    tags: optional(z.string().max(400).transform((list, ctx) => {
      const parsed = list.split(",").map((t) => tag.safeParse(t));
      const tags = parsed.flatMap((t) => (t.success ? [t.data] : []));
      if (tags.length !== parsed.length || tags.length > 10) {
        ctx.addIssue({ code: "custom", message: "up to 10 comma-separated tags of 1 to 40 characters" });
        return z.NEVER;
      }
      return tags;
    })),
    startDate: optional(z.union([z.iso.date(), z.iso.datetime({ offset: true })])),
    page: optional(z.coerce.number().int().min(0).max(10_000)),
    pageSize: optional(z.coerce.number().int().min(1).max(48)),
    // provider 2's names
    query: optional(z.string().max(200)),
    sortby: optional(z.string().regex(/^releaseDate desc$/i, "releaseDate desc")),
    pageIndex: optional(z.coerce.number().int().min(0).max(10_000)),
  })
  .strict()
  .refine((q) => q.query === undefined || q.title === undefined, { message: "give query or title, not both", path: ["query"] })
  .refine((q) => q.pageIndex === undefined || q.page === undefined, { message: "give pageIndex or page, not both", path: ["pageIndex"] })
  .refine((q) => q.durationMin === undefined || q.durationMax === undefined || q.durationMin <= q.durationMax, {
    message: "durationMin must not exceed durationMax",
    path: ["durationMin"],
  });

/** The stored release dates are UTC ISO strings; a bare date includes the whole of that day. */
function releasedBy(startDate: string | undefined): string {
  if (startDate === undefined) return new Date().toISOString();
  if (/^\d{4}-\d{2}-\d{2}$/.test(startDate)) return `${startDate}T23:59:59.999Z`;
  return new Date(startDate).toISOString();
}

videoSearchRoutes.get("/", async (c) => {
  const parsed = querySchema.safeParse(c.req.query());
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".") || "query"}: ${i.message}`).join("; ");
    throw new ApiError(400, "INVALID_INPUT", detail);
  }
  const q = parsed.data;
  const page = q.page ?? q.pageIndex ?? 0;
  const pageSize = q.pageSize ?? VIDEO_SEARCH_PAGE_SIZE;
  const result = await searchVideoCatalogue(c.env.DB, {
    category: q.category,
    teamSlug: q.team === undefined ? undefined : teamSlugOf(q.team),
    season: q.season,
    durationMin: q.durationMin,
    durationMax: q.durationMax,
    title: q.title ?? q.query,
    tags: q.tags,
    releasedBy: releasedBy(q.startDate),
    page,
    pageSize,
    order: "release",
  });
  return c.json({ ...result, page, pageSize });
});
