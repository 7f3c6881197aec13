import type { FieldProblem } from "./match-stats";

/**
 * The opponent's line-up as the operator types it: their players are in no squad of ours, so each
 * is a name and a shirt number. The screen keeps rows of text (blank ones allowed while typing);
 * what is saved is the rows with anything in them, checked here on both sides of the wire.
 */

export const MAX_STARTERS = 11;
export const MAX_OPPONENT_SUBS = 12;
export const MAX_NAME = 80;

export type LineupRole = "starting" | "subs";

/** A row on the screen: what was typed. */
export interface RowText {
  name: string;
  number: string;
}

/** A player as saved: `number` null when what was typed is no shirt number (the check then says so). */
export interface OpponentPlayer {
  name: string;
  number: number | null;
}
export interface OpponentLineupInput {
  starting: OpponentPlayer[];
  subs: OpponentPlayer[];
}

const blank = (row: RowText) => row.name.trim() === "" && row.number.trim() === "";

/** A typed shirt number: one or two digits, else null. */
export const shirtNumber = (text: string): number | null => (/^\d{1,2}$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * The rows with anything typed in them, as the saved line-up, and where each came from on the
 * screen (`at.starting[i]` is the screen row of saved starter i), so a problem the check or the
 * server names by saved index is shown beside the row the operator typed.
 */
export function compactRows(rows: Record<LineupRole, RowText[]>): { lineup: OpponentLineupInput; at: Record<LineupRole, number[]> } {
  const lineup: OpponentLineupInput = { starting: [], subs: [] };
  const at: Record<LineupRole, number[]> = { starting: [], subs: [] };
  for (const role of ["starting", "subs"] as const) {
    rows[role].forEach((row, i) => {
      if (blank(row)) return;
      lineup[role].push({ name: row.name.trim(), number: shirtNumber(row.number) });
      at[role].push(i);
    });
  }
  return { lineup, at };
}

/**
 * Every problem, by field (`starting.3.number`, `subs.0.name`, `starting`): a name on each row
 * (at most MAX_NAME characters), a shirt number from 1 to 99, each number once in the whole
 * line-up, at most 11 starters and MAX_OPPONENT_SUBS substitutes. An empty line-up is allowed: it
 * takes the line-up off the match centre.
 */
export function opponentLineupProblems(lineup: OpponentLineupInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (lineup.starting.length > MAX_STARTERS) problems.push({ field: "starting", detail: `At most ${MAX_STARTERS} starters (${lineup.starting.length} now)` });
  if (lineup.subs.length > MAX_OPPONENT_SUBS) problems.push({ field: "subs", detail: `At most ${MAX_OPPONENT_SUBS} substitutes (${lineup.subs.length} now)` });
  const seen = new Map<number, string>();
  for (const role of ["starting", "subs"] as const) {
    lineup[role].forEach((player, i) => {
      const name = player.name.trim();
      if (name === "") problems.push({ field: `${role}.${i}.name`, detail: "Enter the player's name" });
      else if (name.length > MAX_NAME) problems.push({ field: `${role}.${i}.name`, detail: `At most ${MAX_NAME} characters` });
      const n = player.number;
      if (n === null || !Number.isInteger(n) || n < 1 || n > 99) {
        problems.push({ field: `${role}.${i}.number`, detail: "A shirt number from 1 to 99" });
      } else if (seen.has(n)) {
        problems.push({ field: `${role}.${i}.number`, detail: `Number ${n} is already ${seen.get(n)}'s` });
      } else {
        seen.set(n, name || "another player");
      }
    });
  }
  return problems;
}

const SUBS_HEADING = /^(subs|substitutes|bench)\b[:\s]*$/i;

/**
 * A pasted team sheet, one player a line: '7 Jane Doe', '7. Jane Doe', '#7 Jane Doe' or
 * 'Jane Doe 7'. A line 'Subs' (or 'Substitutes', 'Bench') starts the bench; without one the first
 * eleven start and the rest are on the bench. A line without a number keeps its text as the name
 * and an empty number, for the operator to fill in.
 */
export function parsePastedLineup(text: string): Record<LineupRole, RowText[]> {
  const rows: Record<LineupRole, RowText[]> = { starting: [], subs: [] };
  let benchHeading = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "") continue;
    if (SUBS_HEADING.test(line)) {
      benchHeading = true;
      continue;
    }
    const front = /^#?(\d{1,2})[.):\s-]+(.+)$/.exec(line);
    const back = front ? null : /^(.+?)[\s,-]+#?(\d{1,2})$/.exec(line);
    const row: RowText = front ? { name: front[2]!.trim(), number: front[1]! } : back ? { name: back[1]!.trim(), number: back[2]! } : { name: line, number: "" };
    const role = benchHeading || rows.starting.length >= MAX_STARTERS ? "subs" : "starting";
    rows[role].push(row);
  }
  return rows;
}

/** The saved line-up as screen rows. */
export function rowsOf(lineup: OpponentLineupInput | null): Record<LineupRole, RowText[]> {
  const text = (p: OpponentPlayer): RowText => ({ name: p.name, number: p.number === null ? "" : String(p.number) });
  return { starting: (lineup?.starting ?? []).map(text), subs: (lineup?.subs ?? []).map(text) };
}
