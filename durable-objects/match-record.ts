import * as z from "zod/mini";
import { matchEventTypeSchema, matchSideSchema, type Lineup, type LivePlayer, type LiveMatch, type MatchEvent } from "../src/schemas/match-live";
import { liveMatchOf } from "../src/domain/match-live";

/**
 * A live match's copy in D1 (migration 0016): the MatchRoom object writes it before it answers
 * (events, withdrawals, the line-up, the result row at full time), and server rendering reads it
 * here, so a page never wakes the room. Kept beside the object because both sides use it.
 */

export async function recordEvent(db: D1Database, matchID: number, event: MatchEvent, key: string): Promise<void> {
  await db.batch([
    db
      .prepare(
        `INSERT INTO match_events (id, match_id, seq, type, minute, side, player_id, player_off_id, text, withdrawn, idempotency_key, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 0, ?10, ?11) ON CONFLICT (id) DO NOTHING`,
      )
      .bind(event.id, matchID, event.seq, event.type, event.minute, event.side, event.player?.id ?? null, event.playerOff?.id ?? null, event.text, key, event.createdAt),
    liveSeq(db, matchID, event.seq),
  ]);
}

export async function recordWithdrawal(db: D1Database, matchID: number, eventID: string, seq: number): Promise<void> {
  await db.batch([db.prepare("UPDATE match_events SET withdrawn = 1 WHERE id = ?1 AND match_id = ?2").bind(eventID, matchID), liveSeq(db, matchID, seq)]);
}

export async function recordLineup(db: D1Database, matchID: number, lineup: Lineup, seq: number): Promise<void> {
  const rows = [
    ...lineup.starting.map((p, i) => ({ id: p.id, role: "starting", position: i })),
    ...lineup.subs.map((p, i) => ({ id: p.id, role: "sub", position: i })),
  ];
  await db.batch([
    db.prepare("DELETE FROM match_lineups WHERE match_id = ?1").bind(matchID),
    ...rows.map((r) => db.prepare("INSERT INTO match_lineups (match_id, player_id, role, position) VALUES (?1, ?2, ?3, ?4)").bind(matchID, r.id, r.role, r.position)),
    liveSeq(db, matchID, seq),
  ]);
}

/** A reset: the room starts again from nothing; the match is a fixture again. */
export async function recordReset(db: D1Database, matchID: number, seq: number): Promise<void> {
  await db.batch([
    db.prepare("DELETE FROM match_events WHERE match_id = ?1").bind(matchID),
    db.prepare("DELETE FROM match_lineups WHERE match_id = ?1").bind(matchID),
    liveSeq(db, matchID, seq),
  ]);
}

/**
 * Full time (or its withdrawal): the match row becomes a result with the club's goals (goals_for
 * is the club's, whichever side it played), or a fixture again without a score.
 */
export async function recordOutcome(db: D1Database, matchID: number, final: { home: number; away: number } | null): Promise<void> {
  if (final === null) {
    await db.prepare("UPDATE matches SET status = 'fixture', goals_for = NULL, goals_against = NULL WHERE id = ?1").bind(matchID).run();
    return;
  }
  await db
    .prepare(
      `UPDATE matches SET status = 'result',
         goals_for = CASE is_home WHEN 1 THEN ?2 ELSE ?3 END,
         goals_against = CASE is_home WHEN 1 THEN ?3 ELSE ?2 END
       WHERE id = ?1`,
    )
    .bind(matchID, final.home, final.away)
    .run();
}

const liveSeq = (db: D1Database, matchID: number, seq: number) => db.prepare("UPDATE matches SET live_seq = ?2 WHERE id = ?1").bind(matchID, seq);

// D1's rows, parsed rather than cast: a column renamed in a migration fails here, by name.
const nullableInt = z.nullable(z.int());
const nullableText = z.nullable(z.string());
const seqRowSchema = z.object({ seq: z.int() });
const eventRowSchema = z.object({
  id: z.string(), seq: z.int(), type: matchEventTypeSchema, minute: z.int(), side: matchSideSchema, text: nullableText, withdrawn: z.int(), created_at: z.string(),
  player_id: nullableInt, player_name: nullableText, player_number: nullableInt,
  off_id: nullableInt, off_name: nullableText, off_number: nullableInt,
});
const lineupRowSchema = z.object({ id: z.int(), name: z.string(), number: nullableInt, role: z.enum(["starting", "sub"]), is_home: z.int() });
type LineupRow = z.infer<typeof lineupRowSchema>;

const playerOf = (id: number | null, name: string | null, number: number | null): LivePlayer | null =>
  id === null || name === null ? null : { id, name, number };

/**
 * The live state as D1 has it, or null for a match the feed has never touched (nearly all of
 * them: one indexed read, nothing else). The same derivation as the room's (liveMatchOf).
 */
export async function liveMatchFromRecord(db: D1Database, matchID: number): Promise<LiveMatch | null> {
  const [seqResult, eventResult, lineupResult] = await db.batch([
    db.prepare("SELECT live_seq AS seq FROM matches WHERE id = ?1").bind(matchID),
    db.prepare(
      `SELECT e.id, e.seq, e.type, e.minute, e.side, e.text, e.withdrawn, e.created_at,
         p.id AS player_id, p.first_name || ' ' || p.last_name AS player_name, p.squad_number AS player_number,
         o.id AS off_id, o.first_name || ' ' || o.last_name AS off_name, o.squad_number AS off_number
       FROM match_events e LEFT JOIN players p ON p.id = e.player_id LEFT JOIN players o ON o.id = e.player_off_id
       WHERE e.match_id = ?1 ORDER BY e.seq`,
    ).bind(matchID),
    db.prepare(
      `SELECT p.id, p.first_name || ' ' || p.last_name AS name, p.squad_number AS number, l.role, m.is_home
       FROM match_lineups l JOIN players p ON p.id = l.player_id JOIN matches m ON m.id = l.match_id
       WHERE l.match_id = ?1 ORDER BY l.role DESC, l.position`,
    ).bind(matchID),
  ]);
  const seqRow = seqResult?.results[0];
  const seq = seqRow === undefined ? 0 : z.parse(seqRowSchema, seqRow).seq;
  if (seq === 0) return null;
  const events = z.parse(z.array(eventRowSchema), eventResult?.results ?? []).map(
    (r): MatchEvent => ({
      id: r.id, seq: r.seq, type: r.type, minute: r.minute, side: r.side, text: r.text, withdrawn: r.withdrawn === 1, createdAt: r.created_at,
      player: playerOf(r.player_id, r.player_name, r.player_number),
      playerOff: playerOf(r.off_id, r.off_name, r.off_number),
    }),
  );
  const rows = z.parse(z.array(lineupRowSchema), lineupResult?.results ?? []);
  const player = (r: LineupRow): LivePlayer => ({ id: r.id, name: r.name, number: r.number });
  const lineup: Lineup | null =
    rows.length === 0
      ? null
      : { side: rows[0]!.is_home === 1 ? "home" : "away", starting: rows.filter((r) => r.role === "starting").map(player), subs: rows.filter((r) => r.role === "sub").map(player) };
  return liveMatchOf(matchID, seq, events, lineup);
}
