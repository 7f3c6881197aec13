import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { account, ADMIN_TOKEN, roleAccount } from "./staff-accounts";
import { browser, type Browser } from "./auth-test-app";
import type { LeagueTable } from "../../src/schemas/league-table";

/**
 * The league table through D1 (src/domain/standings.ts over worker/matches/league-table.ts): a
 * league of its own in a season the demo content does not have (2019/20, kick-offs long before any
 * other test's fixtures), the console's results and deductions (/api/console/table), their
 * refusals, capability and audit, and full time through the club's feed moving the table.
 */

const SEASON = "2019-20";
const send = (b: Browser, path: string, method: string, body?: unknown) =>
  b.fetch(`/api/console${path}`, { method, headers: { "content-type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const errorsOf = async (res: Response) => ((await res.json()) as { errors: { code: string; field?: string; detail: string }[] }).errors;
const auditOf = async (actor: string) =>
  (await env.DB.prepare("SELECT action, target, status, detail FROM admin_audit_log WHERE actor = ?1 ORDER BY id").bind(actor).all<{ action: string; target: string | null; status: number; detail: string }>()).results;

/** The matches page's route data: its table. */
async function table(): Promise<LeagueTable> {
  const res = await SELF.fetch(`https://rovers.test/matches/first-team/${SEASON}`, { headers: { "x-route-data": "matches/:team/:season" } });
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { table: LeagueTable | null } };
  expect(data.table).not.toBeNull();
  return data.table!;
}
const summary = (t: LeagueTable) => t.rows.map((r) => [r.position, r.club, r.played, r.won, r.drawn, r.lost, r.goalsFor, r.goalsAgainst, r.points, r.form.join("")]);

const ids = { season: 0, league: 0, a: 0, b: 0, c: 0, fixture: 0 };
const one = async <T,>(sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).first<T>())!;

beforeAll(async () => {
  ids.season = (await one<{ id: number }>("INSERT INTO seasons (year, slug, name) VALUES (2019, ?1, '2019/20') RETURNING id", SEASON)).id;
  ids.league = (await one<{ id: number }>("INSERT INTO competitions (name, kind) VALUES ('Test League', 'league') RETURNING id")).id;
  for (const k of ["a", "b", "c"] as const) {
    ids[k] = (await one<{ id: number }>("INSERT INTO opponents (name, short_name, venue, image_key) VALUES (?1, ?1, 'Ground', 'opponent-x') RETURNING id", `Table ${k.toUpperCase()}`)).id;
  }
  const match = (opponent: number, home: number, kickoff: string, status: string, gf: number | null, ga: number | null) =>
    one<{ id: number }>(
      `INSERT INTO matches (team_id, season_id, competition_id, opponent_id, is_home, venue, kickoff, status, goals_for, goals_against)
       VALUES (1, ?1, ?2, ?3, ?4, 'Riverside Park', ?5, ?6, ?7, ?8) RETURNING id`,
      ids.season, ids.league, opponent, home, kickoff, status, gf, ga,
    );
  await match(ids.a, 1, "2019-08-10T14:00:00.000Z", "result", 2, 0); // Rovers 2-0 A
  await match(ids.b, 0, "2019-08-17T14:00:00.000Z", "result", 1, 1); // B 1-1 Rovers
  ids.fixture = (await match(ids.c, 1, "2019-09-01T14:00:00.000Z", "fixture", null, null)).id; // Rovers v C, to come
  await env.DB.prepare("INSERT INTO league_results (season_id, competition_id, home_id, away_id, played_on, home_goals, away_goals) VALUES (?1, ?2, ?3, ?4, '2019-08-17', 3, 1), (?1, ?2, ?5, ?3, '2019-08-24', 0, 0)")
    .bind(ids.season, ids.league, ids.a, ids.b, ids.c)
    .run();
});

describe("the league table", () => {
  it("is computed from the club's results and the other clubs', sorted by points, goal difference, goals scored", async () => {
    // Worked by hand: Rovers W2-0 D1-1 (4 pts, +2); A L0-2 W3-1 D0-0 (4, 0); C D0-0 (1, 0, 0 scored); B D1-1 L1-3 (1, -2).
    expect(summary(await table())).toEqual([
      [1, "Northbridge Rovers FC", 2, 1, 1, 0, 3, 1, 4, "WD"],
      [2, "Table A", 3, 1, 1, 1, 3, 3, 4, "LWD"],
      [3, "Table C", 1, 0, 1, 0, 0, 0, 1, "D"],
      [4, "Table B", 2, 0, 1, 1, 2, 4, 1, "DL"],
    ]);
  });

  it("takes a deduction added in the console, noted with its reason, and gives the points back when removed; both audited with before and after", async () => {
    const { b, identity } = await roleAccount("table-admin", ["administrator"]);
    const added = await send(b, "/table/deductions", "POST", { team: "first-team", season: SEASON, club: "Northbridge Rovers FC", points: 3, reason: "fielding an ineligible player" });
    expect(added.status).toBe(201);
    const { id } = ((await added.json()) as { data: { attributes: { id: number } } }).data.attributes;
    const after = await table();
    expect(summary(after).map((r) => [r[1], r[8]])).toEqual([
      ["Table A", 4],
      ["Northbridge Rovers FC", 1],
      ["Table C", 1],
      ["Table B", 1],
    ]);
    expect(after.deductions).toEqual([{ id, club: "Northbridge Rovers FC", points: 3, reason: "fielding an ineligible player" }]);
    // The match centre shows the same table, with the note.
    const centre = await (await SELF.fetch(`https://rovers.test/match/first-team/${SEASON}/${ids.fixture}`)).text();
    expect(centre).toContain("Northbridge Rovers FC: 3 points deducted (fielding an ineligible player)");

    expect((await send(b, `/table/deductions/${id}`, "DELETE")).status).toBe(200);
    expect((await table()).rows[0]).toMatchObject({ club: "Northbridge Rovers FC", points: 4, deducted: 0 });
    const audit = await auditOf(`staff:${identity.ssoID}`);
    expect(audit.map((a) => [a.action, a.status])).toEqual([["table.deduction.create", 201], ["table.deduction.delete", 200]]);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ via: "console", before: null, after: { id, points: 3, club: "Northbridge Rovers FC" } });
    expect(JSON.parse(audit[1]!.detail)).toMatchObject({ before: { id, points: 3, reason: "fielding an ineligible player" }, after: null });
  });

  it("enters and corrects another pairing's result; bad input is 400 with each field named, nothing written", async () => {
    const { b, identity } = await roleAccount("table-results", ["administrator"]);
    const bad = await send(b, "/table/results", "POST", { team: "first-team", season: SEASON, home: "Table B", away: "Table C", homeGoals: -1, awayGoals: "two", playedOn: "yesterday" });
    expect(bad.status).toBe(400);
    expect((await errorsOf(bad)).map((e) => [e.code, e.field])).toEqual([
      ["INVALID_INPUT", "homeGoals"],
      ["INVALID_INPUT", "awayGoals"],
      ["INVALID_INPUT", "playedOn"],
    ]);
    const self = await send(b, "/table/results", "POST", { team: "first-team", season: SEASON, home: "Table B", away: "Table B", homeGoals: 1, awayGoals: 0, playedOn: "2019-08-31" });
    expect((await errorsOf(self)).map((e) => [e.field, e.detail])).toEqual([["away", "A club cannot play itself"]]);
    // The club's own results are its fixtures, not entries here.
    const ours = await send(b, "/table/results", "POST", { team: "first-team", season: SEASON, home: "Northbridge Rovers FC", away: "Table B", homeGoals: 1, awayGoals: 0, playedOn: "2019-08-31" });
    expect((await errorsOf(ours)).map((e) => e.field)).toEqual(["home"]);
    const again = await send(b, "/table/results", "POST", { team: "first-team", season: SEASON, home: "Table A", away: "Table B", homeGoals: 0, awayGoals: 0, playedOn: "2019-08-31" });
    expect((await errorsOf(again)).map((e) => e.field)).toEqual(["away"]);
    const bLeague = await send(b, "/table/results", "POST", { team: "first-team", season: "1999-00", home: "Table B", away: "Table C", homeGoals: 1, awayGoals: 0, playedOn: "2019-08-31" });
    expect((await errorsOf(bLeague)).map((e) => e.field)).toEqual(["season"]);
    expect((await table()).rows.find((r) => r.club === "Table B")!.played).toBe(2);

    const created = await send(b, "/table/results", "POST", { team: "first-team", season: SEASON, home: "Table B", away: "Table C", homeGoals: 2, awayGoals: 0, playedOn: "2019-08-31" });
    expect(created.status).toBe(201);
    const { id } = ((await created.json()) as { data: { attributes: { id: number } } }).data.attributes;
    expect((await table()).rows.find((r) => r.club === "Table B")).toMatchObject({ played: 3, points: 4 });
    expect((await send(b, `/table/results/${id}`, "PUT", { team: "first-team", season: SEASON, home: "Table B", away: "Table C", homeGoals: 0, awayGoals: 1, playedOn: "2019-08-31" })).status).toBe(200);
    expect((await table()).rows.find((r) => r.club === "Table C")).toMatchObject({ played: 2, points: 4 });
    expect((await send(b, `/table/results/${id}`, "DELETE")).status).toBe(200);
    expect((await table()).rows.find((r) => r.club === "Table C")).toMatchObject({ played: 1, points: 1 });

    const audit = await auditOf(`staff:${identity.ssoID}`);
    expect(audit.map((a) => [a.action, a.status])).toEqual([
      ["table.result.create", 400],
      ["table.result.create", 400],
      ["table.result.create", 400],
      ["table.result.create", 400],
      ["table.result.create", 400],
      ["table.result.create", 201],
      ["table.result.edit", 200],
      ["table.result.delete", 200],
    ]);
    expect(JSON.parse(audit[6]!.detail)).toMatchObject({ before: { home_goals: 2, away_goals: 0 }, after: { homeGoals: 0, awayGoals: 1 } });
  });

  it("enters a pairing once when two staff send it at the same moment, and refuses an edit that would make a second entry", async () => {
    const { b } = await roleAccount("table-parallel", ["administrator"]);
    const result = { team: "first-team", season: SEASON, home: "Table B", away: "Table A", homeGoals: 1, awayGoals: 1, playedOn: "2019-09-07" };
    const answers = await Promise.all([send(b, "/table/results", "POST", result), send(b, "/table/results", "POST", result)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400]);
    const refused = answers.find((r) => r.status === 400)!;
    expect((await errorsOf(refused)).map((e) => [e.field, e.detail])).toEqual([["away", "Table B v Table A is already entered: edit that result instead"]]);
    const { id } = ((await answers.find((r) => r.status === 201)!.json()) as { data: { attributes: { id: number } } }).data.attributes;
    const count = await one<{ n: number }>("SELECT COUNT(*) AS n FROM league_results WHERE season_id = ?1 AND home_id = ?2 AND away_id = ?3", ids.season, ids.b, ids.a);
    expect(count.n).toBe(1);
    // Turning it into A v B (already entered) is refused, and the entry stays as it was.
    const clash = await send(b, `/table/results/${id}`, "PUT", { ...result, home: "Table A", away: "Table B" });
    expect((await errorsOf(clash)).map((e) => e.field)).toEqual(["away"]);
    expect(await one<{ home_id: number }>("SELECT home_id FROM league_results WHERE id = ?1", id)).toMatchObject({ home_id: ids.b });
    expect((await send(b, `/table/results/${id}`, "DELETE")).status).toBe(200);
  });

  it("needs fixtures.manage (403, audited) and a staff role (404); the page too", async () => {
    const { b: editor, identity } = await roleAccount("table-editor", ["editor"]);
    const refused = await send(editor, "/table/deductions", "POST", { team: "first-team", season: SEASON, club: "Table A", points: 1, reason: "x" });
    expect(refused.status).toBe(403);
    expect(await errorsOf(refused)).toMatchObject([{ code: "CAPABILITY_REQUIRED" }]);
    expect((await auditOf(`staff:${identity.ssoID}`)).map((a) => a.status)).toEqual([403]);
    expect((await editor.fetch("/admin/table")).status).toBe(403);
    const { b: operator } = await roleAccount("table-operator", ["match-operator"]);
    expect((await operator.fetch(`/admin/table?season=${SEASON}`)).status).toBe(200);
    const { b: fan } = await account("table-fan");
    expect((await send(fan, "/table/deductions", "POST", {})).status).toBe(404);
    expect((await (await table()).deductions).length).toBe(0);
  });

  it("moves at full time by itself: the club's feed writes the result and the next render counts it", async () => {
    const feed = browser({ ADMIN_TOKEN });
    let n = 0;
    for (const [type, minute] of [["kickoff", 0], ["goal", 12], ["halftime", 45], ["second-half", 46], ["fulltime", 93]] as const) {
      const res = await feed.fetch(`/api/admin/matches/${ids.fixture}/events`, {
        method: "POST",
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json", "idempotency-key": `table-${++n}-${crypto.randomUUID()}` },
        body: JSON.stringify({ type, minute, side: "home" }),
      });
      expect(res.status).toBe(201);
    }
    const rovers = (await table()).rows.find((r) => r.club === "Northbridge Rovers FC")!;
    expect(rovers).toMatchObject({ played: 3, won: 2, points: 7, form: ["W", "D", "W"] });
  });
});
