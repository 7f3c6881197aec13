import type { LoaderFunctionArgs } from "react-router";
import type { Loaders, PageContext } from "../../../worker/pages/loader";
import { readFixtures, readMatch, readTeamList } from "../../../worker/teams/queries";
import { found, notFound } from "../../data/not-found";
import { params, teamFromParam } from "../../data/route-params";
import { isPreseason } from "../../domain/preseason";
import { preseasonSeasons } from "../../../worker/teams/seasons";
import { calendarLinks } from "../../domain/calendar-links";
import { isLive } from "../../domain/match-live";
import { LazyMatchVideo } from "../../components/match/lazy-match-video";
import { leagueTable } from "../../../worker/matches/league-table";
import { matchExtras } from "../../../worker/matches/match-extras";
import { spoilerFreeVideos } from "../../../worker/viewer/spoiler-free";

/** The matches family of spec §2: /matches, /matches/{team}, /matches/{team}/{season}, /match/{team?}/{season?}/{matchID?}. */

/**
 * Fixtures and results of a team's season. '/matches/2023-24' names a first-team season; any
 * other single segment names a team. In preseason (spec §4) the season's fixtures are not shown:
 * the page says 'New fixtures coming soon' where they would be; its results still show.
 */
export async function fixturesLoader({ params: p, request }: LoaderFunctionArgs, context: PageContext) {
  const { team, season } = p;
  const fixtures =
    team === undefined
      ? await readFixtures(context, "")
      : season === undefined && params.isSeason(team)
        ? await readFixtures(context, "", team)
        : await readFixtures(context, teamFromParam(team), season === undefined ? undefined : params.season(season));
  const result = found(fixtures);
  // The table is computed from results on each render (src/domain/standings.ts); spoiler-free
  // mode leaves it out, since points are results.
  const [preseasons, teamList, table] = await Promise.all([
    preseasonSeasons(context.env.DB),
    readTeamList(context),
    context.preferences.spoilerFree ? null : leagueTable(context.env.DB, result.team.slug, result.season.slug),
  ]);
  const preseason = isPreseason(result.season.slug, preseasons);
  return {
    ...result,
    // the teams the viewer's mode lists, for the team tabs (child-friendly mode lists fewer)
    listedTeams: teamList.listed.map((t) => ({ slug: t.slug })),
    familyHidden: teamList.hidden.filter((t) => t.showOnMatches).length,
    matches: preseason ? result.matches.filter((m) => m.status === "result") : result.matches,
    preseason,
    calendar: calendarLinks(request.url, result.team.slug),
    table,
    tableHidden: context.preferences.spoilerFree,
  };
}

/**
 * The match centre. Optional segments fill from the left: /match/123 means the first team's match 123.
 * A match in play is rendered for each request, never from the page cache (`pageCache: false`):
 * the first paint shows the state of that moment, and the socket carries it on from its seq.
 */
export async function matchCentreLoader({ params: p }: LoaderFunctionArgs, context: PageContext) {
  const parts = [p.team, p.season, p.matchID].filter((s): s is string => s !== undefined);
  const last = parts.at(-1);
  const matchId = last !== undefined && /^\d+$/.test(last) ? params.id(parts.pop()) : undefined;
  if (parts.length > 2) notFound();
  const [first, second] = parts;
  const season = second !== undefined ? params.season(second) : first !== undefined && params.isSeason(first) ? first : undefined;
  const team = second !== undefined || (first !== undefined && !params.isSeason(first)) ? teamFromParam(first) : "";
  const centre = found(await readMatch(context, team, season, matchId));
  // The live video's code comes only with a match that has a stream (and is ready before rendering).
  if (centre.stream) await LazyMatchVideo.preload();
  const inPlay = centre.live !== null && isLive(centre.live.phase);
  const spoilerFree = context.preferences.spoilerFree;
  const [{ extras, videos }, table] = await Promise.all([
    matchExtras(context.env.DB, centre.match.id),
    spoilerFree ? null : leagueTable(context.env.DB, centre.team.slug, centre.season.slug, centre.match.competition),
  ]);
  // Spoiler-free: form, meetings and the table are results, so they stay out of the page.
  const results = spoilerFree ? null : { form: extras.form, headToHead: extras.headToHead, table };
  // The moment the running minute was rendered: the server and the hydrating browser draw the
  // same minute from it, then the browser's clock takes over (src/domain/match-clock.ts). Only a
  // match in play has one, and its page is never cached.
  return {
    ...centre,
    opponentLineup: extras.opponentLineup,
    stats: extras.stats,
    results,
    videos: spoilerFree ? spoilerFreeVideos(videos) : videos,
    clockAt: inPlay ? Date.now() : null,
    pageCache: !inPlay,
  };
}

export const loaders = {
  matches: fixturesLoader,
  "matches/:team": fixturesLoader,
  "matches/:team/:season": fixturesLoader,
  "match/:team?/:season?/:matchID?": matchCentreLoader,
} satisfies Loaders;
