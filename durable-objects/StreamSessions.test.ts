import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PING_TIMEOUT_MS, type AdmitRequest, type StreamSessions } from "./StreamSessions";
import { PING_REQUEST, PING_RESPONSE, RECONNECT_GRACE_MS, sessionGreeting } from "../src/domain/stream-socket";
import { isReleased } from "./released-stream-sessions";

/** The per-user stream session object in workerd: admission, sockets, the alarm's sweep. */

let users = 0;
function userStub(): { userID: string; stub: DurableObjectStub<StreamSessions> } {
  users += 1;
  const userID = `do-user-${users}-${crypto.randomUUID().slice(0, 8)}`;
  return { userID, stub: env.STREAM_SESSIONS.get(env.STREAM_SESSIONS.idFromName(userID)) };
}

const request = (userID: string, more: Partial<AdmitRequest> = {}): AdmitRequest => ({
  userID,
  assetID: "men-audio-commentary",
  siteSid: `sid-${crypto.randomUUID()}`,
  userAgent: "test",
  bypassed: false,
  limit: 2,
  ...more,
});

async function admitted(stub: DurableObjectStub<StreamSessions>, req: AdmitRequest): Promise<string> {
  const result = await stub.admit(req);
  if (!result.admitted) throw new Error("expected admission");
  return result.sessionId;
}

/** Opens the session's socket the way the worker forwards /ws/streams. */
async function openSocket(stub: DurableObjectStub<StreamSessions>, sessionId: string): Promise<WebSocket> {
  const res = await stub.fetch("http://do/ws", { headers: { upgrade: "websocket", "x-stream-session": sessionId } });
  expect(res.status).toBe(101);
  const ws = res.webSocket;
  if (!ws) throw new Error("no websocket");
  ws.accept();
  return ws;
}

function nextMessage(ws: WebSocket): Promise<string> {
  return new Promise((resolve) => ws.addEventListener("message", (e) => resolve(String(e.data)), { once: true }));
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Moves every stored sign of life of this object `ms` into the past (the clock cannot be moved inside workerd). */
async function age(stub: DurableObjectStub<StreamSessions>, ms: number): Promise<void> {
  await runInDurableObject(stub, (_instance, state) => {
    state.storage.sql.exec("UPDATE stream_sessions SET last_seen_at = last_seen_at - ?, started_at = started_at - ?", ms, ms);
  });
}

describe("StreamSessions", () => {
  it("refuses a third session and admits it once a socket closes", async () => {
    const { userID, stub } = userStub();
    const first = await admitted(stub, request(userID));
    await admitted(stub, request(userID));
    expect(await stub.admit(request(userID))).toEqual({ admitted: false, active: 2 });

    const ws = await openSocket(stub, first);
    ws.close(1000, "player closed");
    await until(async () => !(await stub.isActive(first)), "the closed socket's session to be released");
    expect((await stub.admit(request(userID))).admitted).toBe(true);
    expect((await stub.sessions()).length).toBe(2);
  });

  it("lets bypassed sessions past the limit without counting them", async () => {
    const { userID, stub } = userStub();
    for (let i = 0; i < 4; i += 1) expect((await stub.admit(request(userID, { bypassed: true }))).admitted).toBe(true);
    await admitted(stub, request(userID));
    await admitted(stub, request(userID));
    expect((await stub.admit(request(userID))).admitted).toBe(false);
  });

  it("answers the ping without waking the object and releases a session 75 s after its last sign of life", async () => {
    const { userID, stub } = userStub();
    const pinging = await admitted(stub, request(userID));
    const silent = await admitted(stub, request(userID));
    const neverConnected = await admitted(stub, request(userID, { bypassed: true }));
    const ws = await openSocket(stub, pinging);
    const silentWs = await openSocket(stub, silent);

    const greeting = nextMessage(ws);
    ws.send(JSON.stringify({ action: "session", data: sessionGreeting(userID, "men-audio-commentary") }));
    expect(JSON.parse(await greeting)).toEqual({ action: "session", status: "ok" });

    // The stored times go 76 s back; then the pinging socket pings (auto-response), the silent one does not.
    await age(stub, PING_TIMEOUT_MS + 1_000);
    const pong = nextMessage(ws);
    ws.send(PING_REQUEST);
    expect(await pong).toBe(PING_RESPONSE);
    await runInDurableObject(stub, (_instance, state) => {
      const [socket] = state.getWebSockets(pinging);
      expect(socket && state.getWebSocketAutoResponseTimestamp(socket)).toBeInstanceOf(Date);
    });

    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stub.isActive(pinging)).toBe(true);
    expect(await stub.isActive(silent)).toBe(false);
    expect(await stub.isActive(neverConnected)).toBe(false);
    // Both are listed as released in D1 (what the playlist gate reads) and the pinging one is not.
    expect(await isReleased(env.DB, silent)).toBe(true);
    expect(await isReleased(env.DB, neverConnected)).toBe(true);
    expect(await isReleased(env.DB, pinging)).toBe(false);
    // The next sweep is set for 75 s after the ping it saw.
    const alarm = await runInDurableObject(stub, (_instance, state) => state.storage.getAlarm());
    expect(alarm).toBeGreaterThan(Date.now() + PING_TIMEOUT_MS - 5_000);
    ws.close();
    silentWs.close();
  });

  it("closes a socket whose greeting names another user or asset", async () => {
    const { userID, stub } = userStub();
    const id = await admitted(stub, request(userID));
    const ws = await openSocket(stub, id);
    const closed = new Promise<number>((resolve) => ws.addEventListener("close", (e) => resolve(e.code), { once: true }));
    ws.send(JSON.stringify({ action: "session", data: sessionGreeting(userID, "women-live") }));
    expect(await closed).toBe(4003);
  });

  it("ignores what is not a player's message and still answers the greeting after it", async () => {
    const { userID, stub } = userStub();
    const id = await admitted(stub, request(userID));
    const ws = await openSocket(stub, id);
    for (const junk of ["null", "[]", "42", "not json", JSON.stringify({ action: "pong" }), new Uint8Array([1, 2])]) ws.send(junk);
    const answer = nextMessage(ws);
    ws.send(JSON.stringify({ action: "session", data: sessionGreeting(userID, "men-audio-commentary") }));
    expect(JSON.parse(await answer)).toEqual({ action: "session", status: "ok" });
    ws.close();
  });

  it("never admits more than the limit from 50 parallel admissions", async () => {
    const { userID, stub } = userStub();
    const results = await Promise.all(Array.from({ length: 50 }, () => stub.admit(request(userID))));
    expect(results.filter((r) => r.admitted).length).toBe(2);
    expect((await stub.sessions()).length).toBe(2);
  });

  it("signs out the other devices and keeps this one", async () => {
    const { userID, stub } = userStub();
    const mine = request(userID);
    const kept = await admitted(stub, mine);
    const other = await admitted(stub, request(userID));
    const ws = await openSocket(stub, other);
    const closed = new Promise<number>((resolve) => ws.addEventListener("close", (e) => resolve(e.code), { once: true }));
    expect(await stub.releaseOthers(mine.siteSid)).toBe(1);
    expect(await closed).toBe(4001);
    expect(await stub.isActive(kept)).toBe(true);
    expect(await stub.isActive(other)).toBe(false);
  });

  it("refuses a socket for a released or unknown session", async () => {
    const { stub } = userStub();
    const res = await stub.fetch("http://do/ws", { headers: { upgrade: "websocket", "x-stream-session": "nope" } });
    expect(res.status).toBe(410);
  });
});

describe("StreamSessions restarted mid-stream (a deploy)", () => {
  /** Resets the object as a deploy does: its sockets drop with 1006 and no close reaches it; storage stays. */
  async function restart(userID: string, stub: DurableObjectStub<StreamSessions>): Promise<DurableObjectStub<StreamSessions>> {
    await expect(runInDurableObject(stub, (_instance, state) => state.abort("deploy"))).rejects.toThrow("deploy");
    return env.STREAM_SESSIONS.get(env.STREAM_SESSIONS.idFromName(userID));
  }

  it("keeps the session for the player to reopen its socket, and the sweep leaves it while it is back", async () => {
    const { userID, stub } = userStub();
    const id = await admitted(stub, request(userID));
    const ws = await openSocket(stub, id);
    const dropped = new Promise<number>((resolve) => ws.addEventListener("close", (e) => resolve(e.code), { once: true }));
    const after = await restart(userID, stub);
    expect(await dropped).toBe(1006);
    expect(await after.isActive(id)).toBe(true);

    // The sweep that finds the socket gone keeps the session for the grace, not for a full 75 s.
    expect(await runDurableObjectAlarm(after)).toBe(true);
    expect(await after.isActive(id)).toBe(true);
    const alarm = await runInDurableObject(after, (_instance, state) => state.storage.getAlarm());
    expect(alarm).toBeLessThanOrEqual(Date.now() + RECONNECT_GRACE_MS + 1_000);

    // The player's new socket is accepted and greeted; the sweep then keeps the session.
    const again = await openSocket(after, id);
    const greeting = nextMessage(again);
    again.send(JSON.stringify({ action: "session", data: sessionGreeting(userID, "men-audio-commentary") }));
    expect(JSON.parse(await greeting)).toEqual({ action: "session", status: "ok" });
    await runDurableObjectAlarm(after);
    expect(await after.isActive(id)).toBe(true);
    expect(await isReleased(env.DB, id)).toBe(false);
    again.close();
  });

  it("releases a session whose player never comes back once the grace is over", async () => {
    const { userID, stub } = userStub();
    const id = await admitted(stub, request(userID));
    await openSocket(stub, id);
    const after = await restart(userID, stub);
    await runDurableObjectAlarm(after);
    expect(await after.isActive(id)).toBe(true);
    // The grace passes (stored times moved back; the clock cannot be moved inside workerd).
    await age(after, RECONNECT_GRACE_MS + 1_000);
    await runDurableObjectAlarm(after);
    expect(await after.isActive(id)).toBe(false);
    expect(await isReleased(env.DB, id)).toBe(true);
  });

  it("still frees the slot at once when the browser closes its socket", async () => {
    const { userID, stub } = userStub();
    const id = await admitted(stub, request(userID));
    const ws = await openSocket(stub, id);
    ws.close(1000, "player closed");
    await until(async () => !(await stub.isActive(id)), "the closed socket's session to be released");
  });
});
