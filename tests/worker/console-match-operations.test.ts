import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { account, adminHeaders, roleAccount } from "./staff-accounts";
import type { Browser } from "./auth-test-app";
import { liveMatchSchema } from "../../src/schemas/match-live";

/**
 * The match operator's console endpoint (worker/console/match-operations.ts): the club's feed
 * itself, behind a staff session with match.operate and the site's Origin, audited per staff member.
 */

type Fixture = { id: number; team_id: number; is_home: number };
let taken = 0;
/** A B team fixture of its own for each test, untouched by the feed. */
async function fixture(): Promise<Fixture> {
  const row = await env.DB.prepare(
    `SELECT m.id, m.team_id, m.is_home FROM matches m JOIN teams t ON t.id = m.team_id
      WHERE m.status = 'fixture' AND t.slug = 'b-team' AND m.live_seq = 0 ORDER BY m.kickoff DESC LIMIT 1 OFFSET ?1`,
  )
    .bind(taken++)
    .first<Fixture>();
  if (!row) throw new Error("the seed has no B team fixture left");
  return row;
}

const send = (b: Browser, path: string, method: string, body?: unknown, key?: string, origin?: string) =>
  b.fetch(`/api/console${path}`, {
    method,
    headers: { "content-type": "application/json", ...(key ? { "idempotency-key": key } : {}), ...(origin ? { origin } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const errorsOf = async (res: Response) => ((await res.json()) as { errors: { code: string; field?: string }[] }).errors;
const eventCount = async (matchID: number) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM match_events WHERE match_id = ?1").bind(matchID).first<{ n: number }>())!.n;
const auditOf = async (actor: string) =>
  (
    await env.DB.prepare("SELECT action, target, status, detail FROM admin_audit_log WHERE actor = ?1 ORDER BY id").bind(actor).all<{ action: string; target: string | null; status: number; detail: string }>()
  ).results.map((r) => ({ ...r, detail: JSON.parse(r.detail) as Record<string, unknown> }));

async function squad(teamID: number, n: number): Promise<number[]> {
  const { results } = await env.DB.prepare("SELECT id FROM players WHERE team_id = ?1 ORDER BY id LIMIT ?2").bind(teamID, n).all<{ id: number }>();
  return results.map((r) => r.id);
}

describe("the match operator's console endpoint", () => {
  it("posts through the feed: line-up, kick-off, a goal with its scorer; a retry of a key answers the first event; each write audited with the staff member", async () => {
    const m = await fixture();
    const { b, identity } = await roleAccount("match-op", ["match-operator"]);
    const side = m.is_home ? "home" : "away";
    const players = await squad(m.team_id, 14);

    const lineup = await send(b, `/matches/${m.id}/lineups`, "PUT", { starting: players.slice(0, 11), subs: players.slice(11) });
    expect(lineup.status).toBe(200);
    expect(await send(b, `/matches/${m.id}/events`, "POST", { type: "kickoff", minute: 0, side }, "op-kick")).toHaveProperty("status", 201);

    const goal = { type: "goal", minute: 12, side, playerID: players[9] };
    const first = await send(b, `/matches/${m.id}/events`, "POST", goal, "op-goal-1");
    expect(first.status).toBe(201);
    const made = (await first.json()) as { data: { id: string; seq: number } };
    expect(made.data.seq).toBe(3);
    // The phone sent it again (no answer reached it): the same event, once.
    const again = await send(b, `/matches/${m.id}/events`, "POST", goal, "op-goal-1");
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(made);
    // The same key through the admin API (the same feed, the same room): still that event.
    const viaAdmin = await b.fetch(`/api/admin/matches/${m.id}/events`, {
      method: "POST",
      headers: { ...adminHeaders, "content-type": "application/json", "idempotency-key": "op-goal-1" },
      body: JSON.stringify(goal),
    });
    expect(viaAdmin.status).toBe(201);
    expect(await viaAdmin.json()).toEqual(made);
    // Another event under that key is the sender's mistake, and changes nothing.
    const reused = await send(b, `/matches/${m.id}/events`, "POST", { ...goal, minute: 13 }, "op-goal-1");
    expect(reused.status).toBe(422);
    expect(await errorsOf(reused)).toMatchObject([{ code: "IDEMPOTENCY_KEY_REUSED" }]);
    expect(await eventCount(m.id)).toBe(2);

    const state = await b.fetch(`/api/console/matches/${m.id}/live`);
    expect(state.status).toBe(200);
    const live = liveMatchSchema.parse(((await state.json()) as { data: { attributes: unknown } }).data.attributes);
    expect(live).toMatchObject({ phase: "first-half", score: side === "home" ? { home: 1, away: 0 } : { home: 0, away: 1 } });
    expect(live.events.at(-1)?.player?.id).toBe(players[9]);
    expect(live.lineup?.starting).toHaveLength(11);

    const audit = await auditOf(`staff:${identity.ssoID}`);
    expect(audit.map((a) => [a.action, a.target, a.status])).toEqual([
      ["matches.lineups.put", String(m.id), 200],
      ["matches.events.post", String(m.id), 201],
      ["matches.events.post", String(m.id), 201],
      ["matches.events.post", String(m.id), 201],
      ["matches.events.post", String(m.id), 422],
    ]);
    expect(audit[2]!.detail).toMatchObject({ via: "console", staff: expect.any(String), idempotencyKey: "op-goal-1", body: goal });
    expect(audit[2]!.detail.staff).not.toBe("");
  });

  it("refuses what the match's phase does not allow (409), a bad body beside its field (400) and a missing key; withdraws with Undo (a correction)", async () => {
    const m = await fixture();
    const { b, identity } = await roleAccount("match-op-2", ["administrator"]);
    const side = m.is_home ? "home" : "away";
    const early = await send(b, `/matches/${m.id}/events`, "POST", { type: "halftime", minute: 45, side }, "op-early");
    expect(early.status).toBe(409);
    expect(await errorsOf(early)).toMatchObject([{ code: "WRONG_PHASE" }]);
    const bad = await send(b, `/matches/${m.id}/events`, "POST", { type: "goal", minute: 200, side }, "op-bad");
    expect(bad.status).toBe(400);
    expect(await errorsOf(bad)).toMatchObject([{ code: "INVALID_INPUT", field: "minute" }]);
    const noKey = await send(b, `/matches/${m.id}/events`, "POST", { type: "kickoff", minute: 0, side });
    expect(noKey.status).toBe(400);
    expect(await errorsOf(noKey)).toMatchObject([{ code: "INVALID_INPUT", field: "Idempotency-Key" }]);
    expect(await eventCount(m.id)).toBe(0);

    await send(b, `/matches/${m.id}/events`, "POST", { type: "kickoff", minute: 0, side }, "op-k2");
    const card = (await (await send(b, `/matches/${m.id}/events`, "POST", { type: "yellow", minute: 20, side: side === "home" ? "away" : "home" }, "op-card")).json()) as { data: { id: string } };
    const undo = await send(b, `/matches/${m.id}/events/${card.data.id}`, "DELETE");
    expect(undo.status).toBe(200);
    expect(await undo.json()).toMatchObject({ data: { id: card.data.id, withdrawn: true } });
    expect((await send(b, `/matches/${m.id}/events/nothing-here`, "DELETE")).status).toBe(404);
    expect((await send(b, `/matches/999999/events`, "POST", { type: "kickoff", minute: 0, side }, "op-none")).status).toBe(404);
    const withdrawn = await env.DB.prepare("SELECT withdrawn FROM match_events WHERE id = ?1").bind(card.data.id).first<{ withdrawn: number }>();
    expect(withdrawn?.withdrawn).toBe(1);
    const audit = await auditOf(`staff:${identity.ssoID}`);
    expect(audit.map((a) => [a.action, a.status])).toContainEqual(["matches.events.withdraw", 200]);
    expect(audit.map((a) => [a.action, a.status])).toContainEqual(["matches.events.post", 409]);
  });

  it("needs match.operate (403, audited), the site's Origin (403 CSRF) and a staff role (404 for a supporter); nothing is written", async () => {
    const m = await fixture();
    const side = m.is_home ? "home" : "away";
    const { b: editor, identity } = await roleAccount("match-editor", ["editor"]);
    const refused = await send(editor, `/matches/${m.id}/events`, "POST", { type: "kickoff", minute: 0, side }, "ed-kick");
    expect(refused.status).toBe(403);
    expect(await errorsOf(refused)).toMatchObject([{ code: "CAPABILITY_REQUIRED" }]);
    expect((await auditOf(`staff:${identity.ssoID}`)).map((a) => [a.status, a.detail])).toEqual([[403, { via: "console", capability: "match.operate" }]]);
    expect((await editor.fetch(`/api/console/matches/${m.id}/live`)).status).toBe(403);
    expect((await editor.fetch(`/admin/matches/${m.id}/live`)).status).toBe(403);

    const { b: operator } = await roleAccount("match-op-csrf", ["match-operator"]);
    const crossSite = await send(operator, `/matches/${m.id}/events`, "POST", { type: "kickoff", minute: 0, side }, "x-kick", "https://evil.example");
    expect(crossSite.status).toBe(403);
    expect(await errorsOf(crossSite)).toMatchObject([{ code: "CSRF" }]);

    const { b: fan } = await account("match-fan");
    expect((await send(fan, `/matches/${m.id}/events`, "POST", { type: "kickoff", minute: 0, side }, "f-kick")).status).toBe(404);
    expect(await eventCount(m.id)).toBe(0);
  });

  it("renders the list and the operator's screen for a match operator (the squad and the state); an unknown match is the 404", async () => {
    const m = await fixture();
    const { b } = await roleAccount("match-op-pages", ["match-operator"]);
    const list = await b.fetch("/admin/matches");
    expect(list.status).toBe(200);
    expect(await list.text()).toContain(`/admin/matches/`);
    const screen = await b.fetch(`/admin/matches/${m.id}/live`);
    expect(screen.status).toBe(200);
    const html = await screen.text();
    expect(html).toContain("Post an event");
    expect(html).toContain("Kick-off");
    expect(html).toMatch(/aria-label="Start: /);
    expect((await b.fetch("/admin/matches/999999/live")).status).toBe(404);
    expect((await b.fetch("/admin/matches/abc/live")).status).toBe(404);
  });
});
