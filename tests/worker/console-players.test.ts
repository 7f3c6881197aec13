import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { roleAccount } from "./staff-accounts";
import type { Browser } from "./auth-test-app";
import { player } from "../../worker/teams/queries";

/** Squads and players from the console (/admin/players, /api/console/players): fields, shirts, versions, loans by the clock, releases, capability, audit. */

const send = (b: Browser, path: string, method: string, body?: unknown, origin?: string) =>
  b.fetch(`/api/console${path}`, {
    method,
    headers: { "content-type": "application/json", ...(origin ? { origin } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const errorsOf = async (res: Response) => ((await res.json()) as { errors: { code: string; field?: string; detail: string }[] }).errors;
type Player = { id: number; slug: string; teamSlug: string; squadNumber: number | null; version: number; status: string | null; inSquad: boolean; releasedOn: string | null };
const playerOf = async (res: Response) => ((await res.json()) as { data: { attributes: Player } }).data.attributes;
/** A public page as a visitor reads it, past the page cache. */
const page = async (path: string) => (await SELF.fetch(`https://rovers.test${path}`, { headers: { "cache-control": "no-cache" } })).text();
const auditOf = async (actor: string) =>
  (await env.DB.prepare("SELECT action, target, status, detail FROM admin_audit_log WHERE actor = ?1 ORDER BY id").bind(actor).all<{ action: string; target: string | null; status: number; detail: string }>())
    .results;

const signing = (lastName: string, changes: Record<string, unknown> = {}) => ({
  team: "first-team",
  firstName: "Testy",
  lastName,
  position: "Midfielder",
  shirtNumber: "",
  dateOfBirth: "2001-07-14",
  nationality: "Wales",
  bio: "Signed from a test.",
  photo: "",
  ...changes,
});
const editOf = (p: Player, lastName: string, changes: Record<string, unknown> = {}) => ({ ...signing(lastName), shirtNumber: p.squadNumber === null ? "" : String(p.squadNumber), version: p.version, ...changes });

/** A shirt number nobody of the first team holds (the demo squads use the low ones). */
async function freeNumber(from = 60): Promise<number> {
  const taken = new Set((await env.DB.prepare("SELECT squad_number AS n FROM players WHERE team_id = 1 AND squad_number IS NOT NULL").all<{ n: number }>()).results.map((r) => r.n));
  let n = from;
  while (taken.has(n)) n++;
  return n;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("squads and players in the console", () => {
  it("signs a player (201, audited with before and after); the team page lists him with his number and his profile is there", async () => {
    const { b, identity } = await roleAccount("players-admin", ["administrator"]);
    const number = await freeNumber(70);
    const created = await send(b, "/players", "POST", signing("Signington", { shirtNumber: String(number) }));
    expect(created.status).toBe(201);
    const p = await playerOf(created);
    expect(p).toMatchObject({ teamSlug: "", slug: "testy-signington", squadNumber: number, inSquad: true, status: null, version: 0 });
    const squad = await page("/teams/first-team");
    expect(squad).toContain("Signington");
    expect(squad).toMatch(new RegExp(`player-card__number">${number}<`));
    expect(await page("/players/testy-signington")).toContain("Signed from a test.");
    const audit = await auditOf(`staff:${identity.ssoID}`);
    expect(audit.map((a) => [a.action, a.status])).toEqual([["players.create", 201]]);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ via: "console", before: null, after: { id: p.id, lastName: "Signington" } });
  });

  it("refuses bad fields with one 400 error per field; nothing written", async () => {
    const { b } = await roleAccount("players-checker", ["match-operator"]);
    const bad = await send(b, "/players", "POST", signing("", { team: "reserves", position: "Striker", shirtNumber: "123", dateOfBirth: "2001-02-30", nationality: "", photo: "javascript:alert(1)" }));
    expect(bad.status).toBe(400);
    expect((await errorsOf(bad)).map((e) => [e.code, e.field])).toEqual([
      ["INVALID_INPUT", "team"],
      ["INVALID_INPUT", "lastName"],
      ["INVALID_INPUT", "position"],
      ["INVALID_INPUT", "shirtNumber"],
      ["INVALID_INPUT", "dateOfBirth"],
      ["INVALID_INPUT", "nationality"],
      ["INVALID_INPUT", "photo"],
    ]);
    expect((await send(b, "/players", "POST", "not an object")).status).toBe(400);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM players WHERE first_name = 'Testy' AND last_name = ''").first<{ n: number }>())!.n).toBe(0);
  });

  it("keeps shirt numbers unique in a squad (409 SHIRT_TAKEN on the field, for a signing and an edit), and a move to another team keeps the rule there", async () => {
    const { b } = await roleAccount("players-shirts", ["administrator"]);
    const number = await freeNumber(80);
    const first = await playerOf(await send(b, "/players", "POST", signing("Shirtone", { shirtNumber: String(number) })));
    const second = await send(b, "/players", "POST", signing("Shirttwo", { shirtNumber: String(number) }));
    expect(second.status).toBe(409);
    expect((await errorsOf(second)).map((e) => [e.code, e.field])).toEqual([["SHIRT_TAKEN", "shirtNumber"]]);
    const other = await playerOf(await send(b, "/players", "POST", signing("Shirtthree", { shirtNumber: String(number + 1) })));
    const edit = await send(b, `/players/${other.id}`, "PUT", editOf(other, "Shirtthree", { shirtNumber: String(number) }));
    expect(edit.status).toBe(409);
    expect((await errorsOf(edit))[0]).toMatchObject({ code: "SHIRT_TAKEN", field: "shirtNumber" });
    // Moved to the U18 squad, the same number is free there.
    const moved = await send(b, `/players/${first.id}`, "PUT", editOf(first, "Shirtone", { team: "u18" }));
    expect(moved.status).toBe(200);
    expect(await playerOf(moved)).toMatchObject({ teamSlug: "u18", squadNumber: number, version: 1 });
    expect(await page("/teams/first-team")).not.toContain("Shirtone");
    expect(await page("/teams/u18")).toContain("Shirtone");
    // Now free in the first team.
    expect((await send(b, `/players/${other.id}`, "PUT", editOf(other, "Shirtthree", { shirtNumber: String(number) }))).status).toBe(200);
  });

  it("answers 409 PLAYER_CHANGED to the second of two staff editing one player, nothing written", async () => {
    const { b } = await roleAccount("players-twice", ["administrator"]);
    const { b: other } = await roleAccount("players-twice-2", ["match-operator"]);
    const p = await playerOf(await send(b, "/players", "POST", signing("Twice")));
    expect((await send(b, `/players/${p.id}`, "PUT", editOf(p, "Twice", { nationality: "Ireland" }))).status).toBe(200);
    const late = await send(other, `/players/${p.id}`, "PUT", editOf(p, "Twice", { nationality: "Scotland" }));
    expect(late.status).toBe(409);
    expect((await errorsOf(late))[0]!.code).toBe("PLAYER_CHANGED");
    expect((await send(other, `/players/${p.id}/release`, "POST", { version: p.version })).status).toBe(409);
    expect((await env.DB.prepare("SELECT nationality, version FROM players WHERE id = ?1").bind(p.id).first())).toEqual({ nationality: "Ireland", version: 1 });
  });

  it("loans a player out: he leaves the squad while the loan runs, his profile says where and until when, and he is back by himself after its last day", async () => {
    const { b, identity } = await roleAccount("players-loan-out", ["match-operator"]);
    const p = await playerOf(await send(b, "/players", "POST", signing("Loanedout")));
    const bad = await send(b, `/players/${p.id}/loan-out`, "POST", { club: "", from: "2026-01-01", until: "2025-01-01", version: p.version });
    expect((await errorsOf(bad)).map((e) => e.field)).toEqual(["club", "until"]);
    const loaned = await send(b, `/players/${p.id}/loan-out`, "POST", { club: "Harbour Town", from: "2026-01-01", until: "2027-06-30", version: p.version });
    expect(loaned.status).toBe(200);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-03-01T12:00:00Z"));
    expect(await page("/teams/first-team")).not.toContain("Loanedout");
    expect(await page("/players/testy-loanedout")).toContain("On loan at Harbour Town until 30 Jun 2027");
    vi.setSystemTime(new Date("2027-07-01T12:00:00Z"));
    expect(await page("/teams/first-team")).toContain("Loanedout");
    expect(await page("/players/testy-loanedout")).not.toContain("On loan at");
    vi.useRealTimers();

    const audit = (await auditOf(`staff:${identity.ssoID}`)).filter((a) => a.action === "players.loan-out");
    expect(audit.map((a) => a.status)).toEqual([400, 200]);
    expect(JSON.parse(audit[1]!.detail)).toMatchObject({ before: { loanKind: null }, after: { loanKind: "out", loanClub: "Harbour Town", loanUntil: "2027-06-30" } });
  });

  it("signs a loan player who is in the squad until his loan's last day and gone the day after", async () => {
    const { b } = await roleAccount("players-loan-in", ["administrator"]);
    const created = await send(b, "/players", "POST", signing("Loanedin", { loanKind: "in", loanClub: "Castle United", loanFrom: "2026-01-01", loanUntil: "2027-01-31" }));
    expect(created.status).toBe(201);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-01-31T12:00:00Z"));
    expect(await page("/teams/first-team")).toContain("Loanedin");
    expect(await page("/players/testy-loanedin")).toContain("On loan from Castle United until 31 Jan 2027");
    vi.setSystemTime(new Date("2027-02-01T12:00:00Z"));
    expect(await page("/teams/first-team")).not.toContain("Loanedin");
  });

  it("releases a player (asked first on the screen): off the squad, his number free, his profile says he left, and his past line-ups and events still name him", async () => {
    const { b, identity } = await roleAccount("players-release", ["administrator"]);
    const number = await freeNumber(90);
    const p = await playerOf(await send(b, "/players", "POST", signing("Released", { shirtNumber: String(number) })));
    const match = (await env.DB.prepare("SELECT id FROM matches WHERE team_id = 1 ORDER BY kickoff LIMIT 1").first<{ id: number }>())!.id;
    await env.DB.prepare("INSERT INTO match_lineups (match_id, player_id, role, position) VALUES (?1, ?2, 'sub', 99)").bind(match, p.id).run();
    const released = await send(b, `/players/${p.id}/release`, "POST", { version: p.version });
    expect(released.status).toBe(200);
    expect(await playerOf(released)).toMatchObject({ inSquad: false, status: expect.stringMatching(/^Left the club on /) });
    expect((await send(b, `/players/${p.id}/release`, "POST", { version: p.version + 1 })).status).toBe(409);
    expect(await page("/teams/first-team")).not.toContain("Released<");
    expect(await page("/players/testy-released")).toContain("Left the club on ");
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM match_lineups WHERE player_id = ?1").bind(p.id).first<{ n: number }>())!.n).toBe(1);
    // His number is free for a new signing.
    expect((await send(b, "/players", "POST", signing("Newnumber", { shirtNumber: String(number) }))).status).toBe(201);
    const audit = (await auditOf(`staff:${identity.ssoID}`)).find((a) => a.action === "players.release")!;
    expect(JSON.parse(audit.detail)).toMatchObject({ before: { releasedOn: null }, after: { releasedOn: expect.any(String) } });
  });

  it("counts his season on his profile from the live feed's line-ups and events (a released player's too)", async () => {
    const { b } = await roleAccount("players-season", ["administrator"]);
    const p = await playerOf(await send(b, "/players", "POST", signing("Seasoned")));
    const match = (await env.DB.prepare("SELECT m.id FROM matches m JOIN seasons s ON s.id = m.season_id WHERE m.team_id = 1 AND s.slug = '2024-25' AND m.status = 'result' ORDER BY m.kickoff LIMIT 1").first<{ id: number }>())!.id;
    await env.DB.batch([
      env.DB.prepare("UPDATE matches SET live_seq = 3 WHERE id = ?1").bind(match),
      env.DB.prepare("INSERT INTO match_lineups (match_id, player_id, role, position) VALUES (?1, ?2, 'starting', 98)").bind(match, p.id),
      env.DB.prepare("INSERT INTO match_events (id, match_id, seq, type, minute, side, player_id, idempotency_key, created_at) VALUES (?1, ?2, 901, 'goal', 20, 'home', ?3, ?1, '2025-01-01T15:20:00.000Z')").bind(`season-goal-${p.id}`, match, p.id),
      env.DB.prepare("INSERT INTO match_events (id, match_id, seq, type, minute, side, player_id, idempotency_key, created_at) VALUES (?1, ?2, 902, 'yellow', 30, 'home', ?3, ?1, '2025-01-01T15:30:00.000Z')").bind(`season-yellow-${p.id}`, match, p.id),
      env.DB.prepare("INSERT INTO match_events (id, match_id, seq, type, minute, side, player_off_id, idempotency_key, created_at) VALUES (?1, ?2, 903, 'sub', 75, 'home', ?3, ?1, '2025-01-01T16:15:00.000Z')").bind(`season-off-${p.id}`, match, p.id),
    ]);
    await send(b, `/players/${p.id}/release`, "POST", { version: p.version });
    const profile = await player(env.DB, "", p.slug);
    expect(profile?.season).toEqual({ name: "2024/25", appearances: 1, goals: 1, yellowCards: 1, redCards: 0, minutes: 75 });
    const html = await page(`/players/${p.slug}`);
    expect(html).toContain("Season 2024/25");
    expect(html).toContain("Left the club on ");
  });

  it("needs squads.manage (403, audited), the site's Origin (403 CSRF) and a staff role (404)", async () => {
    const { b, identity } = await roleAccount("players-editor", ["editor"]);
    const refused = await send(b, "/players", "POST", signing("Nobody"));
    expect(refused.status).toBe(403);
    expect((await errorsOf(refused))[0]!.code).toBe("CAPABILITY_REQUIRED");
    expect((await auditOf(`staff:${identity.ssoID}`)).map((a) => [a.status, JSON.parse(a.detail)])).toEqual([[403, { via: "console", capability: "squads.manage" }]]);
    expect((await b.fetch("/admin/players")).status).toBe(403);
    const { b: operator } = await roleAccount("players-operator", ["match-operator"]);
    expect((await send(operator, "/players", "POST", signing("Crosssite"), "https://elsewhere.example")).status).toBe(403);
    const page200 = await operator.fetch("/admin/players?team=u18");
    expect(page200.status).toBe(200);
    expect(await page200.text()).toContain("Squads and players");
    expect((await SELF.fetch("https://rovers.test/api/console/players")).status).toBe(404);
  });
});
