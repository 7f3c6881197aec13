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

/** The club's side as printed on fixtures: "Northbridge Rovers", or the team's own name for other teams. */
export function clubSideName(teamName?: string): string {
  return teamName && teamName.length > 0 ? teamName : club.name.replace(/ FC$/, "");
}

/** Home side first, as every scoreline is printed. */
export function sides(match: Match, teamName?: string): { home: { name: string; isClub: boolean; goals: number | null }; away: { name: string; isClub: boolean; goals: number | null } } {
  const ours = { name: clubSideName(teamName), isClub: true, goals: match.goalsFor };
  const theirs = { name: match.opponent, isClub: false, goals: match.goalsAgainst };
  return match.isHome ? { home: ours, away: theirs } : { home: theirs, away: ours };
}
