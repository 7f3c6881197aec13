import type { LoaderFunctionArgs } from "react-router";
import type { Loaders, PageContext } from "../../../worker/pages/loader";
import { player as playerProfile, readTeams, team } from "../../../worker/teams/queries";
import { found } from "../../data/not-found";
import { params, splatSegments, teamFromParam } from "../../data/route-params";

/** The teams and players family of spec §2: /teams, /teams/{team}, /players, /players/{team?}/{player?}. */

/** /teams: the teams shown on the teams page. */
export async function teamsLoader(_args: LoaderFunctionArgs, context: PageContext) {
  return { teams: (await readTeams(context)).filter((t) => t.showOnTeams) };
}

async function squad(context: PageContext, teamSlug: string) {
  return { kind: "squad" as const, ...found(await team(context.env.DB, teamSlug)) };
}

/** /teams/{team} and /players: a team's squad ('first-team' or nothing is the first team). */
export function squadLoader({ params: p }: LoaderFunctionArgs, context: PageContext) {
  return squad(context, teamFromParam(p.team));
}

/** /players/{player}, /players/{team}/{player}, or /players/{team}: a player, else that team's squad. */
export async function playersPathLoader({ params: p }: LoaderFunctionArgs, context: PageContext) {
  const [first, second] = splatSegments(p["*"], 2);
  if (first === undefined) return squad(context, "");
  if (second !== undefined) return { kind: "player" as const, ...found(await playerProfile(context.env.DB, teamFromParam(first), params.slug(second))) };
  // One segment: a first-team player, else a team's squad.
  const player = await playerProfile(context.env.DB, "", params.slug(first));
  if (player) return { kind: "player" as const, ...player };
  return squad(context, teamFromParam(first));
}

export const loaders = {
  teams: teamsLoader,
  "teams/:team": squadLoader,
  players: squadLoader,
  "players/*": playersPathLoader,
} satisfies Loaders;
