import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { roleAccount } from "./staff-accounts";
import { browser, type Browser } from "./auth-test-app";
import { invalidateCache } from "../../worker/cache/kv-cache";
import { matchSocketMessageSchema, type MatchSocketMessage } from "../../src/schemas/match-live";
import { EMPTY_STATS, type MatchStatsInput } from "../../src/domain/match-stats";

/**
 * The operator's match extras (worker/console/match-extras.ts): the opponent's line-up and the
 * stats, saved whole under a version, refused with each field's problem, 409 when two saves race,
 * refused without `match.operate`, audited with before and after, and shown by the match centre:
 * its page at once, and its socket with the extras pushed by the room.
 */

type Match = { id: number; team: string; season: string };
let taken = 0;
/** A B team fixture of its own for each test, untouched by the feed. */
async function fixture(): Promise<Match> {
  const row = await env.DB.prepare(
    `SELECT m.id, t.slug AS team, s.slug AS season FROM matches m JOIN teams t ON t.id = m.team_id JOIN seasons s ON s.id = m.season_id
      WHERE m.status = 'fixture' AND t.slug = 'b-team' AND m.live_seq = 0 ORDER BY m.kickoff DESC LIMIT 1 OFFSET ?1`,
  )
    .bind(taken++)
    .first<Match>();
  if (!row) throw new Error("the seed has no B team fixture left");
  return row;
}

const send = (b: Browser, path: string, body: unknown) =>
  b.fetch(`/api/console${path}`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const errorsOf = async (res: Response) => ((await res.json()) as { errors: { code: string; field?: string; detail: string }[] }).errors;
const answerOf = async <T,>(res: Response) => ((await res.json()) as { data: { attributes: T } }).data.attributes;
const auditOf = async (actor: string) =>
  (
    await env.DB.prepare("SELECT action, target, status, detail FROM admin_audit_log WHERE actor = ?1 ORDER BY id").bind(actor).all<{ action: string; target: string | null; status: number; detail: string }>()
  ).results.map((r) => ({ ...r, detail: JSON.parse(r.detail) as Record<string, unknown> }));
const page = (path: string, headers: Record<string, string> = {}) => SELF.fetch(`https://rovers.test${path}`, { headers });
const centre = async (m: Match) => (await page(`/match/${m.team}/${m.season}/${m.id}`)).text();

const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `Visitor ${String.fromCharCode(65 + i)}`, number: i + 1 }));
const lineup = (version: number, changes: Partial<{ starting: unknown[]; subs: unknown[] }> = {}) => ({ version, starting: eleven, subs: [{ name: "Bench Warmer", number: 23 }], ...changes });
const stats = (version: number, changes: Partial<MatchStatsInput> = {}) => ({ version, ...EMPTY_STATS, possession: { home: 57, away: 43 }, shots: { home: 12, away: 7 }, shotsOnTarget: { home: 5, away: 2 }, offsides: { home: 4, away: 1 }, ...changes });

describe("the opponent's line-up from the console", () => {
  it("saves the line-up whole, audited with before and after; the match centre shows it at once", async () => {
    const m = await fixture();
    const { b, identity } = await roleAccount("extras-op", ["match-operator"]);
    await centre(m); // a cached page the save must retire
    const first = await send(b, `/matches/${m.id}/opponent-lineup`, lineup(0));
    expect(first.status).toBe(200);
    expect(await answerOf(first)).toMatchObject({ version: 1, lineup: { starting: eleven, subs: [{ name: "Bench Warmer", number: 23 }] } });
    const html = await centre(m);
    expect(html).toContain("Visitor K");
    expect(html).toContain("Bench Warmer");
    const second = await send(b, `/matches/${m.id}/opponent-lineup`, lineup(1, { subs: [] }));
    expect(second.status).toBe(200);
    expect(await centre(m)).not.toContain("Bench Warmer");
    const audit = (await auditOf(`staff:${identity.ssoID}`)).filter((a) => a.action === "matches.opponent-lineup.put");
    expect(audit.map((a) => [a.target, a.status])).toEqual([[String(m.id), 200], [String(m.id), 200]]);
    expect(audit[0]!.detail).toMatchObject({ via: "console", before: { version: 0, lineup: null }, after: { version: 1, lineup: { subs: [{ name: "Bench Warmer" }] } } });
    expect(audit[1]!.detail).toMatchObject({ before: { version: 1, lineup: { subs: [{ name: "Bench Warmer" }] } }, after: { version: 2, lineup: { subs: [] } } });
  });

  it("refuses a line-up with each problem beside its field: numbers 1–99 and unique, names required, at most 11 starters", async () => {
    const m = await fixture();
    const { b, identity } = await roleAccount("extras-bad", ["match-operator"]);
    const bad = await send(b, `/matches/${m.id}/opponent-lineup`, lineup(0, { starting: [{ name: "", number: 4 }, { name: "Two", number: 0 }, { name: "Three", number: 9 }], subs: [{ name: "Four", number: 9 }] }));
    expect(bad.status).toBe(400);
    const errors = await errorsOf(bad);
    expect(errors.every((e) => e.code === "INVALID_INPUT")).toBe(true);
    expect(errors.map((e) => e.field)).toEqual(["starting.0.name", "starting.1.number", "subs.0.number"]);
    const twelve = await send(b, `/matches/${m.id}/opponent-lineup`, lineup(0, { starting: [...eleven, { name: "Twelfth", number: 12 }] }));
    expect((await errorsOf(twelve)).map((e) => e.field)).toEqual(["starting"]);
    const shape = await send(b, `/matches/${m.id}/opponent-lineup`, { starting: "everyone" });
    expect(shape.status).toBe(400);
    expect((await errorsOf(shape)).map((e) => e.field)).toEqual(expect.arrayContaining(["version", "starting"]));
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM match_opponent_lineups WHERE match_id = ?1").bind(m.id).first<{ n: number }>())!.n).toBe(0);
    const audit = await auditOf(`staff:${identity.ssoID}`);
    expect(audit.map((a) => a.status)).toEqual([400, 400, 400]);
    expect(audit[0]!.detail).toMatchObject({ code: "INVALID_INPUT" });
  });

  it("two operators saving at once: one wins, the other is 409 LINEUP_CHANGED and writes nothing", async () => {
    const m = await fixture();
    const one = await roleAccount("extras-one", ["match-operator"]);
    const two = await roleAccount("extras-two", ["match-operator"]);
    const answers = await Promise.all([
      send(one.b, `/matches/${m.id}/opponent-lineup`, lineup(0)),
      send(two.b, `/matches/${m.id}/opponent-lineup`, lineup(0, { starting: eleven.map((p) => ({ ...p, name: `${p.name} Two` })) })),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect((await errorsOf(refused))[0]!.code).toBe("LINEUP_CHANGED");
    const names = await env.DB.prepare("SELECT name FROM match_opponent_lineups WHERE match_id = ?1 AND role = 'starting' ORDER BY position").bind(m.id).all<{ name: string }>();
    const twos = names.results.filter((r) => r.name.endsWith(" Two")).length;
    expect([0, 11]).toContain(twos);
    expect(names.results).toHaveLength(11);
    // A form opened before a save is refused too.
    const stale = await send(one.b, `/matches/${m.id}/opponent-lineup`, lineup(0));
    expect(stale.status).toBe(409);
  });

  it("is refused without match.operate (403, audited) and to anyone not staff", async () => {
    const m = await fixture();
    const { b, identity } = await roleAccount("extras-editor", ["editor"]);
    const refused = await send(b, `/matches/${m.id}/opponent-lineup`, lineup(0));
    expect(refused.status).toBe(403);
    expect((await errorsOf(refused))[0]!.code).toBe("CAPABILITY_REQUIRED");
    expect((await send(b, `/matches/${m.id}/stats`, stats(0))).status).toBe(403);
    expect((await auditOf(`staff:${identity.ssoID}`)).map((a) => a.status)).toEqual([403, 403]);
    const visitor = await send(browser(), `/matches/${m.id}/stats`, stats(0));
    expect([401, 404]).toContain(visitor.status);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM match_stats WHERE match_id = ?1").bind(m.id).first<{ n: number }>())!.n).toBe(0);
  });

  it("a match that does not exist is 404", async () => {
    const { b } = await roleAccount("extras-none", ["match-operator"]);
    const res = await send(b, "/matches/999999/opponent-lineup", lineup(0));
    expect(res.status).toBe(404);
    expect((await errorsOf(res))[0]!.code).toBe("MATCH_NOT_FOUND");
  });
});

describe("match stats from the console", () => {
  it("saves the stats, audited with before and after; the match centre's page and its route data show them", async () => {
    const m = await fixture();
    const { b, identity } = await roleAccount("stats-op", ["match-operator"]);
    const saved = await send(b, `/matches/${m.id}/stats`, stats(0));
    expect(saved.status).toBe(200);
    expect(await answerOf(saved)).toMatchObject({ version: 1, stats: { possession: { home: 57, away: 43 }, offsides: { home: 4, away: 1 } } });
    const rows = await env.DB.prepare("SELECT label, home, away FROM match_stats WHERE match_id = ?1 ORDER BY position").bind(m.id).all();
    expect(rows.results[0]).toEqual({ label: "Possession (%)", home: 57, away: 43 });
    expect(rows.results.at(-1)).toEqual({ label: "Offsides", home: 4, away: 1 });
    const html = await centre(m);
    expect(html).toContain("Match stats");
    expect(html).toMatch(/<td>4<\/td><th scope="row">Offsides<\/th><td>1<\/td>/);
    const data = await page(`/match/${m.team}/${m.season}/${m.id}`, { "X-Route-Data": "match/:team?/:season?/:matchID?" });
    expect(JSON.stringify(await data.json())).toContain('"label":"Offsides","home":4,"away":1');
    const again = await send(b, `/matches/${m.id}/stats`, stats(1, { corners: { home: 6, away: 2 } }));
    expect(again.status).toBe(200);
    const audit = (await auditOf(`staff:${identity.ssoID}`)).filter((a) => a.action === "matches.stats.put");
    expect(audit.map((a) => a.status)).toEqual([200, 200]);
    expect(audit[0]!.detail).toMatchObject({ before: { version: 0, stats: null }, after: { version: 1, stats: { shots: { home: 12, away: 7 } } } });
    expect(audit[1]!.detail).toMatchObject({ before: { version: 1, stats: { corners: { home: 0 } } }, after: { version: 2, stats: { corners: { home: 6, away: 2 } } } });
  });

  it("refuses stats with each problem beside its field: possession adding to 100, counts 0–99, on target within shots", async () => {
    const m = await fixture();
    const { b } = await roleAccount("stats-bad", ["match-operator"]);
    const bad = await send(b, `/matches/${m.id}/stats`, stats(0, { possession: { home: 60, away: 30 }, fouls: { home: -1, away: 100 }, shotsOnTarget: { home: 13, away: 0 } }));
    expect(bad.status).toBe(400);
    const errors = await errorsOf(bad);
    expect(errors.map((e) => e.field)).toEqual(["fouls.home", "fouls.away", "shotsOnTarget.home", "possession"]);
    expect(errors.find((e) => e.field === "possession")!.detail).toBe("Home and away make 100% together (now 90%)");
    const shape = await send(b, `/matches/${m.id}/stats`, { version: 0, shots: { home: "many" } });
    expect(shape.status).toBe(400);
    expect((await errorsOf(shape)).map((e) => e.field)).toEqual(expect.arrayContaining(["possession", "shots"]));
  });

  it("two saves from the same version: the second is 409 STATS_CHANGED", async () => {
    const m = await fixture();
    const { b } = await roleAccount("stats-race", ["match-operator"]);
    const answers = await Promise.all([send(b, `/matches/${m.id}/stats`, stats(0)), send(b, `/matches/${m.id}/stats`, stats(0, { corners: { home: 9, away: 9 } }))]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await errorsOf(answers.find((r) => r.status === 409)!))[0]!.code).toBe("STATS_CHANGED");
  });

  it("an open match centre's socket gets the saved extras pushed at once, and a socket opened later gets them after its catch-up", async () => {
    const m = await fixture();
    const { b } = await roleAccount("stats-push", ["match-operator"]);
    const messages: MatchSocketMessage[] = [];
    const res = await browser().fetch(`/ws/matches/${m.id}`, { headers: { upgrade: "websocket" } });
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    ws.addEventListener("message", (e) => messages.push(matchSocketMessageSchema.parse(JSON.parse(String(e.data)))));
    ws.accept();
    await expect.poll(() => messages.length).toBe(1);
    expect(await send(b, `/matches/${m.id}/stats`, stats(0)).then((r) => r.status)).toBe(200);
    expect(await send(b, `/matches/${m.id}/opponent-lineup`, lineup(0)).then((r) => r.status)).toBe(200);
    await expect.poll(() => messages.filter((x) => x.type === "extras").length).toBe(2);
    const last = messages.at(-1)!;
    expect(last).toMatchObject({ type: "extras", seq: 0, extras: { opponentLineup: { subs: [{ name: "Bench Warmer", number: 23 }] } } });
    if (last.type !== "extras") throw new Error("not extras");
    expect(last.extras.stats.find((s) => s.label === "Shots on target")).toEqual({ label: "Shots on target", home: 5, away: 2 });
    ws.close();
    // The live API (the centre's fallback poll) carries them too.
    await invalidateCache(env);
    const live = (await (await page(`/api/matches/${m.id}/live`)).json()) as { extras?: { stats: unknown[] } };
    expect(live.extras?.stats).toHaveLength(6);
    const later: MatchSocketMessage[] = [];
    const again = await browser().fetch(`/ws/matches/${m.id}?since=0`, { headers: { upgrade: "websocket" } });
    again.webSocket!.addEventListener("message", (e) => later.push(matchSocketMessageSchema.parse(JSON.parse(String(e.data)))));
    again.webSocket!.accept();
    await expect.poll(() => later.map((x) => x.type)).toEqual(["extras"]);
    again.webSocket!.close();
  });

  it("a past match's centre shows the stats saved for it", async () => {
    const past = await env.DB.prepare(
      `SELECT m.id, t.slug AS team, s.slug AS season FROM matches m JOIN teams t ON t.id = m.team_id JOIN seasons s ON s.id = m.season_id
        WHERE m.status = 'result' AND t.slug = 'b-team' ORDER BY m.kickoff DESC LIMIT 1`,
    ).first<Match>();
    const { b } = await roleAccount("stats-past", ["match-operator"]);
    const version = (await env.DB.prepare("SELECT stats_version AS v FROM match_extras_versions WHERE match_id = ?1").bind(past!.id).first<{ v: number }>())?.v ?? 0;
    expect((await send(b, `/matches/${past!.id}/stats`, stats(version, { offsides: { home: 8, away: 3 } }))).status).toBe(200);
    expect(await centre(past!)).toMatch(/<td>8<\/td><th scope="row">Offsides<\/th><td>3<\/td>/);
  });
});
