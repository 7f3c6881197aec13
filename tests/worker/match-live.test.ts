import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browser } from "./auth-test-app";
import { liveMatchSchema } from "../../src/schemas/match-live";
import { readerOf } from "../../worker/viewer/reader";
import { readMatch } from "../../worker/teams/queries";
import { CLOSE_ADDRESS_LIMIT } from "../../src/domain/match-socket";

/** The club's match feed (worker/matches/feed-routes.ts) and the live API, through the whole app. */

const TOKEN = "admin-token-for-tests-0123456789abcdef";
const b = browser({ ADMIN_TOKEN: TOKEN });
const admin = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${TOKEN}`, "content-type": "application/json", ...extra });

type Fixture = { id: number; team_id: number; is_home: number; slug: string };
let taken = 0;
/** A fixture of its own for each test (the worker tests share one D1), reset to no live state. */
async function fixture(teamSlug = ""): Promise<Fixture> {
  const row = await env.DB.prepare(
    `SELECT m.id, m.team_id, m.is_home, t.slug FROM matches m JOIN teams t ON t.id = m.team_id
     WHERE m.status = 'fixture' AND t.slug = ?1 AND m.live_seq = 0 ORDER BY m.kickoff DESC LIMIT 1 OFFSET ?2`,
  )
    .bind(teamSlug, taken++)
    .first<Fixture>();
  if (!row) throw new Error("the seed has no fixture left");
  return row;
}

let keys = 0;
async function post(matchID: number, body: unknown, key = `k-${++keys}-${crypto.randomUUID()}`) {
  return b.fetch(`/api/admin/matches/${matchID}/events`, { method: "POST", headers: admin({ "idempotency-key": key }), body: JSON.stringify(body) });
}

async function live(matchID: number) {
  const res = await b.fetch(`/api/matches/${matchID}/live`);
  expect(res.status).toBe(200);
  return liveMatchSchema.parse(await res.json());
}

async function squad(teamID: number, n: number): Promise<number[]> {
  const { results } = await env.DB.prepare("SELECT id FROM players WHERE team_id = ?1 ORDER BY id LIMIT ?2").bind(teamID, n).all<{ id: number }>();
  return results.map((r) => r.id);
}

describe("the club's match feed", () => {
  it("answers 201 with id and seq; the same key again answers the same, and makes one event", async () => {
    const m = await fixture();
    const first = await post(m.id, { type: "kickoff", minute: 0, side: "home" }, "kick-1");
    expect(first.status).toBe(201);
    const a = (await first.json()) as { data: { id: string; seq: number } };
    expect(a.data.seq).toBe(1);
    const again = await post(m.id, { type: "kickoff", minute: 0, side: "home" }, "kick-1");
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(a);
    const state = await live(m.id);
    expect(state.events).toHaveLength(1);
    expect(state.phase).toBe("first-half");
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM match_events WHERE match_id = ?1").bind(m.id).first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it("answers 422 IDEMPOTENCY_KEY_REUSED for a key sent again with another body, and still replays the same body", async () => {
    const m = await fixture();
    await post(m.id, { type: "kickoff", minute: 0, side: "home" });
    const first = await post(m.id, { type: "comment", minute: 12, side: "home", text: "Corner to Rovers" }, "reused-key");
    expect(first.status).toBe(201);
    const made = (await first.json()) as { data: { id: string; seq: number } };
    for (const other of [
      { type: "comment", minute: 12, side: "home", text: "Corner to Ashcombe" },
      { type: "comment", minute: 13, side: "home", text: "Corner to Rovers" },
      { type: "comment", minute: 12, side: "away", text: "Corner to Rovers" },
      { type: "goal", minute: 12, side: "home" },
    ]) {
      const reused = await post(m.id, other, "reused-key");
      expect(reused.status).toBe(422);
      expect(reused.headers.get("idempotent-replayed")).toBeNull();
      expect(await reused.json()).toEqual({ errors: [{ code: "IDEMPOTENCY_KEY_REUSED", detail: expect.stringMatching(/different event/) }] });
    }
    // The same body (its text spaced differently: the parsed body is what counts) is a retry.
    const retry = await post(m.id, { text: "  Corner to Rovers ", side: "home", minute: 12, type: "comment" }, "reused-key");
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await retry.json()).toEqual(made);
    const state = await live(m.id);
    expect(state.events.map((e) => e.type)).toEqual(["kickoff", "comment"]);
    expect(state.seq).toBe(2);
  });

  it("keeps one event for parallel duplicates of a key, and numbers parallel different events 1…n", async () => {
    const m = await fixture();
    await post(m.id, { type: "kickoff", minute: 0, side: "home" });
    const same = await Promise.all(Array.from({ length: 8 }, () => post(m.id, { type: "comment", minute: 3, side: "home", text: "Busy start" }, "dup-key")));
    const bodies = await Promise.all(same.map((r) => r.json() as Promise<{ data: { id: string; seq: number } }>));
    expect(same.every((r) => r.status === 201)).toBe(true);
    expect(new Set(bodies.map((x) => x.data.id)).size).toBe(1);
    const many = await Promise.all(Array.from({ length: 6 }, (_, i) => post(m.id, { type: "comment", minute: 4 + i, side: "away", text: `Note ${i}` })));
    const seqs = (await Promise.all(many.map((r) => r.json() as Promise<{ data: { seq: number } }>))).map((x) => x.data.seq).sort((x, y) => x - y);
    expect(seqs).toEqual([3, 4, 5, 6, 7, 8]);
    const state = await live(m.id);
    expect(state.events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("refuses a team event before kick-off and anything after full time with 409", async () => {
    const m = await fixture();
    const early = await post(m.id, { type: "goal", minute: 1, side: "home" });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ errors: [{ code: "MATCH_NOT_STARTED" }] });
    expect((await post(m.id, { type: "comment", minute: 0, side: "home", text: "Teams are out" })).status).toBe(201);
    expect((await post(m.id, { type: "halftime", minute: 0, side: "home" })).status).toBe(409);
    for (const [type, minute] of [["kickoff", 0], ["halftime", 45], ["second-half", 46], ["fulltime", 94]] as const) {
      expect((await post(m.id, { type, minute, side: "home" })).status).toBe(201);
    }
    const late = await post(m.id, { type: "comment", minute: 95, side: "home", text: "Still here" });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ errors: [{ code: "MATCH_FINISHED" }] });
  });

  it("answers 400 with field errors for a bad shape, 400 for a missing key or unknown player, 404 for an unknown match", async () => {
    const m = await fixture();
    const bad = await post(m.id, { type: "header", minute: 131, side: "middle" });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { errors: { code: string; detail: string; field?: string }[] };
    expect(body.errors.every((e) => e.code === "INVALID_INPUT" && e.detail.length > 0)).toBe(true);
    expect(body.errors.map((e) => e.field).sort()).toEqual(["minute", "side", "type"]);
    const noKey = await b.fetch(`/api/admin/matches/${m.id}/events`, { method: "POST", headers: admin(), body: JSON.stringify({ type: "kickoff", minute: 0, side: "home" }) });
    expect(noKey.status).toBe(400);
    expect(await noKey.json()).toMatchObject({ errors: [{ code: "INVALID_INPUT", detail: expect.any(String), field: "Idempotency-Key" }] });
    await post(m.id, { type: "kickoff", minute: 0, side: "home" });
    const club = m.is_home ? "home" : "away";
    const stranger = await post(m.id, { type: "goal", minute: 5, side: club, playerID: 999_999 });
    expect(stranger.status).toBe(400);
    expect(await stranger.json()).toMatchObject({ errors: [{ code: "UNKNOWN_PLAYER", detail: expect.any(String), field: "playerID" }] });
    expect((await post(999_999_999, { type: "kickoff", minute: 0, side: "home" })).status).toBe(404);
    expect((await b.fetch(`/api/matches/999999999/live`)).status).toBe(404);
  });

  it("withdraws an event as a correction; a withdrawn kick-off makes the match a fixture again", async () => {
    const m = await fixture();
    const club = m.is_home ? "home" : "away";
    const [scorer] = await squad(m.team_id, 1);
    const kick = (await (await post(m.id, { type: "kickoff", minute: 0, side: "home" })).json()) as { data: { id: string } };
    const goal = (await (await post(m.id, { type: "goal", minute: 12, side: club, playerID: scorer })).json()) as { data: { id: string } };
    expect((await live(m.id)).score).toEqual(club === "home" ? { home: 1, away: 0 } : { home: 0, away: 1 });
    const off = await b.fetch(`/api/admin/matches/${m.id}/events/${goal.data.id}`, { method: "DELETE", headers: admin() });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ data: { seq: 3, withdrawn: true } });
    const after = await live(m.id);
    expect(after.score).toEqual({ home: 0, away: 0 });
    expect(after.events.find((e) => e.id === goal.data.id)?.withdrawn).toBe(true);
    await b.fetch(`/api/admin/matches/${m.id}/events/${kick.data.id}`, { method: "DELETE", headers: admin() });
    expect((await live(m.id)).phase).toBe("fixture");
    expect((await b.fetch(`/api/admin/matches/${m.id}/events/nope`, { method: "DELETE", headers: admin() })).status).toBe(404);
    const audited = await env.DB.prepare("SELECT COUNT(*) AS n FROM admin_audit_log WHERE action = 'matches.events.withdraw' AND target = ?1").bind(String(m.id)).first<{ n: number }>();
    expect(audited?.n).toBe(3);
  });

  it("at full time writes the result row from the club's side, and the match centre renders it", async () => {
    const m = await fixture("womens-first-team");
    const club = m.is_home ? "home" : "away";
    const other = m.is_home ? "away" : "home";
    await post(m.id, { type: "kickoff", minute: 0, side: "home" });
    await post(m.id, { type: "goal", minute: 10, side: club });
    await post(m.id, { type: "penalty-goal", minute: 30, side: club });
    await post(m.id, { type: "own-goal", minute: 40, side: club });
    await post(m.id, { type: "halftime", minute: 45, side: "home" });
    await post(m.id, { type: "second-half", minute: 46, side: "home" });
    expect((await env.DB.prepare("SELECT status FROM matches WHERE id = ?1").bind(m.id).first<{ status: string }>())?.status).toBe("fixture");
    await post(m.id, { type: "fulltime", minute: 93, side: other });
    const row = await env.DB.prepare("SELECT status, goals_for, goals_against FROM matches WHERE id = ?1").bind(m.id).first();
    expect(row).toEqual({ status: "result", goals_for: 2, goals_against: 1 });
    const centre = await readMatch(readerOf(env), "womens-first-team", undefined, m.id);
    expect(centre?.live?.phase).toBe("full-time");
    expect(centre?.live?.events).toHaveLength(7);
  });

  it("sets the line-up from the squad; an unknown player is a 400", async () => {
    const m = await fixture();
    const players = await squad(m.team_id, 14);
    const put = (body: unknown) => b.fetch(`/api/admin/matches/${m.id}/lineups`, { method: "PUT", headers: admin(), body: JSON.stringify(body) });
    const ok = await put({ starting: players.slice(0, 11), subs: players.slice(11) });
    expect(ok.status).toBe(200);
    const state = await live(m.id);
    expect(state.lineup?.starting.map((p) => p.id)).toEqual(players.slice(0, 11));
    expect(state.lineup?.side).toBe(m.is_home ? "home" : "away");
    const unknown = await put({ starting: [...players.slice(0, 10), 999_999], subs: [] });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ errors: [{ code: "UNKNOWN_PLAYER", detail: expect.any(String), field: "starting.10" }] });
    expect((await put({ starting: players.slice(0, 10), subs: [] })).status).toBe(400);
  });

  it("a live match's page is never stored in the page cache; its live API is cacheable for a second", async () => {
    const m = await fixture();
    await post(m.id, { type: "kickoff", minute: 0, side: "home" });
    const api = await b.fetch(`/api/matches/${m.id}/live`);
    expect(api.headers.get("cache-control")).toBe("public, max-age=1");
    const path = `/match/${m.id}`;
    const first = await b.fetch(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(await first.text()).toContain("live-badge");
    const second = await b.fetch(path);
    expect(second.headers.get("x-page-cache")).toBe("miss");
  });
});

describe("the match centre's socket", () => {
  /** Opens /ws/matches/{id} from `ip`, claiming to be `claimed` in the header the room counts by; resolves with its close code after a moment, or null. */
  async function socket(client: ReturnType<typeof browser>, matchID: number, ip: string, claimed: string) {
    const res = await client.fetch(`/ws/matches/${matchID}`, { ip, headers: { upgrade: "websocket", "x-client-address": claimed, "x-socket-limits": "1000,1000" } });
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    let code: number | null = null;
    ws.addEventListener("close", (e) => {
      code = e.code;
    });
    ws.accept();
    await new Promise((r) => setTimeout(r, 50));
    return { ws, code: () => code };
  }

  it("counts sockets by the address Cloudflare reports, whatever the client claims, under the configured cap", async () => {
    const m = await fixture();
    const capped = browser({ MATCH_SOCKETS_PER_ADDRESS: "2" });
    const first = await socket(capped, m.id, "203.0.113.20", "1.1.1.1");
    const second = await socket(capped, m.id, "203.0.113.20", "2.2.2.2");
    const third = await socket(capped, m.id, "203.0.113.20", "3.3.3.3");
    expect([first.code(), second.code(), third.code()]).toEqual([null, null, CLOSE_ADDRESS_LIMIT]);
    const elsewhere = await socket(capped, m.id, "203.0.113.21", "203.0.113.20");
    expect(elsewhere.code()).toBeNull();
    for (const s of [first, second, elsewhere]) s.ws.close();
  });
});
