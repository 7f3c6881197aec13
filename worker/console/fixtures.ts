import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError, fieldErrorsOf } from "../http/api-error";
import { requireCapability } from "./capabilities";
import { auditedWrite, fieldsRefused, jsonBody, parsedBody } from "./audited-write";
import { checkFixture, checkFixtureCsv, fixtureKey, londonKickoff, type FixtureLookups } from "../../src/domain/fixture-rules";
import {
  createFixture,
  editFixture,
  enterResult,
  fixtureChoices,
  fixturePage,
  importFixtures,
  lookupsOf,
  postponeFixture,
  rescheduleFixture,
  existingKeys,
} from "../matches/fixture-store";
import type { ImportPreview } from "../../src/schemas/console-fixtures";

/**
 * The console's Fixtures and results (/admin/fixtures), behind staffOnly, the console's Origin
 * check and `fixtures.manage`:
 *   GET  /api/console/fixtures?team=&season=&when=upcoming|past&page=   one page of a team's season
 *   POST /api/console/fixtures                       a new fixture (the form's fields)
 *   PUT  /api/console/fixtures/{id}                  an edit (every field)
 *   POST /api/console/fixtures/{id}/reschedule       { kickoff } London time; the old one kept
 *   POST /api/console/fixtures/{id}/postpone         status 'postponed'
 *   PUT  /api/console/fixtures/{id}/result           { homeGoals, awayGoals }; 409 for a match the live feed ran
 *   POST /api/console/fixtures/import                { csv, confirm }: the preview, or the import in one batch
 * Every write, refusals too, is audited as `fixtures.*` with the fixture before and after.
 */
export const consoleFixturesApi = new Hono<AppEnv>();

const text = (max: number) => z.string({ error: "Enter a value" }).max(max, `At most ${max} characters`);
const fixtureInput = z.object({
  team: text(80),
  season: text(20),
  competition: text(120),
  opponent: text(200),
  homeAway: text(10),
  venue: text(300),
  kickoff: text(40),
  ticketsUrl: text(2048).default(""),
});
const rescheduleInput = z.object({ kickoff: text(40) });
const goals = z.number({ error: "A number of goals" }).int("A whole number").min(0, "At least 0").max(99, "At most 99");
const resultInput = z.object({ homeGoals: goals, awayGoals: goals });
/** 60,000 characters keeps the body inside the console's 64 KB limit with room for JSON's escapes. */
const importInput = z.object({ csv: z.string({ error: "Choose a CSV file" }).min(1, "The file is empty").max(60_000, "The file is too large: at most 60,000 characters"), confirm: z.boolean().default(false) });
const ID = /^[1-9][0-9]{0,8}$/;

type Ctx = Context<AppEnv>;




async function checked(c: Ctx, raw: unknown) {
  const fields = parsedBody(fixtureInput, raw);
  const result = checkFixture(fields, lookupsOf(await fixtureChoices(c.env.DB)));
  if (!result.ok) throw fieldsRefused(result.problems);
  return result.fixture;
}

function idOf(c: Ctx): number {
  const text = c.req.param("id") ?? "";
  if (!ID.test(text)) throw new ApiError(404, "FIXTURE_NOT_FOUND", "No such fixture");
  return Number(text);
}

const listQuery = z.object({
  team: z.string().max(80).default(""),
  season: z.string().max(20),
  when: z.enum(["upcoming", "past"]).default("upcoming"),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
});

consoleFixturesApi.get("/fixtures", requireCapability("fixtures.manage"), async (c) => {
  const q = listQuery.safeParse(c.req.query());
  if (!q.success) throw fieldsRefused(fieldErrorsOf(q.error));
  return c.json({ data: { attributes: await fixturePage(c.env.DB, q.data.team, q.data.season, q.data.when, q.data.page, new Date()) } });
});

consoleFixturesApi.post("/fixtures", requireCapability("fixtures.manage"), async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "fixtures.create", null, raw, async () => {
    const after = await createFixture(c.env, await checked(c, raw));
    return { detail: { before: null, after }, answer: after, status: 201 };
  });
});

consoleFixturesApi.put("/fixtures/:id", requireCapability("fixtures.manage"), async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "fixtures.edit", c.req.param("id"), raw, async () => {
    const id = idOf(c);
    const write = await editFixture(c.env, id, await checked(c, raw));
    return { detail: write, answer: write.after };
  });
});

consoleFixturesApi.post("/fixtures/:id/reschedule", requireCapability("fixtures.manage"), async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "fixtures.reschedule", c.req.param("id"), raw, async () => {
    const id = idOf(c);
    const kickoff = londonKickoff(parsedBody(rescheduleInput, raw).kickoff);
    if (!kickoff) throw fieldsRefused([{ field: "kickoff", detail: "A date and time in London time: 2025-04-26 15:00" }]);
    const write = await rescheduleFixture(c.env, id, kickoff);
    return { detail: write, answer: write.after };
  });
});

consoleFixturesApi.post("/fixtures/:id/postpone", requireCapability("fixtures.manage"), async (c) =>
  auditedWrite(c, "fixtures.postpone", c.req.param("id"), null, async () => {
    const write = await postponeFixture(c.env, idOf(c));
    return { detail: write, answer: write.after };
  }),
);

consoleFixturesApi.put("/fixtures/:id/result", requireCapability("fixtures.manage"), async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "fixtures.result", c.req.param("id"), raw, async () => {
    const id = idOf(c);
    const write = await enterResult(c.env, id, parsedBody(resultInput, raw), new Date());
    return { detail: write, answer: write.after };
  });
});

/**
 * The import: the file checked whole (checkFixtureCsv) and answered as a preview, each row with
 * whether it is already there; with `confirm` and no problem at all, written in one batch. A file
 * with any problem writes nothing, confirmed or not (the preview's problems come back as a 400).
 */
consoleFixturesApi.post("/fixtures/import", requireCapability("fixtures.manage"), async (c) => {
  const raw = await jsonBody(c);
  const input = importInput.safeParse(raw ?? {});
  const summary = { confirm: (raw as { confirm?: unknown } | undefined)?.confirm === true };
  return auditedWrite(c, summary.confirm ? "fixtures.import" : "fixtures.import.preview", null, summary, async () => {
    if (!input.success) throw fieldsRefused(fieldErrorsOf(input.error));
    const options = await fixtureChoices(c.env.DB);
    const lookups: FixtureLookups = lookupsOf(options);
    const { rows, problems } = checkFixtureCsv(input.data.csv, lookups);
    const known = await existingKeys(c.env.DB, rows);
    const teamName = new Map(options.teams.map((t) => [t.slug, t.name]));
    const preview: ImportPreview = {
      rows: rows.map(({ row, fixture: f }) => ({ row, team: teamName.get(f.teamSlug) ?? f.teamSlug, opponent: f.opponent, isHome: f.isHome, competition: f.competition, kickoff: f.kickoff, exists: known.has(fixtureKey(f)) })),
      problems,
    };
    if (problems.length > 0) {
      // The preview's own answer when only previewing; a refusal (nothing written) when confirmed.
      if (!input.data.confirm) return { detail: { rows: rows.length, problems: problems.length }, answer: preview };
      throw new ApiError(400, "IMPORT_INVALID", `The file has ${problems.length === 1 ? "a problem" : `${problems.length} problems`}: nothing was imported`, {}, problems.map((p) => ({ code: "IMPORT_INVALID", detail: `Line ${p.row}, ${p.field}: ${p.detail}`, field: p.field })));
    }
    if (!input.data.confirm) return { detail: { rows: rows.length, problems: 0 }, answer: preview };
    const { added, skipped } = await importFixtures(c.env, rows);
    return { detail: { rows: rows.length, added, skipped, before: null, after: rows.map((r) => fixtureKey(r.fixture)).slice(0, 100) }, answer: { ...preview, added, skipped } };
  });
});
