import { z } from "zod";
import { allRows, firstRow, rowSchema, totalRow } from "../db/rows";
import { invalidateCache } from "../cache/kv-cache";
import { ApiError } from "../http/api-error";
import { matchSchema } from "../../src/schemas/teams";
import { slugify } from "../../src/domain/slug";
import { fixtureKey, nextSequence, resultRefusal, type CalendarFields, type CheckedFixture, type FixtureLookups, type ImportRow } from "../../src/domain/fixture-rules";
import type { ConsoleFixture, FixtureOptions } from "../../src/schemas/console-fixtures";

/**
 * The club's fixtures and results as the console writes them (/admin/fixtures): the lists by team
 * and season, a new fixture, an edit, a reschedule, a postponement, a result typed by hand and a
 * CSV import. Every write moves the calendar SEQUENCE itself when a field a calendar shows changes
 * (nextSequence; migration 0034's trigger covers other writers) and retires the content cache, so
 * /matches, the match centre, the team's ICS feed and the sitemap show it on the next request.
 */

export const FIXTURE_PAGE_SIZE = 25;

const optionRows = {
  teams: rowSchema("teams (options)", { slug: z.string(), name: z.string() }),
  seasons: rowSchema("seasons (options)", { slug: z.string(), name: z.string() }),
  competitions: rowSchema("competitions (options)", { name: z.string() }),
};

/** The teams, seasons and competitions a fixture may name: the form's choices and the rule's lookups. */
export async function fixtureChoices(db: D1Database): Promise<FixtureOptions> {
  const [teams, seasons, competitions] = await Promise.all([
    allRows(optionRows.teams, db.prepare("SELECT slug, name FROM teams ORDER BY sort_order, id")),
    allRows(optionRows.seasons, db.prepare("SELECT slug, name FROM seasons ORDER BY year DESC")),
    allRows(optionRows.competitions, db.prepare("SELECT name FROM competitions ORDER BY name")),
  ]);
  return { teams, seasons, competitions: competitions.map((c) => c.name) };
}

export const lookupsOf = (options: FixtureOptions): FixtureLookups => ({
  teams: options.teams.map((t) => t.slug),
  seasons: options.seasons.map((s) => s.slug),
  competitions: options.competitions,
});

const fixtureRow = rowSchema("matches (console)", {
  id: z.number(),
  team_slug: z.string(),
  season_slug: z.string(),
  competition: z.string(),
  opponent: z.string(),
  is_home: z.number(),
  venue: z.string(),
  kickoff: z.string(),
  previous_kickoff: z.string().nullable(),
  status: matchSchema.shape.status,
  goals_for: z.number().nullable(),
  goals_against: z.number().nullable(),
  tickets_url: z.string().nullable(),
  sequence: z.number(),
  live_seq: z.number(),
});
type FixtureRow = z.infer<typeof fixtureRow>;

const SELECT = `SELECT m.id, t.slug AS team_slug, s.slug AS season_slug, c.name AS competition, o.name AS opponent, m.is_home, m.venue,
    m.kickoff, m.previous_kickoff, m.status, m.goals_for, m.goals_against, m.tickets_url, m.sequence, m.live_seq
  FROM matches m JOIN teams t ON t.id = m.team_id JOIN seasons s ON s.id = m.season_id
  JOIN competitions c ON c.id = m.competition_id JOIN opponents o ON o.id = m.opponent_id`;

function toFixture(r: FixtureRow): ConsoleFixture {
  const isHome = r.is_home === 1;
  return {
    id: r.id,
    teamSlug: r.team_slug,
    seasonSlug: r.season_slug,
    competition: r.competition,
    opponent: r.opponent,
    isHome,
    venue: r.venue,
    kickoff: r.kickoff,
    previousKickoff: r.previous_kickoff,
    status: r.status,
    homeGoals: r.goals_for === null || r.goals_against === null ? null : isHome ? r.goals_for : r.goals_against,
    awayGoals: r.goals_for === null || r.goals_against === null ? null : isHome ? r.goals_against : r.goals_for,
    ticketsUrl: r.tickets_url,
    sequence: r.sequence,
    liveRun: r.live_seq > 0,
  };
}

export async function fixtureById(db: D1Database, id: number): Promise<ConsoleFixture | null> {
  const row = await firstRow(fixtureRow, db.prepare(`${SELECT} WHERE m.id = ?1`).bind(id));
  return row ? toFixture(row) : null;
}

/**
 * One page of a team's season: `upcoming` from now on, soonest first; `past` before now, latest
 * first (what the club looks for: the next fixture to change, the last result to enter).
 */
export async function fixturePage(db: D1Database, teamSlug: string, seasonSlug: string, when: "upcoming" | "past", page: number, now: Date) {
  const where = `WHERE t.slug = ?1 AND s.slug = ?2 AND m.kickoff ${when === "upcoming" ? ">=" : "<"} ?3`;
  const [rows, total] = await Promise.all([
    allRows(
      fixtureRow,
      db
        .prepare(`${SELECT} ${where} ORDER BY m.kickoff ${when === "upcoming" ? "ASC" : "DESC"}, m.id LIMIT ?4 OFFSET ?5`)
        .bind(teamSlug, seasonSlug, now.toISOString(), FIXTURE_PAGE_SIZE, page * FIXTURE_PAGE_SIZE),
    ),
    firstRow(
      totalRow,
      db
        .prepare(`SELECT COUNT(*) AS total FROM matches m JOIN teams t ON t.id = m.team_id JOIN seasons s ON s.id = m.season_id ${where}`)
        .bind(teamSlug, seasonSlug, now.toISOString()),
    ),
  ]);
  return { fixtures: rows.map(toFixture), total: total?.total ?? 0, page, pageSize: FIXTURE_PAGE_SIZE };
}

/**
 * The opponent by name, made when new: a new club's short name is its name, its ground the venue
 * typed, and its crest the generated artwork's key (the media library holds no crests to pick).
 */
const ensureOpponent = (db: D1Database, f: CheckedFixture) =>
  db
    .prepare("INSERT INTO opponents (name, short_name, venue, image_key) VALUES (?1, ?1, ?2, ?3) ON CONFLICT (name) DO NOTHING")
    .bind(f.opponent, f.venue, `opponent-${slugify(f.opponent) || "club"}`);

const IDS = `(SELECT id FROM teams WHERE slug = ?1), (SELECT id FROM seasons WHERE slug = ?2),
  (SELECT id FROM competitions WHERE name = ?3), (SELECT id FROM opponents WHERE name = ?4)`;

const calendarFieldsOf = (f: { kickoff: string; venue: string; opponent: string; competition: string; isHome: boolean; status: string }): CalendarFields => ({
  kickoff: f.kickoff,
  venue: f.venue,
  opponent: f.opponent,
  competition: f.competition,
  isHome: f.isHome,
  postponed: f.status === "postponed",
});

/** A new fixture (status 'fixture'), its opponent made if new, in one batch. */
export async function createFixture(env: Pick<Env, "DB" | "CACHE">, f: CheckedFixture): Promise<ConsoleFixture> {
  const [, inserted] = await env.DB.batch([
    ensureOpponent(env.DB, f),
    env.DB.prepare(
      `INSERT INTO matches (team_id, season_id, competition_id, opponent_id, is_home, venue, kickoff, status, tickets_url)
       VALUES (${IDS}, ?5, ?6, ?7, 'fixture', ?8) RETURNING id`,
    ).bind(f.teamSlug, f.seasonSlug, f.competition, f.opponent, f.isHome ? 1 : 0, f.venue, f.kickoff, f.ticketsUrl),
  ]);
  const id = (inserted?.results[0] as { id: number } | undefined)?.id;
  await invalidateCache(env);
  return (await fixtureById(env.DB, Number(id)))!;
}

export type FixtureWrite = { before: ConsoleFixture; after: ConsoleFixture };

const notFound = () => new ApiError(404, "FIXTURE_NOT_FOUND", "No such fixture");
const changedMeanwhile = () => new ApiError(409, "FIXTURE_CHANGED", "Someone changed this fixture meanwhile: reload it and try again");

/**
 * Writes the fixture's new fields with the sequence nextSequence gives, on the condition that the
 * row is still the one read (its sequence and kick-off), so two staff changing it at once cannot
 * both pass: the second is 409 and writes nothing.
 */
async function rewrite(env: Pick<Env, "DB" | "CACHE">, before: ConsoleFixture, after: CheckedFixture & { status: "fixture" | "postponed" | "result" }, extra?: { homeGoals: number; awayGoals: number }) {
  const sequence = nextSequence(before.sequence, calendarFieldsOf(before), calendarFieldsOf(after));
  const moved = new Date(before.kickoff).getTime() !== new Date(after.kickoff).getTime();
  const goals = extra ? (after.isHome ? [extra.homeGoals, extra.awayGoals] : [extra.awayGoals, extra.homeGoals]) : null;
  const [, updated] = await env.DB.batch([
    ensureOpponent(env.DB, after),
    env.DB.prepare(
      `UPDATE matches SET (team_id, season_id, competition_id, opponent_id) = (SELECT ${IDS}),
         is_home = ?5, venue = ?6, kickoff = ?7, tickets_url = ?8, status = ?9, sequence = ?10,
         previous_kickoff = CASE WHEN ?11 THEN kickoff ELSE previous_kickoff END,
         goals_for = CASE WHEN ?12 IS NULL THEN goals_for ELSE ?12 END, goals_against = CASE WHEN ?13 IS NULL THEN goals_against ELSE ?13 END,
         updated_at = CASE WHEN ?10 != sequence THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') ELSE updated_at END
       WHERE id = ?14 AND sequence = ?15 AND kickoff = ?16 AND status = ?17`,
    ).bind(
      after.teamSlug,
      after.seasonSlug,
      after.competition,
      after.opponent,
      after.isHome ? 1 : 0,
      after.venue,
      after.kickoff,
      after.ticketsUrl,
      after.status,
      sequence,
      moved ? 1 : 0,
      goals?.[0] ?? null,
      goals?.[1] ?? null,
      before.id,
      before.sequence,
      before.kickoff,
      before.status,
    ),
  ]);
  if ((updated?.meta.changes ?? 0) === 0) throw changedMeanwhile();
  await invalidateCache(env);
  return { before, after: (await fixtureById(env.DB, before.id))! };
}

async function existing(db: D1Database, id: number): Promise<ConsoleFixture> {
  const before = await fixtureById(db, id);
  if (!before) throw notFound();
  return before;
}

const checkedOf = (f: ConsoleFixture): CheckedFixture => ({
  teamSlug: f.teamSlug,
  seasonSlug: f.seasonSlug,
  competition: f.competition,
  opponent: f.opponent,
  isHome: f.isHome,
  venue: f.venue,
  kickoff: f.kickoff,
  ticketsUrl: f.ticketsUrl,
});

/** Edit: every field; the status stays. */
export async function editFixture(env: Pick<Env, "DB" | "CACHE">, id: number, f: CheckedFixture): Promise<FixtureWrite> {
  const before = await existing(env.DB, id);
  return rewrite(env, before, { ...f, status: before.status });
}

/**
 * Reschedule: a new kick-off; the old one is kept as `previous_kickoff`. A postponed fixture
 * rescheduled is a fixture again. A played match is not rescheduled (409).
 */
export async function rescheduleFixture(env: Pick<Env, "DB" | "CACHE">, id: number, kickoff: string): Promise<FixtureWrite> {
  const before = await existing(env.DB, id);
  if (before.status === "result") throw new ApiError(409, "MATCH_PLAYED", "This match has been played: it cannot be rescheduled");
  if (new Date(before.kickoff).getTime() === new Date(kickoff).getTime()) {
    throw ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", [{ field: "kickoff", detail: "This is the kick-off it has now" }]);
  }
  return rewrite(env, before, { ...checkedOf(before), kickoff, status: "fixture" });
}

/** Postpone: status 'postponed', the site's own (the match pages say so, the calendar cancels the event). */
export async function postponeFixture(env: Pick<Env, "DB" | "CACHE">, id: number): Promise<FixtureWrite> {
  const before = await existing(env.DB, id);
  if (before.status !== "fixture") throw new ApiError(409, before.status === "result" ? "MATCH_PLAYED" : "ALREADY_POSTPONED", before.status === "result" ? "This match has been played: it cannot be postponed" : "This fixture is already postponed");
  if (before.liveRun) throw new ApiError(409, "LIVE_FEED_OWNS_RESULT", "The live feed is running this match");
  return rewrite(env, before, { ...checkedOf(before), status: "postponed" });
}

export const RESULT_REFUSALS = {
  LIVE_FEED_OWNS_RESULT: "The live feed ran this match: its result comes from the match's events",
  MATCH_POSTPONED: "This match was postponed: reschedule it first",
  NOT_KICKED_OFF: "This match has not kicked off yet",
} as const;

/** A result typed by hand, for a match the live feed did not run (the feed owns the others: 409). */
export async function enterResult(env: Pick<Env, "DB" | "CACHE">, id: number, goals: { homeGoals: number; awayGoals: number }, now: Date): Promise<FixtureWrite> {
  const before = await existing(env.DB, id);
  const refusal = resultRefusal({ status: before.status, liveSeq: before.liveRun ? 1 : 0, kickoff: before.kickoff }, now);
  if (refusal) throw new ApiError(409, refusal, RESULT_REFUSALS[refusal]);
  return rewrite(env, before, { ...checkedOf(before), status: "result" }, goals);
}

/**
 * A checked CSV file, written in one D1 batch (one transaction: all of it or none): each new
 * opponent, then each fixture unless one with its natural key (team, kick-off, opponent:
 * fixtureKey) is already there, so importing the same file again adds nothing. Answers how many
 * rows were new.
 */
export async function importFixtures(env: Pick<Env, "DB" | "CACHE">, rows: ImportRow[]): Promise<{ added: number; skipped: number }> {
  const statements = rows.flatMap(({ fixture: f }) => [
    ensureOpponent(env.DB, f),
    env.DB.prepare(
      `INSERT INTO matches (team_id, season_id, competition_id, opponent_id, is_home, venue, kickoff, status, tickets_url)
       SELECT ${IDS}, ?5, ?6, ?7, 'fixture', ?8
       WHERE NOT EXISTS (SELECT 1 FROM matches m JOIN teams t ON t.id = m.team_id JOIN opponents o ON o.id = m.opponent_id
                         WHERE t.slug = ?1 AND m.kickoff = ?7 AND o.name = ?4 COLLATE NOCASE)
       RETURNING id`,
    ).bind(f.teamSlug, f.seasonSlug, f.competition, f.opponent, f.isHome ? 1 : 0, f.venue, f.kickoff, f.ticketsUrl),
  ]);
  const results = await env.DB.batch(statements);
  // Counted by the rows each insert returns: meta.changes would count the insert trigger's update too.
  const added = results.filter((_, i) => i % 2 === 1).reduce((n, r) => n + r.results.length, 0);
  if (added > 0) await invalidateCache(env);
  return { added, skipped: rows.length - added };
}

const keyRow = rowSchema("matches (natural key)", { team_slug: z.string(), kickoff: z.string(), opponent: z.string() });

/** The natural keys (fixtureKey) of the rows' teams' fixtures already stored: the preview marks those rows as there. */
export async function existingKeys(db: D1Database, rows: ImportRow[]): Promise<Set<string>> {
  const teams = [...new Set(rows.map((r) => r.fixture.teamSlug))];
  if (teams.length === 0) return new Set();
  const found = await allRows(
    keyRow,
    db
      .prepare(
        `SELECT t.slug AS team_slug, m.kickoff, o.name AS opponent FROM matches m JOIN teams t ON t.id = m.team_id JOIN opponents o ON o.id = m.opponent_id
         WHERE t.slug IN (SELECT value FROM json_each(?1))`,
      )
      .bind(JSON.stringify(teams)),
  );
  return new Set(found.map((r) => fixtureKey({ teamSlug: r.team_slug, kickoff: r.kickoff, opponent: r.opponent })));
}
