/**
 * The league table: standings computed from results, never stored, so a result written at full
 * time (or typed in the console) is in the table on the next request. Pure, so the worker, the
 * tests and any later client agree on one ordering.
 */

export type FormLetter = "W" | "D" | "L";

/** One result as the table counts it: the clubs by name, the score in home/away order. */
export interface TableResult {
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
  /** when it was played (ISO 8601 or YYYY-MM-DD): orders the form, nothing else */
  playedOn: string;
}

/** Points taken off a club by the league, with the reason the table prints beneath it. */
export interface TableDeduction {
  club: string;
  points: number;
  reason: string;
}

export interface StandingRow {
  position: number;
  club: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  goalDifference: number;
  /** after deductions: may be negative early in a season */
  points: number;
  /** the points deducted, 0 for none */
  deducted: number;
  /** the last five results, oldest first */
  form: FormLetter[];
}

export const POINTS = { win: 3, draw: 1, loss: 0 } as const;
export const FORM_LENGTH = 5;

/** W, D or L for one side of a score. */
export function outcomeOf(goalsFor: number, goalsAgainst: number): FormLetter {
  return goalsFor > goalsAgainst ? "W" : goalsFor < goalsAgainst ? "L" : "D";
}

/** The last `length` outcomes of a list already in played order, oldest first. */
export function lastForm(outcomes: readonly FormLetter[], length: number = FORM_LENGTH): FormLetter[] {
  return outcomes.slice(Math.max(0, outcomes.length - length));
}

/**
 * Ranking rule: points, then goal difference, then goals scored, then the club's name (A to Z).
 * Clubs level on all three share no position: the name only makes the order stable, as leagues
 * print it before a play-off or head-to-head decides.
 */
export function compareStandings(a: StandingRow, b: StandingRow): number {
  return b.points - a.points || b.goalDifference - a.goalDifference || b.goalsFor - a.goalsFor || a.club.localeCompare(b.club, "en");
}

/**
 * The table of a competition's season. `clubs` lists every club in it (so one that has not played
 * yet still has its row); a club named only by a result or a deduction is added too.
 */
export function standings(clubs: readonly string[], results: readonly TableResult[], deductions: readonly TableDeduction[] = []): StandingRow[] {
  const rows = new Map<string, StandingRow>();
  const outcomes = new Map<string, FormLetter[]>();
  const rowOf = (club: string): StandingRow => {
    let row = rows.get(club);
    if (!row) {
      row = { position: 0, club, played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, goalDifference: 0, points: 0, deducted: 0, form: [] };
      rows.set(club, row);
      outcomes.set(club, []);
    }
    return row;
  };
  for (const club of clubs) rowOf(club);
  // Played order for the form; a stable sort keeps same-day results in the order given.
  const ordered = [...results].sort((a, b) => (a.playedOn < b.playedOn ? -1 : a.playedOn > b.playedOn ? 1 : 0));
  for (const r of ordered) {
    count(rowOf(r.home), outcomes.get(r.home)!, r.homeGoals, r.awayGoals);
    count(rowOf(r.away), outcomes.get(r.away)!, r.awayGoals, r.homeGoals);
  }
  for (const d of deductions) {
    const row = rowOf(d.club);
    row.deducted += d.points;
  }
  const table = [...rows.values()].map((row) => ({
    ...row,
    goalDifference: row.goalsFor - row.goalsAgainst,
    points: row.won * POINTS.win + row.drawn * POINTS.draw - row.deducted,
    form: lastForm(outcomes.get(row.club)!),
  }));
  return table.sort(compareStandings).map((row, i) => ({ ...row, position: i + 1 }));
}

function count(row: StandingRow, form: FormLetter[], goalsFor: number, goalsAgainst: number) {
  const outcome = outcomeOf(goalsFor, goalsAgainst);
  row.played += 1;
  row.goalsFor += goalsFor;
  row.goalsAgainst += goalsAgainst;
  if (outcome === "W") row.won += 1;
  else if (outcome === "D") row.drawn += 1;
  else row.lost += 1;
  form.push(outcome);
}

/** Head-to-head against one opponent, from the club's side: the meetings' tally. */
export function headToHead(results: readonly { goalsFor: number; goalsAgainst: number }[]): { won: number; drawn: number; lost: number } {
  const tally = { won: 0, drawn: 0, lost: 0 };
  for (const r of results) {
    const o = outcomeOf(r.goalsFor, r.goalsAgainst);
    if (o === "W") tally.won += 1;
    else if (o === "D") tally.drawn += 1;
    else tally.lost += 1;
  }
  return tally;
}

/** What a console entry may hold: a score of 0 to 99 each, two different clubs. */
export function resultProblems(input: { home: string; away: string; homeGoals: number; awayGoals: number }, clubs: readonly string[]): { field: string; detail: string }[] {
  const problems: { field: string; detail: string }[] = [];
  const known = new Set(clubs);
  if (!known.has(input.home)) problems.push({ field: "home", detail: "Choose a club in this competition" });
  if (!known.has(input.away)) problems.push({ field: "away", detail: "Choose a club in this competition" });
  else if (input.home === input.away) problems.push({ field: "away", detail: "A club cannot play itself" });
  return problems;
}

/** The line printed under the table for each deduction. */
export function deductionNote(d: TableDeduction): string {
  return `${d.club}: ${d.points} ${d.points === 1 ? "point" : "points"} deducted (${d.reason})`;
}
