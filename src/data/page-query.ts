import type { PageQueryName } from "../layouts/page-handle";
import { params } from "./route-params";
import { videoFilterRules } from "./video-filter";

/**
 * The query a page is rendered for: of a URL's parameters, only those its route reads (the
 * route's handle, src/routes/routes.tsx), checked with the rules its loader applies (params.page,
 * parseVideoFilter). The page cache (worker/pages/page-cache.ts) keys on the result, so a parameter
 * no page reads, or a value no page accepts, can never make a new cache entry.
 */

/** The value as the key keeps it ('' leaves it out), or null when the loader refuses it (404). */
type QueryRule = (value: string) => string | null;

/** A filter's '' means 'any', the same page as without it. */
const filterRule =
  (valid: (value: string) => boolean): QueryRule =>
  (value) =>
    value === "" ? "" : valid(value) ? value : null;

const queryRules: Record<PageQueryName, QueryRule> = {
  page: (value) => (params.isPage(value) ? value : null),
  team: filterRule(videoFilterRules.team),
  season: filterRule(videoFilterRules.season),
  duration: filterRule(videoFilterRules.duration),
};

export interface PageQuery {
  /**
   * The parameters the route reads in its order, as a query string ('' when none): canonical when
   * valid ('' values of filters left out); as given when not, so the loader sees what it refuses.
   */
  search: string;
  /** false when a value breaks its rule: the loader answers 404, and nothing is stored */
  valid: boolean;
}

/** `names` is the route's list; a repeated parameter counts by its first value, as loaders read it. */
export function pageQueryOf(names: readonly PageQueryName[], search: URLSearchParams): PageQuery {
  const canonical = new URLSearchParams();
  const given = new URLSearchParams();
  let valid = true;
  for (const name of names) {
    const raw = search.get(name);
    if (raw === null) continue;
    given.set(name, raw);
    const value = queryRules[name](raw);
    if (value === null) valid = false;
    else if (value !== "") canonical.set(name, value);
  }
  return { search: (valid ? canonical : given).toString(), valid };
}
