import { z } from "zod";
import { allRows, firstRow, rowSchema } from "../db/rows";
import { matchRoom } from "../matches/match-rooms";
import { deskExtras, type DeskExtras } from "../matches/match-extras-store";
import type { LiveMatch } from "../../src/schemas/match-live";
import { matchesToOperate, type DeskMatch } from "../../src/domain/match-operator";
import { inSquad } from "../../src/domain/squad-rules";
import { formatInClubTime } from "../../src/domain/date-format";

/**
 * What the match operator's pages read (src/routes/console/console.loader.ts): the matches to
 * operate, and one match with its team's squad, the room's live state and the console's extras.
 */

const listRow = rowSchema("matches to operate", {
  id: z.number(),
  kickoff: z.string(),
  is_home: z.number(),
  status: z.enum(["fixture", "result", "postponed"]),
  live_seq: z.number(),
  team_id: z.number(),
  team: z.string(),
  opponent: z.string(),
  competition: z.string(),
});

/**
 * Each team's matches to operate, by the team's order: every unplayed fixture and today's results
 * read, and `matchesToOperate` chooses.
 */
export async function deskMatches(db: D1Database, now: Date): Promise<{ team: string; matches: DeskMatch[] }[]> {
  const today = `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;
  const rows = await allRows(
    listRow,
    db
      .prepare(
        `SELECT m.id, m.kickoff, m.is_home, m.status, m.live_seq, t.id AS team_id, t.name AS team, o.name AS opponent, c.name AS competition
           FROM matches m JOIN teams t ON t.id = m.team_id JOIN opponents o ON o.id = m.opponent_id JOIN competitions c ON c.id = m.competition_id
          WHERE m.status = 'fixture' OR (m.status = 'result' AND m.kickoff >= ?1)
          ORDER BY t.sort_order, t.id, m.kickoff`,
      )
      .bind(today),
  );
  const teams = new Map<number, { team: string; rows: typeof rows }>();
  for (const r of rows) {
    const entry = teams.get(r.team_id) ?? { team: r.team, rows: [] };
    entry.rows.push(r);
    teams.set(r.team_id, entry);
  }
  const desk = (r: (typeof rows)[number]): DeskMatch => ({
    id: r.id,
    kickoff: r.kickoff,
    isHome: r.is_home === 1,
    state: r.status === "result" ? "result" : r.live_seq > 0 ? "live" : "fixture",
    opponent: r.opponent,
    competition: r.competition,
  });
  return [...teams.values()].map(({ team, rows: teamRows }) => ({ team, matches: matchesToOperate(teamRows.map(desk), today) }));
}

const matchRow = rowSchema("the operated match", {
  id: z.number(),
  kickoff: z.string(),
  is_home: z.number(),
  status: z.enum(["fixture", "result", "postponed"]),
  team: z.string(),
  team_short: z.string(),
  team_slug: z.string(),
  season: z.string(),
  opponent: z.string(),
  opponent_short: z.string(),
  team_id: z.number(),
});
const squadRow = rowSchema("the operated match's squad", {
  id: z.number(),
  name: z.string(),
  number: z.number().nullable(),
  position: z.string(),
  image_key: z.string(),
  released_on: z.string().nullable(),
  loan_kind: z.enum(["out", "in"]).nullable(),
  loan_club: z.string().nullable(),
  loan_from: z.string().nullable(),
  loan_until: z.string().nullable(),
});

export interface SquadCard {
  id: number;
  name: string;
  number: number | null;
  position: string;
  imageKey: string;
}

export interface DeskDetail {
  match: { id: number; kickoff: string; isHome: boolean; status: string; team: string; teamShort: string; teamSlug: string; season: string; opponent: string; opponentShort: string };
  squad: SquadCard[];
  live: LiveMatch;
  /** the opponent's line-up and the stats, with the versions a save sends back */
  extras: DeskExtras;
}

/** One match for the operator: its sides, its team's squad (goalkeepers first, then by number) and the room's state now; null for no such match. */
export async function deskDetail(env: Env, id: number): Promise<DeskDetail | null> {
  const row = await firstRow(
    matchRow,
    env.DB.prepare(
      `SELECT m.id, m.kickoff, m.is_home, m.status, t.name AS team, t.short_name AS team_short, t.slug AS team_slug, s.slug AS season,
              o.name AS opponent, o.short_name AS opponent_short, m.team_id
         FROM matches m JOIN teams t ON t.id = m.team_id JOIN opponents o ON o.id = m.opponent_id JOIN seasons s ON s.id = m.season_id
        WHERE m.id = ?1`,
    ).bind(id),
  );
  if (!row) return null;
  const [squad, live, extras] = await Promise.all([
    allRows(
      squadRow,
      env.DB.prepare(
        `SELECT id, first_name || ' ' || last_name AS name, squad_number AS number, position, image_key, released_on, loan_kind, loan_club, loan_from, loan_until
         FROM players WHERE team_id = ?1
          ORDER BY CASE position WHEN 'Goalkeeper' THEN 0 WHEN 'Defender' THEN 1 WHEN 'Midfielder' THEN 2 ELSE 3 END, squad_number IS NULL, squad_number, last_name`,
      ).bind(row.team_id),
    ),
    matchRoom(env, id).state(id),
    deskExtras(env.DB, id),
  ]);
  return {
    match: {
      id: row.id,
      kickoff: row.kickoff,
      isHome: row.is_home === 1,
      status: row.status,
      team: row.team,
      teamShort: row.team_short,
      teamSlug: row.team_slug,
      season: row.season,
      opponent: row.opponent,
      opponentShort: row.opponent_short,
    },
    // The squad of the match's day (London): nobody away on loan or gone then (src/domain/squad-rules.ts).
    squad: squad
      .filter((p) => inSquad({ id: p.id, squadNumber: p.number, releasedOn: p.released_on, loanKind: p.loan_kind, loanClub: p.loan_club, loanFrom: p.loan_from, loanUntil: p.loan_until }, formatInClubTime(row.kickoff, "YYYY-MM-DD")))
      .map((p) => ({ id: p.id, name: p.name, number: p.number, position: p.position, imageKey: p.image_key })),
    live,
    extras,
  };
}
