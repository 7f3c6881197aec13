import { liveMatchFromRecord } from "../../durable-objects/match-record";
import { club } from "../../src/config/club";
import { z } from "zod";
import {
  matchSchema, playerSchema,
  type Fixtures, type Match, type MatchCentre, type Player, type PlayerProfile, type Season, type Team, type TeamDetail,
} from "../../src/schemas/teams";
import { allRows, bool, firstOf, resultsOf, rowSchema } from "../db/rows";
import { LIVE_SELECT, liveRow, toLive } from "../videos/queries";
import type { Reader } from "../viewer/reader";
import { filterTeams } from "../../src/domain/child-friendly";
import { spoilerFreeFixtures, spoilerFreeMatchCentre } from "../viewer/spoiler-free";
import { inSquad, squadState, statusLine, type SquadFacts } from "../../src/domain/squad-rules";
import { londonToday } from "../squads/player-store";
import { playerSeason } from "./player-season";

const teamRow = rowSchema("teams (TEAM_COLUMNS)", {
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  short_name: z.string(),
  show_on_matches: z.number(),
  show_on_teams: z.number(),
  external_team_page: z.string().nullable(),
  external_match_page: z.string().nullable(),
  is_single_group: z.number(),
  display_position_on_card: z.number(),
  is_mini_card: z.number(),
  show_team_overview: z.number(),
  child_friendly: z.number(),
  image_key: z.string(),
});

export function toTeam(r: z.infer<typeof teamRow>): Team {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    shortName: r.short_name,
    showOnMatches: bool(r.show_on_matches),
    showOnTeams: bool(r.show_on_teams),
    externalTeamPage: r.external_team_page,
    externalMatchPage: r.external_match_page,
    isSingleGroup: bool(r.is_single_group),
    displayPositionOnCard: bool(r.display_position_on_card),
    isMiniCard: bool(r.is_mini_card),
    showTeamOverview: bool(r.show_team_overview),
    childFriendly: bool(r.child_friendly),
    imageKey: r.image_key,
  };
}

const TEAM_COLUMNS = `id, slug, name, short_name, show_on_matches, show_on_teams, external_team_page, external_match_page,
  is_single_group, display_position_on_card, is_mini_card, show_team_overview, child_friendly, image_key`;

const seasonRow = rowSchema("seasons", { year: z.number(), slug: z.string(), name: z.string() });

const toSeason = (r: z.infer<typeof seasonRow>): Season => ({ year: r.year, slug: r.slug, name: r.name });

const playerRow = rowSchema("players (PLAYER_SELECT)", {
  id: z.number(),
  team_slug: z.string(),
  slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  position: playerSchema.shape.position,
  squad_number: z.number().nullable(),
  nationality: z.string(),
  date_of_birth: z.string(),
  joined: z.string(),
  image_key: z.string(),
  bio: z.string(),
  appearances: z.number(),
  goals: z.number(),
  released_on: z.string().nullable(),
  loan_kind: z.enum(["out", "in"]).nullable(),
  loan_club: z.string().nullable(),
  loan_from: z.string().nullable(),
  loan_until: z.string().nullable(),
});
type PlayerRow = z.infer<typeof playerRow>;

const squadFacts = (r: PlayerRow): SquadFacts => ({
  id: r.id,
  squadNumber: r.squad_number,
  releasedOn: r.released_on,
  loanKind: r.loan_kind,
  loanClub: r.loan_club,
  loanFrom: r.loan_from,
  loanUntil: r.loan_until,
});

/** The player as the site shows him on `today`: where he is, when not simply in the squad (a loan, a release). */
function toPlayer(r: PlayerRow, today: string): Player {
  const status = statusLine(squadState(squadFacts(r), today));
  return {
    id: r.id,
    teamSlug: r.team_slug,
    slug: r.slug,
    firstName: r.first_name,
    lastName: r.last_name,
    position: r.position,
    squadNumber: r.squad_number,
    nationality: r.nationality,
    dateOfBirth: r.date_of_birth,
    joined: r.joined,
    imageKey: r.image_key,
    bio: r.bio,
    appearances: r.appearances,
    goals: r.goals,
    ...(status ? { status } : {}),
  };
}

const PLAYER_SELECT = `SELECT p.id, t.slug AS team_slug, p.slug, p.first_name, p.last_name, p.position, p.squad_number,
    p.nationality, p.date_of_birth, p.joined, p.image_key, p.bio, p.appearances, p.goals,
    p.released_on, p.loan_kind, p.loan_club, p.loan_from, p.loan_until
  FROM players p JOIN teams t ON t.id = p.team_id`;

/** Squad order: goalkeepers to forwards, then by shirt number (unnumbered last). */
const SQUAD_ORDER = `CASE p.position WHEN 'Goalkeeper' THEN 0 WHEN 'Defender' THEN 1 WHEN 'Midfielder' THEN 2 ELSE 3 END,
  p.squad_number IS NULL, p.squad_number, p.last_name, p.first_name`;

export const matchShape = {
  id: z.number(),
  /** the live feed's last change (0: never live; durable-objects/match-record.ts) */
  live_seq: z.number(),
  team_slug: z.string(),
  season_slug: z.string(),
  competition: z.string(),
  opponent: z.string(),
  opponent_short: z.string(),
  is_home: z.number(),
  venue: z.string(),
  kickoff: z.string(),
  status: matchSchema.shape.status,
  goals_for: z.number().nullable(),
  goals_against: z.number().nullable(),
  attendance: z.number().nullable(),
  report: z.string().nullable(),
  /** the fixture's own tickets link (the console's Fixtures and results), null for the club's shop */
  tickets_url: z.string().nullable(),
  season_year: z.number(),
  season_name: z.string(),
};
export const matchRow = rowSchema("matches (MATCH_SELECT)", matchShape);

export function toMatch(r: z.infer<typeof matchRow>): Match {
  return {
    id: r.id,
    teamSlug: r.team_slug,
    seasonSlug: r.season_slug,
    competition: r.competition,
    opponent: r.opponent,
    opponentShort: r.opponent_short,
    isHome: bool(r.is_home),
    venue: r.venue,
    kickoff: r.kickoff,
    status: r.status,
    goalsFor: r.goals_for,
    goalsAgainst: r.goals_against,
    attendance: r.attendance,
    report: r.report,
    // Only when the club set one, so the lists' route data stay the size they were.
    ...(r.tickets_url ? { ticketsUrl: r.tickets_url } : {}),
  };
}

export const MATCH_SELECT = `SELECT m.id, t.slug AS team_slug, s.slug AS season_slug, s.year AS season_year, s.name AS season_name,
    c.name AS competition,
    o.name AS opponent, o.short_name AS opponent_short, m.is_home, m.venue, m.kickoff, m.status,
    m.goals_for, m.goals_against, m.attendance, m.report, m.tickets_url, m.live_seq
  FROM matches m
  JOIN teams t ON t.id = m.team_id
  JOIN seasons s ON s.id = m.season_id
  JOIN competitions c ON c.id = m.competition_id
  JOIN opponents o ON o.id = m.opponent_id`;

export async function teams(db: D1Database): Promise<Team[]> {
  return (await allRows(teamRow, db.prepare(`SELECT ${TEAM_COLUMNS} FROM teams ORDER BY sort_order, id`))).map(toTeam);
}

/**
 * A team and its squad on `today` (London): a player away on loan, one whose loan in has ended
 * and one released are not listed; each comes and goes on the first request after his dates, with
 * no job to run (src/domain/squad-rules.ts).
 */
export async function team(db: D1Database, teamSlug: string, today: string = londonToday(new Date())): Promise<TeamDetail | null> {
  const [teamResult, players] = await db.batch([
    db.prepare(`SELECT ${TEAM_COLUMNS} FROM teams WHERE slug = ?`).bind(teamSlug),
    db.prepare(`${PLAYER_SELECT} WHERE t.slug = ? ORDER BY ${SQUAD_ORDER}`).bind(teamSlug),
  ]);
  const row = firstOf(teamRow, teamResult);
  if (!row) return null;
  const squad = resultsOf(playerRow, players).filter((p) => inSquad(squadFacts(p), today));
  return { team: toTeam(row), players: squad.map((p) => toPlayer(p, today)) };
}

export async function fixtures(db: D1Database, teamSlug: string, seasonSlug: string = club.currentSeason.slug): Promise<Fixtures | null> {
  const [teamResult, seasonResult, seasons, matches] = await db.batch([
    db.prepare(`SELECT ${TEAM_COLUMNS} FROM teams WHERE slug = ?`).bind(teamSlug),
    db.prepare("SELECT year, slug, name FROM seasons WHERE slug = ?").bind(seasonSlug),
    db.prepare("SELECT year, slug, name FROM seasons ORDER BY year DESC"),
    db.prepare(`${MATCH_SELECT} WHERE t.slug = ? AND s.slug = ? ORDER BY m.kickoff, m.id`).bind(teamSlug, seasonSlug),
  ]);
  const teamFound = firstOf(teamRow, teamResult);
  const seasonFound = firstOf(seasonRow, seasonResult);
  if (!teamFound || !seasonFound) return null;
  return {
    team: toTeam(teamFound),
    season: toSeason(seasonFound),
    seasons: resultsOf(seasonRow, seasons).map(toSeason),
    matches: resultsOf(matchRow, matches).map(toMatch),
  };
}

/**
 * One match of a team. Without an id: the team's latest result in the season, or, before the
 * first result, its next fixture. With a season and an id, the match must belong to both.
 */
export async function match(
  db: D1Database,
  teamSlug: string,
  seasonSlug: string | undefined,
  matchId: number | undefined,
): Promise<MatchCentre | null> {
  const [matchSql, matchBinds]: [string, unknown[]] =
    matchId !== undefined
      ? [`${MATCH_SELECT} WHERE t.slug = ?1 AND m.id = ?2 AND (?3 IS NULL OR s.slug = ?3)`, [teamSlug, matchId, seasonSlug ?? null]]
      : [
          `${MATCH_SELECT} WHERE t.slug = ?1 AND s.slug = ?2
           ORDER BY m.status = 'result' DESC,
             CASE WHEN m.status = 'result' THEN m.kickoff END DESC,
             m.kickoff ASC
           LIMIT 1`,
          [teamSlug, seasonSlug ?? club.currentSeason.slug],
        ];
  // The match's live video stream comes in the same batch: the same match query, as a subquery.
  const streamQuery = db.prepare(
    `${LIVE_SELECT} WHERE media_type = 'video' AND status != 'disabled' AND match_id IN (SELECT id FROM (${matchSql})) ORDER BY position, id LIMIT 1`,
  ).bind(...matchBinds);
  const [teamResult, matchResult, streamResult] = await db.batch([
    db.prepare(`SELECT ${TEAM_COLUMNS} FROM teams WHERE slug = ?`).bind(teamSlug),
    db.prepare(matchSql).bind(...matchBinds),
    streamQuery,
  ]);
  const teamFound = firstOf(teamRow, teamResult);
  const matchFound = firstOf(matchRow, matchResult);
  if (!teamFound || !matchFound) return null;
  const stream = firstOf(liveRow, streamResult);
  const season: Season = { year: matchFound.season_year, slug: matchFound.season_slug, name: matchFound.season_name };
  // Only a match the feed has touched has a timeline to read.
  const live = matchFound.live_seq > 0 ? await liveMatchFromRecord(db, matchFound.id) : null;
  return { team: toTeam(teamFound), season, match: toMatch(matchFound), live, stream: stream ? toLive(stream) : null };
}

/** A player's profile, whoever he is today: one away on loan or released keeps his page, which says so. */
export async function player(db: D1Database, teamSlug: string, playerSlug: string, today: string = londonToday(new Date())): Promise<PlayerProfile | null> {
  const [teamResult, playerResult] = await db.batch([
    db.prepare(`SELECT ${TEAM_COLUMNS} FROM teams WHERE slug = ?`).bind(teamSlug),
    db.prepare(`${PLAYER_SELECT} WHERE t.slug = ? AND p.slug = ?`).bind(teamSlug, playerSlug),
  ]);
  const teamFound = firstOf(teamRow, teamResult);
  const playerFound = firstOf(playerRow, playerResult);
  if (!teamFound || !playerFound) return null;
  // The current season as the live feed recorded it: a player with no feed matches shows zeros.
  const stats = await playerSeason(db, playerFound.id, club.currentSeason.slug);
  return { team: toTeam(teamFound), player: toPlayer(playerFound, today), season: { name: club.currentSeason.name, ...stats } };
}

/**
 * The teams as the reader reads them: child-friendly mode hides a team where teams are listed
 * (spec §1, §3); its own pages stay reachable by URL, since the first team (not flagged) owns
 * /matches and most links.
 */
export async function readTeams(r: Reader): Promise<Team[]> {
  return filterTeams(await teams(r.env.DB), r.preferences.childFriendly);
}

/**
 * The teams the reader's mode lists, with those it hides: the pages that list teams say so and
 * offer the choice (src/components/family/FamilyModeNotice.tsx).
 */
export async function readTeamList(r: Reader): Promise<{ listed: Team[]; hidden: Team[] }> {
  const all = await teams(r.env.DB);
  const listed = filterTeams(all, r.preferences.childFriendly);
  return { listed, hidden: all.filter((t) => !listed.includes(t)) };
}

/** A team's season as the reader reads it (spoiler-free takes the scores out); null: no such team or season. */
export async function readFixtures(r: Reader, teamSlug: string, seasonSlug?: string): Promise<Fixtures | null> {
  const list = await fixtures(r.env.DB, teamSlug, seasonSlug);
  return list && r.preferences.spoilerFree ? spoilerFreeFixtures(list) : list;
}

/** The match centre's data as the reader reads it; null: no such match. */
export async function readMatch(r: Reader, teamSlug: string, seasonSlug: string | undefined, matchId: number | undefined): Promise<MatchCentre | null> {
  const centre = await match(r.env.DB, teamSlug, seasonSlug, matchId);
  return centre && r.preferences.spoilerFree ? spoilerFreeMatchCentre(centre) : centre;
}
