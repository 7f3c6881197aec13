import type { Match } from "../../schemas/teams";
import { club } from "../../config/club";

export type Outcome = "W" | "D" | "L";

/** Result from the club's side; null while the match has no score. */
export function matchOutcome(match: Match): Outcome | null {
  if (match.status !== "result" || match.goalsFor === null || match.goalsAgainst === null) return null;
  if (match.goalsFor > match.goalsAgainst) return "W";
  if (match.goalsFor < match.goalsAgainst) return "L";
  return "D";
}

export const outcomeLabel: Record<Outcome, string> = { W: "Win", D: "Draw", L: "Loss" };

/**
 * Fallback names of the club's sides for lists that mix teams without carrying them (home page);
 * the same names the CMS gives the teams. The first team is printed without 'FC'.
 */
const sideNames: Record<string, string> = {
  "": club.name.replace(/ FC$/, ""),
  "womens-first-team": `${club.shortName} Women`,
  "b-team": `${club.shortName} B`,
  u18: `${club.shortName} U18`,
};

/** The club's side as printed on a fixture: the team's own name when known, else the fallback. */
export function clubSideName(teamSlug: string, teamName?: string): string {
  if (teamSlug === "") return sideNames[""] ?? club.name;
  return teamName || sideNames[teamSlug] || club.shortName;
}

export interface Side {
  name: string;
  /** for narrow screens */
  shortName: string;
  isClub: boolean;
  goals: number | null;
}

/** Home side first, as every scoreline is printed. */
export function sides(match: Match, teamName?: string): { home: Side; away: Side } {
  const name = clubSideName(match.teamSlug, teamName);
  const ours = { name, shortName: match.teamSlug === "" ? club.shortName : name, isClub: true, goals: match.goalsFor };
  const theirs = { name: match.opponent, shortName: match.opponentShort || match.opponent, isClub: false, goals: match.goalsAgainst };
  return match.isHome ? { home: ours, away: theirs } : { home: theirs, away: ours };
}
