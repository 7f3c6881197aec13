import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { invalidateCache } from "../cache/kv-cache";
import { requireCapability } from "./capabilities";
import { auditedWrite, fieldsRefused, jsonBody, parsedBody } from "./audited-write";
import { leagueOf, tableParts, type League } from "../matches/league-table";
import { resultProblems } from "../../src/domain/standings";
import { teamFromParam } from "../../src/data/route-params";

/**
 * The console's League table (/admin/table), behind staffOnly, the console's Origin check and
 * `fixtures.manage`. The club's own results are its fixtures (/admin/fixtures, or the live feed at
 * full time); here staff keep what the table needs besides them:
 *   POST   /api/console/table/results          another pairing's result { team, season, home, away, homeGoals, awayGoals, playedOn }
 *   PUT    /api/console/table/results/{id}     its correction (same fields)
 *   DELETE /api/console/table/results/{id}     a result entered by mistake
 *   POST   /api/console/table/deductions       { team, season, club, points, reason }
 *   DELETE /api/console/table/deductions/{id}  (the screen asks first)
 * Every write, refusals too, is audited as `table.*` with the row before and after, and retires
 * the content cache: the matches pages and match centres compute the table on their next render.
 */
export const consoleLeagueTableApi = new Hono<AppEnv>();

const text = (max: number) => z.string({ error: "Enter a value" }).trim().min(1, "Enter a value").max(max, `At most ${max} characters`);
const goals = z.number({ error: "A number of goals" }).int("A whole number").min(0, "At least 0").max(99, "At most 99");
const which = { team: z.string({ error: "Choose a team" }).max(80), season: z.string({ error: "Choose a season" }).max(20) };
const resultInput = z.object({
  ...which,
  home: text(200),
  away: text(200),
  homeGoals: goals,
  awayGoals: goals,
  playedOn: z.string({ error: "Enter a date" }).regex(/^\d{4}-\d{2}-\d{2}$/, "A date: 2024-11-09").refine((d) => !Number.isNaN(Date.parse(`${d}T12:00:00Z`)), "A real date"),
});
const deductionInput = z.object({
  ...which,
  club: text(200),
  points: z.number({ error: "A number of points" }).int("A whole number").min(1, "At least 1").max(99, "At most 99"),
  reason: text(300),
});
const ID = /^[1-9][0-9]{0,8}$/;

type Ctx = Context<AppEnv>;

/** A table write: audited with the row before and after, and the content cache retired (pages compute the table when they render). */
function tableWrite(c: Ctx, action: string, target: string | null, body: unknown, write: () => Promise<{ before: unknown; after: unknown; status?: 200 | 201 }>) {
  return auditedWrite(c, action, target, body, async () => {
    const { before, after, status = 200 } = await write();
    await invalidateCache(c.env);
    return { detail: { before, after }, answer: after, status };
  });
}

function idOf(c: Ctx): number {
  const id = c.req.param("id") ?? "";
  if (!ID.test(id)) throw new ApiError(404, "NOT_FOUND", "No such entry");
  return Number(id);
}

/** The team's league that season, and its clubs by name (the club's own team first). */
async function leagueFor(db: D1Database, team: string, season: string): Promise<{ league: League; clubs: Map<string, number | null> }> {
  const league = await leagueOf(db, teamFromParam(team), season);
  if (!league) throw fieldsRefused([{ field: "season", detail: "This team plays no league that season" }]);
  const parts = await tableParts(db, league);
  return { league, clubs: new Map<string, number | null>([[league.team_name, null], ...parts.clubs.map((c) => [c.name, c.id] as const)]) };
}

const resultRow = z.object({ id: z.number(), season_id: z.number(), competition_id: z.number(), home_id: z.number(), away_id: z.number(), played_on: z.string(), home_goals: z.number(), away_goals: z.number() });
const readResult = async (db: D1Database, id: number) => {
  const row = await db.prepare("SELECT id, season_id, competition_id, home_id, away_id, played_on, home_goals, away_goals FROM league_results WHERE id = ?1").bind(id).first();
  return row ? resultRow.parse(row) : null;
};

async function checkedResult(c: Ctx, raw: unknown) {
  const input = parsedBody(resultInput, raw);
  const { league, clubs } = await leagueFor(c.env.DB, input.team, input.season);
  // Only other clubs' pairings: the club's own results are its fixtures.
  const others = [...clubs].filter(([, id]) => id !== null).map(([name]) => name);
  const problems = resultProblems(input, others);
  if (problems.length > 0) throw fieldsRefused(problems);
  return { league, homeId: clubs.get(input.home)!, awayId: clubs.get(input.away)!, input };
}

async function writeResult(c: Ctx, id: number | null, raw: unknown) {
  const { league, homeId, awayId, input } = await checkedResult(c, raw);
  const before = id === null ? null : await readResult(c.env.DB, id);
  if (id !== null && !before) throw new ApiError(404, "NOT_FOUND", "No such result");
  const binds = [league.season_id, league.competition_id, homeId, awayId, input.playedOn, input.homeGoals, input.awayGoals] as const;
  // One entry per pairing and ground is the table's UNIQUE constraint: a write that would make a
  // second one changes nothing (OR IGNORE / ON CONFLICT), and comes back without a row.
  const row =
    id === null
      ? await c.env.DB.prepare("INSERT INTO league_results (season_id, competition_id, home_id, away_id, played_on, home_goals, away_goals) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT DO NOTHING RETURNING id").bind(...binds).first<{ id: number }>()
      : await c.env.DB.prepare("UPDATE OR IGNORE league_results SET season_id = ?1, competition_id = ?2, home_id = ?3, away_id = ?4, played_on = ?5, home_goals = ?6, away_goals = ?7 WHERE id = ?8 RETURNING id").bind(...binds, id).first<{ id: number }>();
  if (!row) throw fieldsRefused([{ field: "away", detail: `${input.home} v ${input.away} is already entered: edit that result instead` }]);
  const after = { id: row.id, competition: league.competition, season: league.season_slug, home: input.home, away: input.away, homeGoals: input.homeGoals, awayGoals: input.awayGoals, playedOn: input.playedOn };
  return { before, after, status: id === null ? (201 as const) : (200 as const) };
}

consoleLeagueTableApi.post("/table/results", requireCapability("fixtures.manage"), async (c) => {
  const raw = await jsonBody(c);
  return tableWrite(c, "table.result.create", null, raw, () => writeResult(c, null, raw));
});

consoleLeagueTableApi.put("/table/results/:id", requireCapability("fixtures.manage"), async (c) => {
  const raw = await jsonBody(c);
  return tableWrite(c, "table.result.edit", c.req.param("id"), raw, () => writeResult(c, idOf(c), raw));
});

consoleLeagueTableApi.delete("/table/results/:id", requireCapability("fixtures.manage"), async (c) =>
  tableWrite(c, "table.result.delete", c.req.param("id"), null, async () => {
    const id = idOf(c);
    const before = await readResult(c.env.DB, id);
    if (!before) throw new ApiError(404, "NOT_FOUND", "No such result");
    await c.env.DB.prepare("DELETE FROM league_results WHERE id = ?1").bind(id).run();
    return { before, after: null };
  }),
);

consoleLeagueTableApi.post("/table/deductions", requireCapability("fixtures.manage"), async (c) => {
  const raw = await jsonBody(c);
  return tableWrite(c, "table.deduction.create", null, raw, async () => {
    const input = parsedBody(deductionInput, raw);
    const { league, clubs } = await leagueFor(c.env.DB, input.team, input.season);
    if (!clubs.has(input.club)) throw fieldsRefused([{ field: "club", detail: "Choose a club in this competition" }]);
    const row = await c.env.DB.prepare(
      "INSERT INTO table_deductions (season_id, competition_id, opponent_id, points, reason, created_at) VALUES (?1, ?2, ?3, ?4, ?5, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) RETURNING id",
    )
      .bind(league.season_id, league.competition_id, clubs.get(input.club) ?? null, input.points, input.reason)
      .first<{ id: number }>();
    return { before: null, after: { id: row?.id, competition: league.competition, season: league.season_slug, club: input.club, points: input.points, reason: input.reason }, status: 201 };
  });
});

consoleLeagueTableApi.delete("/table/deductions/:id", requireCapability("fixtures.manage"), async (c) =>
  tableWrite(c, "table.deduction.delete", c.req.param("id"), null, async () => {
    const id = idOf(c);
    const before = await c.env.DB.prepare("SELECT id, season_id, competition_id, opponent_id, points, reason, created_at FROM table_deductions WHERE id = ?1").bind(id).first();
    if (!before) throw new ApiError(404, "NOT_FOUND", "No such deduction");
    await c.env.DB.prepare("DELETE FROM table_deductions WHERE id = ?1").bind(id).run();
    return { before, after: null };
  }),
);
