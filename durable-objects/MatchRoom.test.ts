import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CATCH_UP_LIMIT, type EventPost, type MatchRoom } from "./MatchRoom";
import { matchSocketMessageSchema, type MatchEventInput, type MatchSocketMessage } from "../src/schemas/match-live";
import { PING_REQUEST, PING_RESPONSE } from "../src/domain/stream-socket";

/** The per-match room in workerd: catch-up by seq on a reconnect, after a restart, and for a client too far behind. */

let taken = 0;
/** A fixture of its own (the tests share D1), with its room. */
async function room(): Promise<{ matchID: number; stub: DurableObjectStub<MatchRoom> }> {
  const row = await env.DB.prepare("SELECT id FROM matches WHERE status = 'fixture' AND live_seq = 0 ORDER BY kickoff LIMIT 1 OFFSET ?1").bind(taken++).first<{ id: number }>();
  if (!row) throw new Error("no fixture left");
  return { matchID: row.id, stub: env.MATCH_ROOMS.get(env.MATCH_ROOMS.idFromName(String(row.id))) };
}

let keys = 0;
const post = (input: MatchEventInput): EventPost => ({ input, player: null, playerOff: null, idempotencyKey: `room-${++keys}` });

/** A socket as the worker forwards /ws/matches/{id}?since=, collecting what it is sent. */
async function listen(stub: DurableObjectStub<MatchRoom>, matchID: number, since?: number) {
  const res = await stub.fetch(`http://room/ws${since === undefined ? "" : `?since=${since}`}`, { headers: { upgrade: "websocket", "x-match-id": String(matchID) } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const received: MatchSocketMessage[] = [];
  const raw: string[] = [];
  ws.addEventListener("message", (e) => {
    const text = String(e.data);
    raw.push(text);
    const parsed = matchSocketMessageSchema.safeParse(JSON.parse(text));
    if (parsed.success) received.push(parsed.data);
  });
  ws.accept();
  const until = async (n: number) => {
    for (let i = 0; i < 200 && received.length < n; i++) await new Promise((r) => setTimeout(r, 10));
    expect(received.length).toBeGreaterThanOrEqual(n);
    return received;
  };
  return { ws, received, raw, until };
}

describe("MatchRoom", () => {
  it("greets a new socket with the whole state, then sends each change once, in order", async () => {
    const { matchID, stub } = await room();
    await stub.post(matchID, post({ type: "kickoff", minute: 0, side: "home" }));
    const client = await listen(stub, matchID);
    const [first] = await client.until(1);
    expect(first).toMatchObject({ type: "state", seq: 1, state: { phase: "first-half" } });
    await stub.post(matchID, post({ type: "goal", minute: 9, side: "away" }));
    await stub.post(matchID, post({ type: "comment", minute: 10, side: "home", text: "Stunned silence" }));
    const all = await client.until(3);
    expect(all.map((m) => [m.type, m.seq])).toEqual([["state", 1], ["event", 2], ["event", 3]]);
    client.ws.close();
  });

  it("a reconnect with ?since= gets exactly the changes after it, each once", async () => {
    const { matchID, stub } = await room();
    const kick = await stub.post(matchID, post({ type: "kickoff", minute: 0, side: "home" }));
    const goal = await stub.post(matchID, post({ type: "goal", minute: 5, side: "home" }));
    await stub.post(matchID, post({ type: "yellow", minute: 7, side: "away" }));
    if (!goal.ok || !kick.ok) throw new Error("refused");
    await stub.withdraw(matchID, goal.id);
    const client = await listen(stub, matchID, 1);
    const got = await client.until(3);
    await new Promise((r) => setTimeout(r, 50));
    expect(got.map((m) => [m.type, m.seq])).toEqual([["event", 2], ["event", 3], ["withdrawn", 4]]);
    const upToDate = await listen(stub, matchID, 4);
    await new Promise((r) => setTimeout(r, 50));
    expect(upToDate.received).toEqual([]);
    client.ws.close();
    upToDate.ws.close();
  });

  it("catches up the same after the object is restarted (storage outlives it)", async () => {
    const { matchID, stub } = await room();
    await stub.post(matchID, post({ type: "kickoff", minute: 0, side: "home" }));
    await stub.post(matchID, post({ type: "goal", minute: 20, side: "away" }));
    await runInDurableObject(stub, (_instance, state) => {
      // Eviction: the object goes; a new stub reaches a new instance over the same storage.
      state.abort("evicted by the test");
    }).catch(() => undefined);
    const restarted = env.MATCH_ROOMS.get(env.MATCH_ROOMS.idFromName(String(matchID)));
    await restarted.post(matchID, post({ type: "comment", minute: 21, side: "home", text: "After the restart" }));
    const client = await listen(restarted, matchID, 1);
    const got = await client.until(2);
    expect(got.map((m) => [m.type, m.seq])).toEqual([["event", 2], ["event", 3]]);
    expect((await restarted.state(matchID)).score).toEqual({ home: 0, away: 1 });
    client.ws.close();
  });

  it("sends the whole state to a client too far behind or ahead (a reset), and answers the ping without waking", async () => {
    const { matchID, stub } = await room();
    await stub.post(matchID, post({ type: "kickoff", minute: 0, side: "home" }));
    for (let i = 0; i < CATCH_UP_LIMIT + 1; i++) await stub.post(matchID, post({ type: "comment", minute: 1, side: "home", text: `Line ${i}` }));
    const behind = await listen(stub, matchID, 0);
    const [state] = await behind.until(1);
    expect(state).toMatchObject({ type: "state", seq: CATCH_UP_LIMIT + 2 });
    await stub.reset(matchID);
    const ahead = await listen(stub, matchID, 9999);
    const [fresh] = await ahead.until(1);
    expect(fresh).toMatchObject({ type: "state", state: { phase: "fixture", events: [] } });
    ahead.ws.send(PING_REQUEST);
    for (let i = 0; i < 100 && !ahead.raw.includes(PING_RESPONSE); i++) await new Promise((r) => setTimeout(r, 10));
    expect(ahead.raw).toContain(PING_RESPONSE);
    behind.ws.close();
    ahead.ws.close();
  });
});
