import { z } from "zod";
import { ApiError } from "../http/api-error";
import { invalidateCache } from "../cache/kv-cache";
import { resultsOf, rowSchema } from "../db/rows";
import { isStaleClaim } from "../db/write-version";
import { matchRoom } from "./match-rooms";
import { statsFromRows, statsRows, type MatchStatsInput } from "../../src/domain/match-stats";
import type { OpponentLineupInput } from "../../src/domain/opponent-lineup";
import type { LiveExtras } from "../../src/schemas/match-live";

/**
 * The console's writes of a match's extras (tables of migrations/0036_league_table.sql): the
 * opponent's line-up and the statistics, each saved as a whole under its own version per match
 * (`match_extras_versions`, migrations/0047_match_extras_birthdates.sql). A save's batch claims the
 * version it was given first: when another save came in between, the claim breaks the CHECK, D1
 * rolls the whole batch back and the operator gets 409, so two operators never each overwrite half.
 * After a save the content cache is retired (the match centre's pages) and the match's room is
 * told, so open match centres show it at once (durable-objects/MatchRoom.ts, setExtras).
 */

export type ExtrasKind = "lineup" | "stats";
const COLUMN: Record<ExtrasKind, string> = { lineup: "lineup_version", stats: "stats_version" };

export interface DeskExtras {
  opponentLineup: OpponentLineupInput | null;
  lineupVersion: number;
  stats: MatchStatsInput;
  /** whether any stats are stored (else `stats` is the empty form) */
  statsRecorded: boolean;
  statsVersion: number;
}

const lineupRow = rowSchema("match_opponent_lineups", { role: z.enum(["starting", "sub"]), name: z.string(), number: z.number().nullable() });
const statRow = rowSchema("match_stats", { label: z.string(), home: z.number(), away: z.number() });
const versionRow = rowSchema("match_extras_versions", { lineup_version: z.number(), stats_version: z.number() });

/** What the operator's screen starts from: both sets and their versions, in one batch. */
export async function deskExtras(db: D1Database, matchID: number): Promise<DeskExtras> {
  const [lineup, stats, versions] = await db.batch([
    db.prepare("SELECT role, name, number FROM match_opponent_lineups WHERE match_id = ?1 ORDER BY role DESC, position").bind(matchID),
    db.prepare("SELECT label, home, away FROM match_stats WHERE match_id = ?1 ORDER BY position").bind(matchID),
    db.prepare("SELECT lineup_version, stats_version FROM match_extras_versions WHERE match_id = ?1").bind(matchID),
  ]);
  const names = resultsOf(lineupRow, lineup);
  const rows = resultsOf(statRow, stats);
  const version = resultsOf(versionRow, versions)[0];
  const player = ({ name, number }: { name: string; number: number | null }) => ({ name, number });
  return {
    opponentLineup: names.length === 0 ? null : { starting: names.filter((n) => n.role === "starting").map(player), subs: names.filter((n) => n.role === "sub").map(player) },
    lineupVersion: version?.lineup_version ?? 0,
    stats: statsFromRows(rows),
    statsRecorded: rows.length > 0,
    statsVersion: version?.stats_version ?? 0,
  };
}

/** The extras as the match centre shows them (the same shape match-extras.ts reads for the page). */
export const liveExtrasOf = (desk: DeskExtras): LiveExtras => ({
  opponentLineup: desk.opponentLineup,
  stats: desk.statsRecorded ? statsRows(desk.stats) : [],
});

const changed: Record<ExtrasKind, () => ApiError> = {
  lineup: () => new ApiError(409, "LINEUP_CHANGED", "Someone saved this line-up since you opened it: reload it and try again"),
  stats: () => new ApiError(409, "STATS_CHANGED", "Someone saved these stats since you opened them: reload the page to see theirs, then save again"),
};

/** Claims `version` of one set in the save's batch: the first two statements of every save. */
function claim(db: D1Database, matchID: number, kind: ExtrasKind, version: number): D1PreparedStatement[] {
  const column = COLUMN[kind];
  return [
    db.prepare("INSERT INTO match_extras_versions (match_id) VALUES (?1) ON CONFLICT (match_id) DO NOTHING").bind(matchID),
    db.prepare(`UPDATE match_extras_versions SET ${column} = CASE WHEN ${column} = ?2 THEN ${column} + 1 ELSE -1 END WHERE match_id = ?1`).bind(matchID, version),
  ];
}

async function saved(env: Env, matchID: number, kind: ExtrasKind, version: number, writes: D1PreparedStatement[]): Promise<{ before: DeskExtras; after: DeskExtras }> {
  const before = await deskExtras(env.DB, matchID);
  // Read first, so a stale form is refused before the batch; the claim still decides a race.
  if ((kind === "lineup" ? before.lineupVersion : before.statsVersion) !== version) throw changed[kind]();
  try {
    await env.DB.batch([...claim(env.DB, matchID, kind, version), ...writes]);
  } catch (error) {
    if (isStaleClaim(error)) throw changed[kind]();
    throw error;
  }
  const after = await deskExtras(env.DB, matchID);
  await invalidateCache(env);
  await matchRoom(env, matchID).setExtras(matchID, liveExtrasOf(after));
  return { before, after };
}

/** The opponent's line-up, already checked (opponentLineupProblems), replacing the one stored. */
export function saveOpponentLineup(env: Env, matchID: number, version: number, lineup: OpponentLineupInput) {
  const rows = [
    ...lineup.starting.map((p, i) => ({ ...p, role: "starting", position: i })),
    ...lineup.subs.map((p, i) => ({ ...p, role: "sub", position: i })),
  ];
  return saved(env, matchID, "lineup", version, [
    env.DB.prepare("DELETE FROM match_opponent_lineups WHERE match_id = ?1").bind(matchID),
    ...rows.map((r) =>
      env.DB.prepare("INSERT INTO match_opponent_lineups (match_id, role, position, name, number) VALUES (?1, ?2, ?3, ?4, ?5)").bind(matchID, r.role, r.position, r.name, r.number),
    ),
  ]);
}

/** The statistics, already checked (statsProblems), replacing the rows stored. */
export function saveMatchStats(env: Env, matchID: number, version: number, stats: MatchStatsInput) {
  return saved(env, matchID, "stats", version, [
    env.DB.prepare("DELETE FROM match_stats WHERE match_id = ?1").bind(matchID),
    ...statsRows(stats).map((r, position) =>
      env.DB.prepare("INSERT INTO match_stats (match_id, position, label, home, away) VALUES (?1, ?2, ?3, ?4, ?5)").bind(matchID, position, r.label, r.home, r.away),
    ),
  ]);
}
