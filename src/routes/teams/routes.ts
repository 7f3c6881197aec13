import { pageHandle } from "../../layouts/page-handle";
import { pages } from "../lazy-pages";
import { loaderFrom, type PageRoute } from "../page-route";

const teams = () => import("./teams.loader");

/** The teams, a team's squad and a player (/players/{x} is a player or a squad). */
export const teamsRoutes: PageRoute[] = [
  { path: "teams", page: pages.Teams, handle: pageHandle("teams"), loader: loaderFrom(teams, "teamsLoader") },
  { path: "teams/:team", page: pages.Team, handle: pageHandle("team"), loader: loaderFrom(teams, "squadLoader") },
  { path: "players", page: pages.Team, handle: pageHandle("team"), loader: loaderFrom(teams, "squadLoader") },
  { path: "players/*", page: pages.PlayerOrSquad, handle: pageHandle("player-profile"), loader: loaderFrom(teams, "playersPathLoader") },
];
