import { z } from "zod";
import { allRows, rowSchema } from "../db/rows";
import { seasonStats, type PlayedMatch, type SeasonStats } from "../../src/domain/player-stats";

const row = rowSchema("match_lineups and match_events (player season)", {
  match_id: z.number(),
  role: z.enum(["starting", "sub"]).nullable(),
  type: z.string().nullable(),
  minute: z.number().nullable(),
  player_id: z.number().nullable(),
  player_off_id: z.number().nullable(),
  withdrawn: z.number().nullable(),
});

/**
 * A player's season from the live feed's records in D1: each played match of the season where he
 * was in the line-up or named by an event, with his events, counted by seasonStats. Whatever team
 * he played for: a player moved from the academy keeps what he did there.
 */
export async function playerSeason(db: D1Database, playerId: number, seasonSlug: string): Promise<SeasonStats> {
  const rows = await allRows(
    row,
    db
      .prepare(
        `SELECT m.id AS match_id, l.role, e.type, e.minute, e.player_id, e.player_off_id, e.withdrawn
         FROM matches m
         LEFT JOIN match_lineups l ON l.match_id = m.id AND l.player_id = ?1
         LEFT JOIN match_events e ON e.match_id = m.id AND (e.player_id = ?1 OR e.player_off_id = ?1)
         WHERE m.season_id = (SELECT id FROM seasons WHERE slug = ?2) AND m.status = 'result' AND m.live_seq > 0
           AND (l.player_id IS NOT NULL OR e.id IS NOT NULL)`,
      )
      .bind(playerId, seasonSlug),
  );
  const matches = new Map<number, PlayedMatch & { events: PlayedMatch["events"][number][] }>();
  for (const r of rows) {
    const match = matches.get(r.match_id) ?? { role: r.role, events: [] };
    matches.set(r.match_id, match);
    if (r.type !== null && r.minute !== null) {
      match.events.push({ type: r.type, minute: r.minute, playerId: r.player_id, playerOffId: r.player_off_id, withdrawn: r.withdrawn === 1 });
    }
  }
  return seasonStats(playerId, [...matches.values()]);
}
