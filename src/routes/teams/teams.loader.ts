import type { LoaderFunctionArgs } from "react-router";
import type { Loaders, PageContext } from "../../../worker/pages/loader";
import { player as playerProfile, readTeamList, team } from "../../../worker/teams/queries";
import { found } from "../../data/not-found";
import { params, splatSegments, teamFromParam } from "../../data/route-params";

/** The teams and players family of spec §2: /teams, /teams/{team}, /players, /players/{team?}/{player?}. */

/** /teams: the teams shown on the teams page, and how many of them family mode hides. */
export async function teamsLoader(_args: LoaderFunctionArgs, context: PageContext) {
  const { listed, hidden } = await readTeamList(context);
  return { teams: listed.filter((t) => t.showOnTeams), familyHidden: hidden.filter((t) => t.showOnTeams).length };
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
