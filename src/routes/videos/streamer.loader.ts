import type { LoaderFunctionArgs } from "react-router";
import type { Loaders, PageContext } from "../../../worker/pages/loader";
import { readFixtures } from "../../../worker/teams/queries";
import { faqs as faqGroups, readVideos } from "../../../worker/videos/queries";
import type { Match } from "../../schemas/teams";
import type { FaqGroup, Video } from "../../schemas/videos";
import { orLogged } from "../../data/or-logged";
import { withoutPreseason } from "../../domain/preseason";
import { preseasonSeasons } from "../../../worker/teams/seasons";
import { STREAMER_PLAYLIST_AMOUNT } from "../../domain/timings";

/** How many upcoming fixtures the streamer layout lists after the upcoming game. */
const UPCOMING_FIXTURES = 6;

/**
 * /streamer (spec §2 'Streamer layout'): the men's first team's upcoming fixtures (the first is
 * the Upcoming Game), the Replays playlist (10 full match replays, newest first) and the six
 * troubleshooting FAQs. A preseason season's fixtures give way to 'New fixtures coming soon'
 * (spec §4), as on the home page. A failing list is logged and shows its empty state (spec §8).
 */
export async function streamerLoader(_args: LoaderFunctionArgs, context: PageContext) {
  const [fixtures, replays, faqs, preseasons] = await Promise.all([
    orLogged("fixtures", readFixtures(context, ""), null),
    orLogged<{ items: Video[]; total: number }>("replays", readVideos(context, { category: "full-match-replays", page: 0, pageSize: STREAMER_PLAYLIST_AMOUNT }), { items: [], total: 0 }),
    orLogged<FaqGroup[]>("streamer faqs", faqGroups(context.env.DB, "streamer"), []),
    orLogged<string[]>("preseason seasons", preseasonSeasons(context.env.DB), []),
  ]);
  const scheduled: Match[] = (fixtures?.matches ?? []).filter((m) => m.status === "fixture").sort((a, b) => a.kickoff.localeCompare(b.kickoff));
  const { fixtures: upcoming, preseason } = withoutPreseason(scheduled, preseasons);
  return {
    teamName: fixtures?.team.name ?? "",
    upcoming: upcoming.slice(0, UPCOMING_FIXTURES + 1),
    preseason,
    replays: replays.items.slice(0, STREAMER_PLAYLIST_AMOUNT),
    questions: faqs.flatMap((g) => g.questions),
  };
}

export const loaders = { streamer: streamerLoader } satisfies Loaders;
