import type { StandingRow } from "../domain/standings";

/**
 * The league table as the matches page, the match centre and /admin/table show it (built by
 * worker/matches/league-table.ts). Types only: the pages get it through their loaders.
 */
export interface LeagueTable {
  competition: string;
  /** the season's name: '2024/25' */
  season: string;
  /** the club's own team as the table names it (its row is marked) */
  club: string;
  rows: StandingRow[];
  deductions: { id: number; club: string; points: number; reason: string }[];
}

/** A match's extras in the match centre (worker/matches/match-extras.ts). */
export interface MatchExtras {
  /** the opponent's line-up where recorded, by name and number */
  opponentLineup: { starting: LineupName[]; subs: LineupName[] } | null;
  /** statistics in home/away order */
  stats: { label: string; home: number; away: number }[];
  /** the team's last five results before this match, oldest first */
  form: { id: number; opponent: string; goalsFor: number; goalsAgainst: number; isHome: boolean; kickoff: string }[];
  /** earlier meetings with this opponent, newest first (at most six) and the tally over all */
  headToHead: { meetings: { id: number; goalsFor: number; goalsAgainst: number; isHome: boolean; kickoff: string; competition: string }[]; won: number; drawn: number; lost: number };
}
export interface LineupName {
  name: string;
  number: number | null;
}
