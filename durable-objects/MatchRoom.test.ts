import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CATCH_UP_LIMIT, type EventPost, type MatchRoom } from "./MatchRoom";
import { matchSocketMessageSchema, type MatchEventInput, type MatchSocketMessage } from "../src/schemas/match-live";
import { PING_REQUEST, PING_RESPONSE } from "../src/domain/stream-socket";
import { CLOSE_ADDRESS_LIMIT, CLOSE_NOT_PING, CLOSE_ROOM_FULL, CLOSE_TOO_BIG } from "../src/domain/match-socket";

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

  describe("holds its ground", () => {
    /** A socket from `address` under the caps `limits` (perAddress,perRoom), with how it was closed, if it was. */
    async function connect(stub: DurableObjectStub<MatchRoom>, matchID: number, address: string, limits: string) {
      const res = await stub.fetch("http://room/ws", { headers: { upgrade: "websocket", "x-match-id": String(matchID), "x-client-address": address, "x-socket-limits": limits } });
      expect(res.status).toBe(101);
      const ws = res.webSocket!;
      const closed: { code: number | null; reason: string } = { code: null, reason: "" };
      ws.addEventListener("close", (e) => {
        closed.code = e.code;
        closed.reason = e.reason;
      });
      ws.accept();
      const closing = async () => {
        for (let i = 0; i < 200 && closed.code === null; i++) await new Promise((r) => setTimeout(r, 10));
        return closed;
      };
      return { ws, closed, closing };
    }

    it("refuses a socket past the cap for its address with 4429, while another address still joins", async () => {
      const { matchID, stub } = await room();
      const held = [];
      for (let i = 0; i < 3; i++) held.push(await connect(stub, matchID, "203.0.113.7", "3,100"));
      const fourth = await connect(stub, matchID, "203.0.113.7", "3,100");
      expect(await fourth.closing()).toMatchObject({ code: CLOSE_ADDRESS_LIMIT, reason: "Too many connections from your address" });
      const other = await connect(stub, matchID, "198.51.100.9", "3,100");
      await new Promise((r) => setTimeout(r, 50));
      expect(other.closed.code).toBeNull();
      expect(held.every((h) => h.closed.code === null)).toBe(true);
      // One leaves: its address has room again.
      held[0]!.ws.close(1000);
      await new Promise((r) => setTimeout(r, 50));
      const again = await connect(stub, matchID, "203.0.113.7", "3,100");
      await new Promise((r) => setTimeout(r, 50));
      expect(again.closed.code).toBeNull();
      for (const s of [...held.slice(1), other, again]) s.ws.close();
    });

    it("refuses a socket past the room's cap with 4503, whatever its address", async () => {
      const { matchID, stub } = await room();
      const held = [];
      for (let i = 0; i < 4; i++) held.push(await connect(stub, matchID, `192.0.2.${i}`, "10,4"));
      const late = await connect(stub, matchID, "192.0.2.99", "10,4");
      expect(await late.closing()).toMatchObject({ code: CLOSE_ROOM_FULL, reason: "The match room is full" });
      for (const s of held) s.ws.close();
    });

    it("closes a socket that says anything but the ping (4400), and one that sends a large message (1009)", async () => {
      const { matchID, stub } = await room();
      const chatty = await connect(stub, matchID, "192.0.2.50", "10,100");
      chatty.ws.send(JSON.stringify({ action: "subscribe", all: true }));
      expect(await chatty.closing()).toMatchObject({ code: CLOSE_NOT_PING, reason: "Only the ping is accepted" });
      const big = await connect(stub, matchID, "192.0.2.51", "10,100");
      big.ws.send("x".repeat(2_000_000));
      expect(await big.closing()).toMatchObject({ code: CLOSE_TOO_BIG });
      const pinging = await connect(stub, matchID, "192.0.2.52", "10,100");
      pinging.ws.send(PING_REQUEST);
      await new Promise((r) => setTimeout(r, 50));
      expect(pinging.closed.code).toBeNull();
      pinging.ws.close();
    });
  });
});
