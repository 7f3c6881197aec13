import type { MatchEvent, MatchSide } from "../schemas/match-live";

/**
 * The match statistics the operator types (/admin/matches/{id}/live) and the match centre prints:
 * counts for each side, stepped with +/-, and possession as a percentage. Stored as the rows of
 * `match_stats` (label, home, away; migrations/0036_league_table.sql) in STAT_ORDER, the labels the
 * demo seed already writes, so seeded and typed stats read alike. Cards are not typed: they are
 * counted from the match's events (cardsOf), which the operator already posts one by one.
 */

export const COUNT_KEYS = ["shots", "shotsOnTarget", "corners", "fouls", "offsides"] as const;
export type CountKey = (typeof COUNT_KEYS)[number];
export type StatKey = "possession" | CountKey;

export const STAT_LABELS: Record<StatKey, string> = {
  possession: "Possession (%)",
  shots: "Shots",
  shotsOnTarget: "Shots on target",
  corners: "Corners",
  fouls: "Fouls",
  offsides: "Offsides",
};
/** The order the rows are stored and printed in. */
export const STAT_ORDER: readonly StatKey[] = ["possession", ...COUNT_KEYS];

/** A count past this is a typing mistake (no side takes 100 corners). */
export const MAX_COUNT = 99;

export interface Pair {
  home: number;
  away: number;
}
export type MatchStatsInput = Record<StatKey, Pair>;

export const EMPTY_STATS: MatchStatsInput = {
  possession: { home: 50, away: 50 },
  shots: { home: 0, away: 0 },
  shotsOnTarget: { home: 0, away: 0 },
  corners: { home: 0, away: 0 },
  fouls: { home: 0, away: 0 },
  offsides: { home: 0, away: 0 },
};

export interface FieldProblem {
  field: string;
  detail: string;
}

const whole = (n: number, max: number) => Number.isInteger(n) && n >= 0 && n <= max;

/**
 * Every problem of a set of stats, by field (`shots.home`, `possession`): counts are whole numbers
 * from 0 to MAX_COUNT, shots on target never more than the side's shots, possession a whole
 * percentage for each side and home + away = 100.
 */
export function statsProblems(stats: MatchStatsInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const key of COUNT_KEYS) {
    for (const side of ["home", "away"] as const) {
      if (!whole(stats[key][side], MAX_COUNT)) problems.push({ field: `${key}.${side}`, detail: `A whole number from 0 to ${MAX_COUNT}` });
    }
  }
  for (const side of ["home", "away"] as const) {
    const onTarget = stats.shotsOnTarget[side];
    if (whole(onTarget, MAX_COUNT) && whole(stats.shots[side], MAX_COUNT) && onTarget > stats.shots[side]) {
      problems.push({ field: `shotsOnTarget.${side}`, detail: "No more than the side's shots" });
    }
  }
  const { home, away } = stats.possession;
  const homeOk = whole(home, 100);
  const awayOk = whole(away, 100);
  if (!homeOk) problems.push({ field: "possession.home", detail: "A whole percentage from 0 to 100" });
  if (!awayOk) problems.push({ field: "possession.away", detail: "A whole percentage from 0 to 100" });
  if (homeOk && awayOk && home + away !== 100) problems.push({ field: "possession", detail: `Home and away make 100% together (now ${home + away}%)` });
  return problems;
}

/**
 * One step of a stepper. Counts stay inside 0…MAX_COUNT; a shot on target is a shot too, so
 * stepping on target past the shots raises the shots, and stepping shots under on target lowers it.
 */
export function stepped(stats: MatchStatsInput, key: CountKey, side: MatchSide, delta: 1 | -1): MatchStatsInput {
  const value = Math.min(MAX_COUNT, Math.max(0, stats[key][side] + delta));
  const next: MatchStatsInput = { ...stats, [key]: { ...stats[key], [side]: value } };
  if (key === "shotsOnTarget" && value > next.shots[side]) next.shots = { ...next.shots, [side]: value };
  if (key === "shots" && value < next.shotsOnTarget[side]) next.shotsOnTarget = { ...next.shotsOnTarget, [side]: value };
  return next;
}

/** The typed possession of one side; the other side follows (100 − it) while the typed value is a valid percentage. */
export function withPossession(stats: MatchStatsInput, side: MatchSide, value: number): MatchStatsInput {
  if (!whole(value, 100)) return { ...stats, possession: { ...stats.possession, [side]: value } };
  return { ...stats, possession: side === "home" ? { home: value, away: 100 - value } : { home: 100 - value, away: value } };
}

/** The stored rows, in STAT_ORDER. */
export function statsRows(stats: MatchStatsInput): { label: string; home: number; away: number }[] {
  return STAT_ORDER.map((key) => ({ label: STAT_LABELS[key], home: stats[key].home, away: stats[key].away }));
}

/** The stored rows read back by label; a label not stored (offsides in the seed's rows) is 0, possession 50/50. */
export function statsFromRows(rows: readonly { label: string; home: number; away: number }[]): MatchStatsInput {
  const stats: MatchStatsInput = { ...EMPTY_STATS };
  for (const key of STAT_ORDER) {
    const row = rows.find((r) => r.label === STAT_LABELS[key]);
    if (row) stats[key] = { home: row.home, away: row.away };
  }
  return stats;
}

/**
 * The cards of each side from the events, withdrawn ones left out: a second yellow is a yellow
 * card and the red it brings, as a referee's notebook counts them.
 */
export function cardsOf(events: readonly MatchEvent[]): { yellow: Pair; red: Pair } {
  const cards = { yellow: { home: 0, away: 0 }, red: { home: 0, away: 0 } };
  for (const e of events) {
    if (e.withdrawn) continue;
    if (e.type === "yellow" || e.type === "second-yellow") cards.yellow[e.side] += 1;
    if (e.type === "red" || e.type === "second-yellow") cards.red[e.side] += 1;
  }
  return cards;
}

/** The match centre's rows: the typed stats, then the cards counted from the events where there are any. */
export function statsWithCards(rows: readonly { label: string; home: number; away: number }[], events: readonly MatchEvent[]): { label: string; home: number; away: number }[] {
  if (rows.length === 0) return [];
  const { yellow, red } = cardsOf(events);
  const counted = [
    { label: "Yellow cards", ...yellow },
    { label: "Red cards", ...red },
  ].filter((r) => r.home + r.away > 0 && !rows.some((s) => s.label === r.label));
  return [...rows, ...counted];
}
