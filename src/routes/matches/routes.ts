import { pageHandle } from "../../layouts/page-handle";
import { pages } from "../lazy-pages";
import { loaderFrom, type PageRoute } from "../page-route";

const matches = () => import("./matches.loader");

/** Fixtures and results by team and season, and the match centre. */
export const matchesRoutes: PageRoute[] = [
  { path: "matches", page: pages.Matches, handle: pageHandle("matches"), loader: loaderFrom(matches, "fixturesLoader") },
  { path: "matches/:team", page: pages.Matches, handle: pageHandle("matches"), loader: loaderFrom(matches, "fixturesLoader") },
  { path: "matches/:team/:season", page: pages.Matches, handle: pageHandle("matches"), loader: loaderFrom(matches, "fixturesLoader") },
  { path: "match/:team?/:season?/:matchID?", page: pages.MatchCentre, handle: pageHandle("match-centre"), loader: loaderFrom(matches, "matchCentreLoader") },
];
