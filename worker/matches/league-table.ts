import { z } from "zod";
import { allRows, firstRow, rowSchema } from "../db/rows";
import { standings, type TableResult } from "../../src/domain/standings";
import type { LeagueTable } from "../../src/schemas/league-table";

/**
 * The league table of a team's competition and season, computed at request time from results
 * (src/domain/standings.ts): the club's own results are its `matches` (so full time, written by
 * the match's room, moves the table on the next request: the room's move retires the content
 * cache), the other clubs' are `league_results` (migration 0036, typed in /admin/table).
 */

const leagueRow = rowSchema("competitions (league of a team's season)", {
  competition_id: z.number(),
  competition: z.string(),
  season_id: z.number(),
  season: z.string(),
  season_slug: z.string(),
  team_id: z.number(),
  team_name: z.string(),
});
const clubResultRow = rowSchema("matches (club results)", { opponent: z.string(), is_home: z.number(), goals_for: z.number(), goals_against: z.number(), kickoff: z.string() });
const otherResultRow = rowSchema("league_results", {
  id: z.number(),
  home: z.string(),
  away: z.string(),
  home_goals: z.number(),
  away_goals: z.number(),
  played_on: z.string(),
});
const nameRow = rowSchema("opponents (clubs of a league)", { id: z.number(), name: z.string() });
const deductionRow = rowSchema("table_deductions", { id: z.number(), club: z.string().nullable(), opponent_id: z.number().nullable(), points: z.number(), reason: z.string() });

/** Which league a team plays in a season: the competition named (when a league) or its league. */
export async function leagueOf(db: D1Database, teamSlug: string, seasonSlug: string, competition?: string) {
  return firstRow(
    leagueRow,
    db
      .prepare(
        `SELECT c.id AS competition_id, c.name AS competition, s.id AS season_id, s.name AS season, s.slug AS season_slug, t.id AS team_id, t.name AS team_name
         FROM matches m JOIN teams t ON t.id = m.team_id JOIN seasons s ON s.id = m.season_id JOIN competitions c ON c.id = m.competition_id
         WHERE t.slug = ?1 AND s.slug = ?2 AND c.kind = 'league'
         ORDER BY c.name = ?3 DESC, m.kickoff LIMIT 1`,
      )
      .bind(teamSlug, seasonSlug, competition ?? ""),
  );
}
export type League = NonNullable<Awaited<ReturnType<typeof leagueOf>>>;

/** The table's parts as stored: the clubs (the team's league opponents), every result, the deductions. */
export async function tableParts(db: D1Database, league: League) {
  const ids = [league.team_id, league.season_id, league.competition_id];
  const [club, others, clubs, deductions] = await Promise.all([
    allRows(
      clubResultRow,
      db
        .prepare(
          `SELECT o.name AS opponent, m.is_home, m.goals_for, m.goals_against, m.kickoff FROM matches m JOIN opponents o ON o.id = m.opponent_id
           WHERE m.team_id = ?1 AND m.season_id = ?2 AND m.competition_id = ?3 AND m.status = 'result' AND m.goals_for IS NOT NULL AND m.goals_against IS NOT NULL`,
        )
        .bind(...ids),
    ),
    allRows(
      otherResultRow,
      db
        .prepare(
          `SELECT r.id, h.name AS home, a.name AS away, r.home_goals, r.away_goals, r.played_on FROM league_results r
           JOIN opponents h ON h.id = r.home_id JOIN opponents a ON a.id = r.away_id
           WHERE r.season_id = ?1 AND r.competition_id = ?2 ORDER BY r.played_on DESC, r.id DESC`,
        )
        .bind(league.season_id, league.competition_id),
    ),
    allRows(
      nameRow,
      db
        .prepare(
          `SELECT DISTINCT o.id, o.name FROM matches m JOIN opponents o ON o.id = m.opponent_id
           WHERE m.team_id = ?1 AND m.season_id = ?2 AND m.competition_id = ?3 ORDER BY o.name`,
        )
        .bind(...ids),
    ),
    allRows(
      deductionRow,
      db
        .prepare(
          `SELECT d.id, o.name AS club, d.opponent_id, d.points, d.reason FROM table_deductions d LEFT JOIN opponents o ON o.id = d.opponent_id
           WHERE d.season_id = ?1 AND d.competition_id = ?2 ORDER BY d.id`,
        )
        .bind(league.season_id, league.competition_id),
    ),
  ]);
  return { club, others, clubs, deductions };
}

/** The table as the pages show it; null when the team plays no league that season. */
export async function leagueTable(db: D1Database, teamSlug: string, seasonSlug: string, competition?: string): Promise<LeagueTable | null> {
  const league = await leagueOf(db, teamSlug, seasonSlug, competition);
  if (!league) return null;
  const parts = await tableParts(db, league);
  const us = league.team_name;
  const results: TableResult[] = [
    ...parts.club.map((r) => ({
      home: r.is_home === 1 ? us : r.opponent,
      away: r.is_home === 1 ? r.opponent : us,
      homeGoals: r.is_home === 1 ? r.goals_for : r.goals_against,
      awayGoals: r.is_home === 1 ? r.goals_against : r.goals_for,
      playedOn: r.kickoff.slice(0, 10),
    })),
    ...parts.others.map((r) => ({ home: r.home, away: r.away, homeGoals: r.home_goals, awayGoals: r.away_goals, playedOn: r.played_on })),
  ];
  const deductions = parts.deductions.map((d) => ({ id: d.id, club: d.club ?? us, points: d.points, reason: d.reason }));
  return {
    competition: league.competition,
    season: league.season,
    club: us,
    rows: standings([us, ...parts.clubs.map((c) => c.name)], results, deductions),
    deductions,
  };
}
