import type { LoaderFunctionArgs } from "react-router";
import type { Loaders, PageContext } from "../../../worker/pages/loader";
import { readHome } from "../../../worker/content/pages";
import { isPreseason, withoutPreseason } from "../../domain/preseason";
import { preseasonSeasons } from "../../../worker/teams/seasons";
import { takeoverOf, takeoverWindowOf } from "../../domain/matchday-takeover";
import { MatchdayTakeover } from "../../components/match/lazy-takeover";

/**
 * '/': headlines, latest news, matches and videos. In preseason (spec §4) the fixtures of that
 * season give way to the 'New fixtures coming soon' notice; results still show.
 */
/** The tag a headline or card shows: its first category's name (no link, so no slug). */
const firstCategory = (categories: { slug: string; name: string }[]) => categories.slice(0, 1).map((c) => ({ ...c, slug: "" }));

export async function homeLoader(_args: LoaderFunctionArgs, context: PageContext) {
  const [{ matchday, ...home }, preseasons] = await Promise.all([readHome(context), preseasonSeasons(context.env.DB)]);
  // The match-day takeover: chosen with this render's clock from data cached a
  // minute at most; only the chosen match travels with the page, without its report.
  const chosen = takeoverOf(matchday.candidates, takeoverWindowOf(matchday.settings), Date.now());
  const takeover = chosen && { stage: chosen.stage, streams: chosen.candidate.streams, match: { ...chosen.candidate.match, report: null } };
  if (takeover) await MatchdayTakeover.preload();
  const nextInPreseason = home.nextMatch !== null && isPreseason(home.nextMatch.seasonSlug, preseasons);
  const upcoming = withoutPreseason(home.upcoming, preseasons);
  return {
    ...home,
    // What the page does not show stays out of its data (it travels in every HTML of /): a summary
    // shows on the lead headline and the first (feature) news card only, no video's description;
    // a headline or card tags itself with its first category's name only; the headlines beside the lead
    // show neither image nor date; a video card links by id (no slugs); the result panel has no report.
    headline: home.headline.map((item, index) =>
      index === 0 ? { ...item, categories: firstCategory(item.categories) } : { ...item, summary: "", imageKey: "", publishedAt: "", categories: firstCategory(item.categories) },
    ),
    latestNews: home.latestNews.map((item, index) => ({ ...item, summary: index === 0 ? item.summary : "", categories: firstCategory(item.categories) })),
    videos: home.videos.map((video) => ({ ...video, description: "", categorySlug: "", teamSlug: null, seasonSlug: null })),
    lastResult: home.lastResult && { ...home.lastResult, report: null },
    nextMatch: nextInPreseason ? null : home.nextMatch,
    upcoming: upcoming.fixtures,
    preseason: upcoming.preseason || nextInPreseason,
    takeover,
  };
}

export const loaders = { home: homeLoader } satisfies Loaders;
