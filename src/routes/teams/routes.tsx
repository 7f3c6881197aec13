import { pageHandle } from "../../layouts/page-handle";
import { PlayerRouteSwitch } from "../../layouts/route-switch";
import { lazyPage, page } from "../lazy-page";
import type { PageRoute } from "../page-route";

const Team = page("Team", () => import("./Team"));
/** /players/{x} is a player or a team's squad. */
const PlayerOrSquad = lazyPage(["Player", "Team"], async () => {
  const [{ default: Player }, { default: Squad }] = await Promise.all([import("./Player"), import("./Team")]);
  return () => <PlayerRouteSwitch player={<Player />} squad={<Squad />} />;
});

/** The teams, a team's squad and a player (/players/{x} is a player or a squad). */
export const teamsRoutes: PageRoute[] = [
  { path: "teams", page: page("Teams", () => import("./Teams")), handle: pageHandle("teams"), data: true },
  { path: "teams/:team", page: Team, handle: pageHandle("team"), data: true },
  { path: "players", page: Team, handle: pageHandle("team"), data: true },
  { path: "players/*", page: PlayerOrSquad, handle: pageHandle("player-profile"), data: true },
];
