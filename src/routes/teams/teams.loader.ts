import type { LoaderFunctionArgs } from "react-router";
import type { SiteData } from "../../data/site-data";
import { found } from "../../data/not-found";
import { params, splatSegments, teamFromParam } from "../../data/route-params";

/** The teams and players family of spec §2: /teams, /teams/{team}, /players, /players/{team?}/{player?}. */

/** /teams: the teams shown on the teams page. */
export async function teamsLoader(_args: LoaderFunctionArgs, data: SiteData) {
  return { teams: (await data.teams()).filter((t) => t.showOnTeams) };
}

async function squad(data: SiteData, teamSlug: string) {
  return { kind: "squad" as const, ...found(await data.team(teamSlug)) };
}

/** /teams/{team} and /players: a team's squad ('first-team' or nothing is the first team). */
export function squadLoader({ params: p }: LoaderFunctionArgs, data: SiteData) {
  return squad(data, teamFromParam(p.team));
}

/** /players/{player}, /players/{team}/{player}, or /players/{team}: a player, else that team's squad. */
export async function playersPathLoader({ params: p }: LoaderFunctionArgs, data: SiteData) {
  const [first, second] = splatSegments(p["*"], 2);
  if (first === undefined) return squad(data, "");
  if (second !== undefined) return { kind: "player" as const, ...found(await data.player(teamFromParam(first), params.slug(second))) };
  // One segment: a first-team player, else a team's squad.
  const player = await data.player("", params.slug(first));
  if (player) return { kind: "player" as const, ...player };
  return squad(data, teamFromParam(first));
}
