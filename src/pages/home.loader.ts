import type { LoaderFunctionArgs } from "react-router";
import type { SiteData } from "../data/site-data";
import { isPreseason } from "../domain/preseason";

/**
 * '/': headlines, latest news, matches and videos. In preseason (spec §4) the fixtures of that
 * season give way to the 'New fixtures coming soon' notice; results still show.
 */
export async function homeLoader(_args: LoaderFunctionArgs, data: SiteData) {
  const home = await data.home();
  const preseason = home.upcoming.some((m) => isPreseason(m.seasonSlug)) || (home.nextMatch !== null && isPreseason(home.nextMatch.seasonSlug));
  return {
    ...home,
    nextMatch: home.nextMatch !== null && isPreseason(home.nextMatch.seasonSlug) ? null : home.nextMatch,
    upcoming: home.upcoming.filter((m) => !isPreseason(m.seasonSlug)),
    preseason,
  };
}
