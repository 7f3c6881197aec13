import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { account, roleAccount } from "./staff-accounts";
import type { Browser } from "./auth-test-app";
import { parseICalendar, single, type ICalComponent } from "./ical-parser";
import { FIXTURE_CSV_HEADER } from "../../src/domain/fixture-rules";

/** Fixtures and results from the console (/admin/fixtures, /api/console/fixtures): validation, capability, CSRF, calendars, results, the CSV import. */

const send = (b: Browser, path: string, method: string, body?: unknown, origin?: string) =>
  b.fetch(`/api/console${path}`, {
    method,
    headers: { "content-type": "application/json", ...(origin ? { origin } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const errorsOf = async (res: Response) => ((await res.json()) as { errors: { code: string; field?: string; detail: string }[] }).errors;
type Fixture = { id: number; kickoff: string; previousKickoff: string | null; status: string; sequence: number; homeGoals: number | null; awayGoals: number | null };
const fixtureOf = async (res: Response) => ((await res.json()) as { data: { attributes: Fixture } }).data.attributes;
const get = (path: string) => SELF.fetch(`https://rovers.test${path}`);
const countOf = async (opponent: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM matches m JOIN opponents o ON o.id = m.opponent_id WHERE o.name = ?1").bind(opponent).first<{ n: number }>())!.n;
const auditOf = async (actor: string) =>
  (await env.DB.prepare("SELECT action, target, status, detail FROM admin_audit_log WHERE actor = ?1 ORDER BY id").bind(actor).all<{ action: string; target: string | null; status: number; detail: string }>())
    .results;

const form = (opponent: string, changes: Record<string, string> = {}) => ({
  team: "first-team",
  season: "2024-25",
  competition: "Championship",
  opponent,
  homeAway: "home",
  venue: "Riverside Park",
  kickoff: "2025-04-26T15:00",
  ticketsUrl: "https://tickets.example.com/match",
  ...changes,
});

async function icsEvent(matchID: number): Promise<ICalComponent> {
  const response = await get("/calendar/first-team.ics");
  expect(response.status).toBe(200);
  const event = parseICalendar(await response.text()).components.find((c) => c.name === "VEVENT" && single(c, "UID") === `match-${matchID}@fixtures.northbridgerovers.example`);
  expect(event, `match ${matchID} in the feed`).toBeDefined();
  return event!;
}

describe("fixtures in the console", () => {
  it("creates a fixture from the form (London time stored in UTC), audited with before and after; it shows on /matches and in the team's calendar", async () => {
    const { b, identity } = await roleAccount("fixtures-admin", ["administrator"]);
    const created = await send(b, "/fixtures", "POST", form("Testbridge Wanderers"));
    expect(created.status).toBe(201);
    const fixture = await fixtureOf(created);
    expect(fixture).toMatchObject({ kickoff: "2025-04-26T14:00:00.000Z", status: "fixture", previousKickoff: null });
    expect(await (await get("/matches/first-team/2024-25")).text()).toContain("Testbridge Wanderers");
    // The match centre's 'Buy Tickets' goes to the fixture's own link.
    expect(await (await get(`/match/first-team/2024-25/${fixture.id}`)).text()).toContain('href="https://tickets.example.com/match"');
    expect(single(await icsEvent(fixture.id), "DTSTART")).toBe("20250426T140000Z");
    const audit = await auditOf(`staff:${identity.ssoID}`);
    expect(audit.map((a) => [a.action, a.status])).toEqual([["fixtures.create", 201]]);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ via: "console", before: null, after: { id: fixture.id, opponent: "Testbridge Wanderers" } });
  });

  it("refuses bad fields with one 400 error per field (an unknown team and season on their fields); nothing written", async () => {
    const { b } = await roleAccount("fixtures-checker", ["administrator"]);
    const bad = await send(b, "/fixtures", "POST", form("Nowhere Rovers", { team: "reserves", season: "1999-00", homeAway: "neutral", kickoff: "2025-04-26T25:00", ticketsUrl: "javascript:alert(1)" }));
    expect(bad.status).toBe(400);
    const errors = await errorsOf(bad);
    expect(errors.map((e) => [e.code, e.field])).toEqual([
      ["INVALID_INPUT", "team"],
      ["INVALID_INPUT", "season"],
      ["INVALID_INPUT", "homeAway"],
      ["INVALID_INPUT", "kickoff"],
      ["INVALID_INPUT", "ticketsUrl"],
    ]);
    const missing = await send(b, "/fixtures", "POST", { team: "first-team" });
    expect(missing.status).toBe(400);
    expect((await errorsOf(missing)).map((e) => e.field)).toEqual(["season", "competition", "opponent", "homeAway", "venue", "kickoff"]);
    expect((await send(b, "/fixtures", "POST", "not an object")).status).toBe(400);
    expect(await countOf("Nowhere Rovers")).toBe(0);
  });

  it("needs fixtures.manage (403, audited), the site's Origin (403 CSRF) and a staff role (404); the match operator holds it", async () => {
    const { b: editor, identity } = await roleAccount("fixtures-editor", ["editor"]);
    const refused = await send(editor, "/fixtures", "POST", form("Editor Athletic"));
    expect(refused.status).toBe(403);
    expect(await errorsOf(refused)).toMatchObject([{ code: "CAPABILITY_REQUIRED" }]);
    expect((await auditOf(`staff:${identity.ssoID}`)).map((a) => [a.status, JSON.parse(a.detail)])).toEqual([[403, { via: "console", capability: "fixtures.manage" }]]);
    expect((await editor.fetch("/admin/fixtures")).status).toBe(403);

    const { b: operator } = await roleAccount("fixtures-operator", ["match-operator"]);
    const crossSite = await send(operator, "/fixtures", "POST", form("Cross Site FC"), "https://evil.example");
    expect(crossSite.status).toBe(403);
    expect(await errorsOf(crossSite)).toMatchObject([{ code: "CSRF" }]);
    expect((await operator.fetch("/admin/fixtures")).status).toBe(200);
    expect((await send(operator, "/fixtures", "POST", form("Operator Town"))).status).toBe(201);

    const { b: fan } = await account("fixtures-fan");
    expect((await send(fan, "/fixtures", "POST", form("Fan United"))).status).toBe(404);
    for (const name of ["Editor Athletic", "Cross Site FC", "Fan United"]) expect(await countOf(name)).toBe(0);
  });

  it("reschedules: the old kick-off kept, the ICS event moved with a higher SEQUENCE; postponed: STATUS:CANCELLED and higher again; a tickets edit leaves SEQUENCE", async () => {
    const { b, identity } = await roleAccount("fixtures-mover", ["administrator"]);
    const fixture = await fixtureOf(await send(b, "/fixtures", "POST", form("Moving Town", { kickoff: "2025-06-07T15:00" })));
    const before = await icsEvent(fixture.id);
    const sequence = Number(single(before, "SEQUENCE"));

    const moved = await send(b, `/fixtures/${fixture.id}/reschedule`, "POST", { kickoff: "2025-06-10 19:45" });
    expect(moved.status).toBe(200);
    expect(await fixtureOf(moved)).toMatchObject({ kickoff: "2025-06-10T18:45:00.000Z", previousKickoff: "2025-06-07T14:00:00.000Z", status: "fixture" });
    const after = await icsEvent(fixture.id);
    expect(single(after, "DTSTART")).toBe("20250610T184500Z");
    expect(Number(single(after, "SEQUENCE"))).toBe(sequence + 1);
    expect(single(after, "STATUS")).toBe("CONFIRMED");

    const same = await send(b, `/fixtures/${fixture.id}/reschedule`, "POST", { kickoff: "2025-06-10 19:45" });
    expect(same.status).toBe(400);
    expect(await errorsOf(same)).toMatchObject([{ field: "kickoff" }]);

    const tickets = await send(b, `/fixtures/${fixture.id}`, "PUT", form("Moving Town", { kickoff: "2025-06-10T19:45", ticketsUrl: "/tickets" }));
    expect(tickets.status).toBe(200);
    expect(Number(single(await icsEvent(fixture.id), "SEQUENCE"))).toBe(sequence + 1);

    expect((await send(b, `/fixtures/${fixture.id}/postpone`, "POST", {})).status).toBe(200);
    const postponed = await icsEvent(fixture.id);
    expect(single(postponed, "STATUS")).toBe("CANCELLED");
    expect(Number(single(postponed, "SEQUENCE"))).toBe(sequence + 2);
    expect((await send(b, `/fixtures/${fixture.id}/postpone`, "POST", {})).status).toBe(409);

    const audit = await auditOf(`staff:${identity.ssoID}`);
    expect(audit.map((a) => [a.action, a.status])).toEqual([
      ["fixtures.create", 201],
      ["fixtures.reschedule", 200],
      ["fixtures.reschedule", 400],
      ["fixtures.edit", 200],
      ["fixtures.postpone", 200],
      ["fixtures.postpone", 409],
    ]);
    // The screen shows where it moved from (London time).
    const screen = await (await b.fetch("/admin/fixtures?team=first-team&season=2024-25&when=past")).text();
    expect(screen.replaceAll("<!-- -->", "")).toContain("Moved from Sat 7 Jun 2025, 15:00");
    expect(JSON.parse(audit[1]!.detail)).toMatchObject({ before: { kickoff: "2025-06-07T14:00:00.000Z" }, after: { kickoff: "2025-06-10T18:45:00.000Z", previousKickoff: "2025-06-07T14:00:00.000Z" } });
  });

  it("takes a result for a match not run live (home/away goals), refuses one the live feed ran (409), a postponed one and bad goals", async () => {
    const { b } = await roleAccount("fixtures-results", ["match-operator"]);
    const away = await fixtureOf(await send(b, "/fixtures", "POST", form("Result Rangers", { homeAway: "away", kickoff: "2025-02-01T15:00" })));
    const entered = await send(b, `/fixtures/${away.id}/result`, "PUT", { homeGoals: 1, awayGoals: 3 });
    expect(entered.status).toBe(200);
    expect(await fixtureOf(entered)).toMatchObject({ status: "result", homeGoals: 1, awayGoals: 3 });
    // Away: the club's goals are the away side's.
    expect(await env.DB.prepare("SELECT goals_for, goals_against, status FROM matches WHERE id = ?1").bind(away.id).first()).toEqual({ goals_for: 3, goals_against: 1, status: "result" });

    const bad = await send(b, `/fixtures/${away.id}/result`, "PUT", { homeGoals: -1, awayGoals: 1.5 });
    expect(bad.status).toBe(400);
    expect((await errorsOf(bad)).map((e) => e.field)).toEqual(["homeGoals", "awayGoals"]);

    const live = (await env.DB.prepare("SELECT id, goals_for, goals_against FROM matches WHERE live_seq = 0 AND status = 'result' ORDER BY kickoff DESC LIMIT 1").first<{ id: number; goals_for: number; goals_against: number }>())!;
    await env.DB.prepare("UPDATE matches SET live_seq = 12 WHERE id = ?1").bind(live.id).run();
    const refused = await send(b, `/fixtures/${live.id}/result`, "PUT", { homeGoals: 9, awayGoals: 9 });
    expect(refused.status).toBe(409);
    expect(await errorsOf(refused)).toMatchObject([{ code: "LIVE_FEED_OWNS_RESULT" }]);
    expect(await env.DB.prepare("SELECT goals_for, goals_against FROM matches WHERE id = ?1").bind(live.id).first()).toEqual({ goals_for: live.goals_for, goals_against: live.goals_against });

    const off = await fixtureOf(await send(b, "/fixtures", "POST", form("Postponed Park", { kickoff: "2025-02-08T15:00" })));
    expect((await send(b, `/fixtures/${off.id}/postpone`, "POST", {})).status).toBe(200);
    expect(await errorsOf(await send(b, `/fixtures/${off.id}/result`, "PUT", { homeGoals: 1, awayGoals: 0 }))).toMatchObject([{ code: "MATCH_POSTPONED" }]);
    expect((await send(b, "/fixtures/999999999/result", "PUT", { homeGoals: 1, awayGoals: 0 })).status).toBe(404);
  });
});

describe("bad input", () => {
  it("answers every endpoint's bad body, id or query with a 4xx and a stable code, never a 500, and writes nothing", async () => {
    const { b } = await roleAccount("fixtures-fuzz", ["administrator"]);
    const before = (await env.DB.prepare("SELECT COUNT(*) AS n, SUM(sequence) AS s FROM matches").first<{ n: number; s: number }>())!;
    const bodies: unknown[] = ["{", "[]", "null", '"x"', JSON.stringify({ team: 5, kickoff: ["a"] }), JSON.stringify({ ...form("x".repeat(5000)) }), JSON.stringify({ homeGoals: "1", awayGoals: null, csv: 7 })];
    const raw = (method: string, path: string, body: string) => b.fetch(`/api/console${path}`, { method, headers: { "content-type": "application/json" }, body });
    for (const body of bodies) {
      for (const [method, path] of [
        ["POST", "/fixtures"],
        ["PUT", "/fixtures/1"],
        ["POST", "/fixtures/1/reschedule"],
        ["PUT", "/fixtures/1/result"],
        ["POST", "/fixtures/import"],
        ["PUT", "/fixtures/abc"],
        ["POST", "/fixtures/0/postpone"],
        ["POST", "/fixtures/99999999999/postpone"],
      ] as const) {
        const res = await raw(method, path, body as string);
        expect(res.status >= 400 && res.status < 500, `${method} ${path} ${String(body).slice(0, 40)}: ${res.status}`).toBe(true);
        expect((await errorsOf(res))[0]!.code).toMatch(/^[A-Z_]+$/);
      }
    }
    for (const q of ["", "?season=2024-25&when=later", "?season=2024-25&page=-1", "?season=" + "9".repeat(50)]) {
      const res = await b.fetch(`/api/console/fixtures${q}`);
      expect(res.status, q).toBe(400);
    }
    for (const q of ["?team=reserves", "?season=1999-00", "?when=later", "?page=999"]) expect((await b.fetch(`/admin/fixtures${q}`)).status, q).toBe(404);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n, SUM(sequence) AS s FROM matches").first()).toEqual(before);
  });
});

describe("the CSV import", () => {
  const csvOf = (...rows: string[]) => [FIXTURE_CSV_HEADER.join(","), ...rows].join("\n");
  const row = (opponent: string, kickoff: string, season = "2024-25") => `first-team,${season},Championship,${opponent},home,Riverside Park,${kickoff},`;
  type Preview = { rows: { row: number; exists: boolean }[]; problems: { row: number; field: string; detail: string }[]; added?: number; skipped?: number };
  const previewOf = async (res: Response) => ((await res.json()) as { data: { attributes: Preview } }).data.attributes;

  it("writes nothing while any row is wrong (preview and confirm alike), then all of it in one go; the same file again adds nothing", async () => {
    const { b, identity } = await roleAccount("fixtures-importer", ["administrator"]);
    const names = ["Import Alpha", "Import Beta", "Import Gamma"];
    const bad = csvOf(row(names[0]!, "2025-04-12 15:00"), row(names[1]!, "2025-04-19 15:00", "1999-00"), row(names[2]!, "2025-04-21 15:00"));

    const preview = await send(b, "/fixtures/import", "POST", { csv: bad });
    expect(preview.status).toBe(200);
    const shown = await previewOf(preview);
    expect(shown.problems).toEqual([{ row: 3, field: "season", detail: "No season '1999-00'" }]);
    expect(shown.rows.map((r) => r.row)).toEqual([2, 4]);
    const confirmed = await send(b, "/fixtures/import", "POST", { csv: bad, confirm: true });
    expect(confirmed.status).toBe(400);
    expect(await errorsOf(confirmed)).toMatchObject([{ code: "IMPORT_INVALID", field: "season", detail: "Line 3, season: No season '1999-00'" }]);
    for (const name of names) expect(await countOf(name)).toBe(0);

    const good = csvOf(row(names[0]!, "2025-04-12 15:00"), row(names[1]!, "2025-04-19 15:00"), row(names[2]!, "2025-04-21 15:00"));
    const imported = await send(b, "/fixtures/import", "POST", { csv: good, confirm: true });
    expect(imported.status).toBe(200);
    expect(await previewOf(imported)).toMatchObject({ added: 3, skipped: 0 });
    for (const name of names) expect(await countOf(name)).toBe(1);

    const again = await previewOf(await send(b, "/fixtures/import", "POST", { csv: good }));
    expect(again.rows.map((r) => r.exists)).toEqual([true, true, true]);
    expect(await previewOf(await send(b, "/fixtures/import", "POST", { csv: good, confirm: true }))).toMatchObject({ added: 0, skipped: 3 });
    for (const name of names) expect(await countOf(name)).toBe(1);

    const audit = await auditOf(`staff:${identity.ssoID}`);
    expect(audit.map((a) => [a.action, a.status])).toEqual([
      ["fixtures.import.preview", 200],
      ["fixtures.import", 400],
      ["fixtures.import", 200],
      ["fixtures.import.preview", 200],
      ["fixtures.import", 200],
    ]);
  });

  it("is all or nothing inside D1 too: a row whose write fails rolls back the rows before it", async () => {
    const { b } = await roleAccount("fixtures-rollback", ["administrator"]);
    // A trigger that refuses one opponent's fixture stands in for a write failing mid-batch.
    await env.DB.prepare("CREATE TRIGGER refuse_rollback_row BEFORE INSERT ON matches WHEN (SELECT name FROM opponents WHERE id = NEW.opponent_id) = 'Rollback Three' BEGIN SELECT RAISE(ABORT, 'refused'); END").run();
    try {
      const csv = csvOf(row("Rollback One", "2025-04-12 15:00"), row("Rollback Two", "2025-04-19 15:00"), row("Rollback Three", "2025-04-21 15:00"));
      const res = await send(b, "/fixtures/import", "POST", { csv, confirm: true });
      expect(res.status, await res.clone().text()).toBe(500);
    } finally {
      await env.DB.prepare("DROP TRIGGER refuse_rollback_row").run();
    }
    for (const name of ["Rollback One", "Rollback Two", "Rollback Three"]) expect(await countOf(name)).toBe(0);
  });
});
