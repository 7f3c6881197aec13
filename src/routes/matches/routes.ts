import { pageHandle } from "../../layouts/page-handle";
import { page } from "../lazy-page";
import type { PageRoute } from "../page-route";

const Matches = page("Matches", () => import("./Matches"));

/** Fixtures and results by team and season, and the match centre. */
export const matchesRoutes: PageRoute[] = [
  { path: "matches", page: Matches, handle: pageHandle("matches"), data: true },
  { path: "matches/:team", page: Matches, handle: pageHandle("matches"), data: true },
  { path: "matches/:team/:season", page: Matches, handle: pageHandle("matches"), data: true },
  { path: "match/:team?/:season?/:matchID?", page: page("MatchCentre", () => import("./MatchCentre")), handle: pageHandle("match-centre"), data: true },
];
