import { liveMatchFromRecord } from "../../durable-objects/match-record";
import { club } from "../../src/config/club";
import type { Fixtures, Match, MatchCentre, Player, PlayerProfile, Season, Team, TeamDetail } from "../../src/schemas/teams";
import { bool, firstOf, resultsOf } from "../db/rows";
import { LIVE_SELECT, toLive, type LiveRow } from "./videos";

export interface TeamRow {
  id: number;
  slug: string;
  name: string;
  short_name: string;
  show_on_matches: number;
  show_on_teams: number;
  external_team_page: string | null;
  external_match_page: string | null;
  is_single_group: number;
  display_position_on_card: number;
  is_mini_card: number;
  show_team_overview: number;
  child_friendly: number;
  image_key: string;
}

export function toTeam(r: TeamRow): Team {
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

interface SeasonRow {
  year: number;
  slug: string;
  name: string;
}

const toSeason = (r: SeasonRow): Season => ({ year: r.year, slug: r.slug, name: r.name });

interface PlayerRow {
  id: number;
  team_slug: string;
  slug: string;
  first_name: string;
  last_name: string;
  position: Player["position"];
  squad_number: number | null;
  nationality: string;
  date_of_birth: string;
  joined: string;
  image_key: string;
  bio: string;
  appearances: number;
  goals: number;
}

function toPlayer(r: PlayerRow): Player {
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
  };
}

const PLAYER_SELECT = `SELECT p.id, t.slug AS team_slug, p.slug, p.first_name, p.last_name, p.position, p.squad_number,
    p.nationality, p.date_of_birth, p.joined, p.image_key, p.bio, p.appearances, p.goals
  FROM players p JOIN teams t ON t.id = p.team_id`;

/** Squad order: goalkeepers to forwards, then by shirt number (unnumbered last). */
const SQUAD_ORDER = `CASE p.position WHEN 'Goalkeeper' THEN 0 WHEN 'Defender' THEN 1 WHEN 'Midfielder' THEN 2 ELSE 3 END,
  p.squad_number IS NULL, p.squad_number, p.last_name, p.first_name`;

export interface MatchRow {
  id: number;
  /** the live feed's last change (0: never live; durable-objects/match-record.ts) */
  live_seq: number;
  team_slug: string;
  season_slug: string;
  competition: string;
  opponent: string;
  opponent_short: string;
  is_home: number;
  venue: string;
  kickoff: string;
  status: Match["status"];
  goals_for: number | null;
  goals_against: number | null;
  attendance: number | null;
  report: string | null;
  season_year: number;
  season_name: string;
}

export function toMatch(r: MatchRow): Match {
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
  };
}

export const MATCH_SELECT = `SELECT m.id, t.slug AS team_slug, s.slug AS season_slug, s.year AS season_year, s.name AS season_name,
    c.name AS competition,
    o.name AS opponent, o.short_name AS opponent_short, m.is_home, m.venue, m.kickoff, m.status,
    m.goals_for, m.goals_against, m.attendance, m.report, m.live_seq
  FROM matches m
  JOIN teams t ON t.id = m.team_id
  JOIN seasons s ON s.id = m.season_id
  JOIN competitions c ON c.id = m.competition_id
  JOIN opponents o ON o.id = m.opponent_id`;

export async function teams(db: D1Database): Promise<Team[]> {
  const { results } = await db.prepare(`SELECT ${TEAM_COLUMNS} FROM teams ORDER BY sort_order, id`).all<TeamRow>();
  return results.map(toTeam);
}

export async function team(db: D1Database, teamSlug: string): Promise<TeamDetail | null> {
  const [teamResult, players] = await db.batch([
    db.prepare(`SELECT ${TEAM_COLUMNS} FROM teams WHERE slug = ?`).bind(teamSlug),
    db.prepare(`${PLAYER_SELECT} WHERE t.slug = ? ORDER BY ${SQUAD_ORDER}`).bind(teamSlug),
  ]);
  const row = firstOf<TeamRow>(teamResult);
  if (!row) return null;
  return { team: toTeam(row), players: resultsOf<PlayerRow>(players).map(toPlayer) };
}

export async function fixtures(db: D1Database, teamSlug: string, seasonSlug: string = club.currentSeason.slug): Promise<Fixtures | null> {
  const [teamResult, seasonResult, seasons, matches] = await db.batch([
    db.prepare(`SELECT ${TEAM_COLUMNS} FROM teams WHERE slug = ?`).bind(teamSlug),
    db.prepare("SELECT year, slug, name FROM seasons WHERE slug = ?").bind(seasonSlug),
    db.prepare("SELECT year, slug, name FROM seasons ORDER BY year DESC"),
    db.prepare(`${MATCH_SELECT} WHERE t.slug = ? AND s.slug = ? ORDER BY m.kickoff, m.id`).bind(teamSlug, seasonSlug),
  ]);
  const teamRow = firstOf<TeamRow>(teamResult);
  const seasonRow = firstOf<SeasonRow>(seasonResult);
  if (!teamRow || !seasonRow) return null;
  return {
    team: toTeam(teamRow),
    season: toSeason(seasonRow),
    seasons: resultsOf<SeasonRow>(seasons).map(toSeason),
    matches: resultsOf<MatchRow>(matches).map(toMatch),
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
  const teamRow = firstOf<TeamRow>(teamResult);
  const matchRow = firstOf<MatchRow>(matchResult);
  if (!teamRow || !matchRow) return null;
  const streamRow = firstOf<LiveRow>(streamResult);
  const season: Season = { year: matchRow.season_year, slug: matchRow.season_slug, name: matchRow.season_name };
  // Only a match the feed has touched has a timeline to read.
  const live = matchRow.live_seq > 0 ? await liveMatchFromRecord(db, matchRow.id) : null;
  return { team: toTeam(teamRow), season, match: toMatch(matchRow), live, stream: streamRow ? toLive(streamRow) : null };
}

export async function player(db: D1Database, teamSlug: string, playerSlug: string): Promise<PlayerProfile | null> {
  const [teamResult, playerResult] = await db.batch([
    db.prepare(`SELECT ${TEAM_COLUMNS} FROM teams WHERE slug = ?`).bind(teamSlug),
    db.prepare(`${PLAYER_SELECT} WHERE t.slug = ? AND p.slug = ?`).bind(teamSlug, playerSlug),
  ]);
  const teamRow = firstOf<TeamRow>(teamResult);
  const playerRow = firstOf<PlayerRow>(playerResult);
  if (!teamRow || !playerRow) return null;
  return { team: toTeam(teamRow), player: toPlayer(playerRow) };
}
