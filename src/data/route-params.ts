import { notFound } from "./not-found";

/**
 * Route parameter rules, the one place they live: the route loaders check them here (a parameter
 * that fails its rule is a 404, spec §2, never a 500) and the content API (worker/content/api.ts)
 * builds its zod checks from the same patterns.
 */
export const paramPatterns = {
  slug: /^[a-z0-9][a-z0-9-]{0,120}$/,
  season: /^20\d\d-\d\d$/,
  year: /^(19|20)\d\d$/,
  monthOrDay: /^\d{1,2}$/,
  numericId: /^\d{1,9}$/,
  /** a listing's page number as the site writes it: 1 to 9999, no leading zero */
  page: /^[1-9]\d{0,3}$/,
  /** a video or live asset id of the streaming provider */
  entryId: /^[A-Za-z0-9_-]{1,64}$/,
} as const;
const rules = paramPatterns;

/** Content pages live at most five segments deep (spec §2 catch-all). */
export const MAX_PAGE_DEPTH = 5;
/** A content page's full path: one to MAX_PAGE_DEPTH slug-like segments. */
export const pagePathPattern = new RegExp(`^[a-z0-9-]+(/[a-z0-9-]+){0,${MAX_PAGE_DEPTH - 1}}$`);

function parse(rule: RegExp, value: string | undefined): string {
  return value !== undefined && rule.test(value) ? value : notFound();
}

export const params = {
  slug: (v: string | undefined) => parse(rules.slug, v),
  season: (v: string | undefined) => parse(rules.season, v),
  id: (v: string | undefined) => Number(parse(rules.numericId, v)),
  entryId: (v: string | undefined) => parse(rules.entryId, v),
  year: (v: string | undefined) => Number(parse(rules.year, v)),
  month: (v: string | undefined) => {
    const n = Number(parse(rules.monthOrDay, v));
    return n >= 1 && n <= 12 ? n : notFound();
  },
  day: (v: string | undefined) => {
    const n = Number(parse(rules.monthOrDay, v));
    return n >= 1 && n <= 31 ? n : notFound();
  },
  /** ?page=N, 1-based in the URL, 0-based in the data interface */
  page: (search: URLSearchParams) => {
    const raw = search.get("page");
    return raw === null ? 0 : Number(parse(rules.page, raw)) - 1;
  },
  isPage: (v: string) => rules.page.test(v),
  isSlug: (v: string) => rules.slug.test(v),
  isSeason: (v: string) => rules.season.test(v),
  isYear: (v: string) => rules.year.test(v),
  isNumber: (v: string) => rules.monthOrDay.test(v),
};

/** The first team's slug is empty; URLs name it 'first-team'. */
export const FIRST_TEAM_ALIAS = "first-team";
export function teamFromParam(v: string | undefined): string {
  if (v === undefined || v === FIRST_TEAM_ALIAS) return "";
  return params.slug(v);
}

/** Splits a splat ('a/b/c') into at most `max` valid slug segments, else 404. */
export function splatSegments(splat: string | undefined, max: number): string[] {
  const segments = (splat ?? "").split("/").filter((s) => s.length > 0);
  if (segments.length > max) notFound();
  return segments;
}
