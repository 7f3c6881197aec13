/**
 * Every internal URL the pages link to, in one place so the route table and the links cannot drift.
 * The first team's slug is "" (spec §2); where a path needs a team segment before a season or a
 * match id, the first team is written as the alias "first-team" (the route table accepts it).
 */
import { FIRST_TEAM_ALIAS, paramPatterns, pagePathPattern } from "../data/route-params";
import { buildPath, PathBuildError, splitQuery, type PathValue } from "../domain/path-builder";

/**
 * Each parameter's rule, the loaders' own (src/data/route-params.ts): a link is built only to a
 * path its route accepts, and building one that is not fails (spec §8, src/domain/path-builder.ts).
 */
const PATH_RULES = {
  slug: paramPatterns.slug,
  team: paramPatterns.slug, // FIRST_TEAM_ALIAS is a slug too
  season: paramPatterns.season,
  matchId: paramPatterns.numericId,
  entryId: paramPatterns.entryId,
  mediaType: /^(audio|video)$/,
  /** one segment of a content page's full path */
  segment: /^[a-z0-9-]+$/,
} as const;

function build(pattern: string, values: Readonly<Record<string, PathValue>> = {}): string {
  return buildPath(pattern, values, PATH_RULES);
}

function teamSegment(teamSlug: string): string {
  return teamSlug === "" ? FIRST_TEAM_ALIAS : teamSlug;
}

export function newsPath(slug: string): string {
  return build("/news/:slug", { slug });
}

export function categoryPath(slug: string): string {
  return build("/category/:slug", { slug });
}

/** The news feed (Atom): every article, or one category's (worker/seo/news-feed.ts). */
export function newsFeedPath(categorySlug?: string): string {
  return categorySlug === undefined ? build("/news/feed.xml") : build("/category/:slug/feed.xml", { slug: categorySlug });
}

export function teamPath(teamSlug: string): string {
  return build("/teams/:team", { team: teamSegment(teamSlug) });
}

export function playerPath(teamSlug: string, playerSlug: string): string {
  return teamSlug === "" ? build("/players/:slug", { slug: playerSlug }) : build("/players/:team/:slug", { team: teamSlug, slug: playerSlug });
}

/** First team: '/matches' and '/matches/first-team/{season}'; others '/matches/{team}' and '/matches/{team}/{season}'. */
export function matchesPath(teamSlug: string, seasonSlug?: string): string {
  if (seasonSlug === undefined) return teamSlug === "" ? build("/matches") : build("/matches/:team", { team: teamSlug });
  return build("/matches/:team/:season", { team: teamSegment(teamSlug), season: seasonSlug });
}

export function matchPath(teamSlug: string, seasonSlug: string, matchId: number): string {
  return build("/match/:team/:season/:matchId", { team: teamSegment(teamSlug), season: seasonSlug, matchId });
}

export function videoPath(entryId: string): string {
  return build("/videos/:entryId", { entryId });
}

/**
 * Listing pages carry a zero-based page index in their data (NewsQuery.page) and a one-based
 * '?page=N' in the URL, so the first page has no query at all. Loaders read it back with params.page (src/data/route-params).
 */
export function pageQueryValue(pageIndex: number): string | null {
  return pageIndex > 0 ? String(pageIndex + 1) : null;
}

/** Adds or replaces '?page=N' on a listing path (which may already carry a query). */
export function withPage(path: string, pageIndex: number): string {
  const { base, query } = splitQuery(path);
  const params = new URLSearchParams(query);
  const value = pageQueryValue(pageIndex);
  if (value === null) params.delete("page");
  else params.set("page", value);
  const text = params.toString();
  return text ? `${base}?${text}` : base;
}

/** All videos at '/videos/browse', one category at '/videos/channel/{slug}'; '?page=N' on either. */
export function videoBrowsePath(categorySlug?: string, pageIndex = 0): string {
  return withPage(categorySlug ? build("/videos/channel/:slug", { slug: categorySlug }) : build("/videos/browse"), pageIndex);
}

export function livePath(mediaType: string, assetId: string): string {
  return build("/live/:mediaType/:entryId", { mediaType, entryId: assetId });
}

/** Content pages carry their fullPath without leading slash (one to MAX_PAGE_DEPTH segments). */
export function contentPath(fullPath: string): string {
  const trimmed = fullPath.replace(/^\/+|\/+$/g, "");
  // deeper than the catch-all route takes, or a segment it would refuse: not a page's path
  if (!pagePathPattern.test(trimmed)) throw new PathBuildError("INVALID_PARAMETER", "segment", "/:segment+");
  return build("/:segment+", { segment: trimmed.split("/") });
}

/** Opponent crests are served as /images/{w}x{h}/opponent-{slug}.svg. */
export function opponentSlug(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The pages the site links to by name, without parameters: built once, through the same rules. */
export const sitePaths = {
  news: build("/news"),
  ticketNews: categoryPath("tickets"),
  teams: build("/teams"),
  matches: build("/matches"),
  videos: build("/videos"),
  subscriptions: build("/videos/subscriptions"),
  live: build("/live"),
  hospitality: contentPath("hospitality"),
  contactUs: contentPath("club-information/contact-us"),
  companyDetails: contentPath("club-information/company-details"),
  cookiePolicy: contentPath("cookie-policy"),
  privacyPolicy: contentPath("website-privacy-policy"),
  termsOfUse: contentPath("terms-of-use"),
} as const;
