/**
 * Every internal URL the pages link to, in one place so the route table and the links cannot drift.
 * The first team's slug is "" (spec §2); where a path needs a team segment before a season or a
 * match id, the first team is written as the alias "first-team" (the route table accepts it).
 */
import { FIRST_TEAM_ALIAS } from "../data/route-params";

function teamSegment(teamSlug: string): string {
  return teamSlug === "" ? FIRST_TEAM_ALIAS : teamSlug;
}

export function newsPath(slug: string): string {
  return `/news/${slug}`;
}

export function categoryPath(slug: string): string {
  return `/category/${slug}`;
}

export function teamPath(teamSlug: string): string {
  return `/teams/${teamSegment(teamSlug)}`;
}

export function playerPath(teamSlug: string, playerSlug: string): string {
  return teamSlug === "" ? `/players/${playerSlug}` : `/players/${teamSlug}/${playerSlug}`;
}

/** First team: '/matches' and '/matches/first-team/{season}'; others '/matches/{team}' and '/matches/{team}/{season}'. */
export function matchesPath(teamSlug: string, seasonSlug?: string): string {
  if (seasonSlug === undefined) return teamSlug === "" ? "/matches" : `/matches/${teamSlug}`;
  return `/matches/${teamSegment(teamSlug)}/${seasonSlug}`;
}

export function matchPath(teamSlug: string, seasonSlug: string, matchId: number): string {
  return `/match/${teamSegment(teamSlug)}/${seasonSlug}/${matchId}`;
}

export function videoPath(entryId: string): string {
  return `/videos/${entryId}`;
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
  const [base, query = ""] = path.split("?", 2) as [string, string?];
  const params = new URLSearchParams(query);
  const value = pageQueryValue(pageIndex);
  if (value === null) params.delete("page");
  else params.set("page", value);
  const text = params.toString();
  return text ? `${base}?${text}` : base;
}

/** All videos at '/videos/browse', one category at '/videos/channel/{slug}'; '?page=N' on either. */
export function videoBrowsePath(categorySlug?: string, pageIndex = 0): string {
  return withPage(categorySlug ? `/videos/channel/${categorySlug}` : "/videos/browse", pageIndex);
}

export function livePath(mediaType: string, assetId: string): string {
  return `/live/${mediaType}/${assetId}`;
}

/** Content pages carry their fullPath without leading slash. */
export function contentPath(fullPath: string): string {
  return `/${fullPath.replace(/^\/+|\/+$/g, "")}`;
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
