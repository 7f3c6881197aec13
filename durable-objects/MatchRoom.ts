import { DurableObject } from "cloudflare:workers";
import * as z from "zod/mini";
import { liveExtrasSchema, lineupSchema, livePlayerSchema, type LiveExtras, type Lineup, type LivePlayer, type LiveMatch, type MatchEvent, type MatchEventInput, type MatchSocketMessage } from "../src/schemas/match-live";
import { isLive, KEY_REUSED, liveMatchOf, refusalOf, repeatsEvent, type EventRefusal } from "../src/domain/match-live";
import { PING_REQUEST, PING_RESPONSE } from "../src/domain/stream-socket";
import { admissionOf, DEFAULT_SOCKETS_PER_ADDRESS, DEFAULT_SOCKETS_PER_ROOM, refusalOfMessage, type Refusal, type SocketLimits } from "../src/domain/match-socket";
import { recordEvent, recordLineup, recordOutcome, recordReset, recordWithdrawal } from "./match-record";

/**
 * One object per match (`idFromName(String(matchID))`): the single writer of that live
 * match, and the room its supporters' sockets hang in.
 *
 * - Every change (an event, a withdrawal, the line-up, a reset) gets the next `seq` and is kept in
 *   the object's SQLite with the exact message that announced it. A change is decided and stored
 *   inside `blockConcurrencyWhile`, D1 copy included (durable-objects/match-record.ts), so two
 *   posts never interleave: parallel duplicates of one Idempotency-Key find the first one's event,
 *   and a 201 means D1 has it too. Posts are a few dozen a match; the short hold costs nothing.
 * - Sockets are accepted with the Hibernation API: an idle room is evicted and costs nothing, the
 *   30 s ping is answered by the runtime without waking it, and a broadcast is one `send` per socket.
 * - `/ws?since=N` first gets the messages after N, each once, in order; when they are not all
 *   kept (a reset, or more than CATCH_UP_LIMIT behind) it gets the whole state instead. Storage
 *   outlives eviction, so catch-up works the same after a restart.
 * - A socket is tagged with its address (`x-client-address`, a /64 for IPv6, set by the worker), so
 *   the runtime counts an address's sockets; the room and each address are capped (`x-socket-limits`,
 *   from the worker's settings) and a socket that says anything but the ping is closed
 *   (src/domain/match-socket.ts).
 * - Each answer says whether the match moved between fixture, live and result, so the worker can
 *   retire the caches that show it (the object imports nothing from worker/).
 */
export const CATCH_UP_LIMIT = 200;

/** An event as the worker hands it over: the feed's input with its players looked up in the squad. */
export interface EventPost {
  input: MatchEventInput;
  player: LivePlayer | null;
  playerOff: LivePlayer | null;
  idempotencyKey: string;
}

export type Moved = { moved: boolean };
export type PostResult =
  | ({ ok: true; id: string; seq: number; created: boolean } & Moved)
  | ({ ok: false } & (EventRefusal | typeof KEY_REUSED));
export type WithdrawResult = ({ ok: true; seq: number } & Moved) | { ok: false };

type EventRow = {
  id: string; seq: number; type: MatchEvent["type"]; minute: number; side: MatchEvent["side"]; player: string | null; player_off: string | null;
  text: string | null; withdrawn: number; idempotency_key: string; created_at: string;
};

const toEvent = (r: EventRow): MatchEvent => ({
  id: r.id, seq: r.seq, type: r.type, minute: r.minute, side: r.side, text: r.text, withdrawn: r.withdrawn === 1, createdAt: r.created_at,
  player: r.player === null ? null : z.parse(livePlayerSchema, JSON.parse(r.player)),
  playerOff: r.player_off === null ? null : z.parse(livePlayerSchema, JSON.parse(r.player_off)),
});

/** Fixture, live or result: what the pages and caches outside the room show differently. */
const stage = (state: LiveMatch) => (isLive(state.phase) ? "live" : state.phase);

export class MatchRoom extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_REQUEST, PING_RESPONSE));
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS events (
      id TEXT PRIMARY KEY, seq INTEGER NOT NULL UNIQUE, type TEXT NOT NULL, minute INTEGER NOT NULL, side TEXT NOT NULL,
      player TEXT, player_off TEXT, text TEXT, withdrawn INTEGER NOT NULL DEFAULT 0,
      idempotency_key TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL)`);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS changes (seq INTEGER PRIMARY KEY, message TEXT NOT NULL)");
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
  }

  private meta(key: string): string | null {
    return this.ctx.storage.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key).toArray()[0]?.value ?? null;
  }

  private setMeta(key: string, value: string): void {
    this.ctx.storage.sql.exec("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value);
  }

  private lastSeq(): number {
    return Number(this.meta("seq") ?? 0);
  }

  private events(): MatchEvent[] {
    return this.ctx.storage.sql.exec<EventRow>("SELECT * FROM events ORDER BY seq").toArray().map(toEvent);
  }

  private current(matchID: number): LiveMatch {
    const lineup = this.meta("lineup");
    const state = liveMatchOf(matchID, this.lastSeq(), this.events(), lineup === null ? null : z.parse(lineupSchema, JSON.parse(lineup)));
    const extras = this.extras();
    return extras ? { ...state, extras } : state;
  }

  private extras(): LiveExtras | null {
    const extras = this.meta("extras");
    return extras === null ? null : z.parse(liveExtrasSchema, JSON.parse(extras));
  }

  /** Keeps the change's message for catch-up, moves seq on, and sends it to every socket. */
  private announce(message: MatchSocketMessage): void {
    this.ctx.storage.sql.exec("INSERT OR REPLACE INTO changes (seq, message) VALUES (?, ?)", message.seq, JSON.stringify(message));
    this.setMeta("seq", String(message.seq));
    this.ctx.storage.sql.exec("DELETE FROM changes WHERE seq <= ?", message.seq - CATCH_UP_LIMIT);
    this.broadcast(JSON.stringify(message));
  }

  private broadcast(text: string): void {
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(text);
      } catch {
        // closing: it will reconnect with its last seq
      }
    }
  }

  /**
   * One change at a time, nothing else running meanwhile. D1 is written first (the event, and the
   * match row when the match starts or stops being a result), then the room's own rows, then the
   * message goes out: a failed D1 write leaves the room as it was and the feed's retry starts
   * clean, and a 201 means D1 has the change. Errors are carried out of blockConcurrencyWhile,
   * which would otherwise reset the object.
   */
  private async change<T>(work: () => Promise<T>): Promise<T> {
    const outcome = await this.ctx.blockConcurrencyWhile(async () => {
      try {
        return { value: await work() };
      } catch (error) {
        return { error };
      }
    });
    if ("error" in outcome) throw outcome.error;
    return outcome.value;
  }

  /** The D1 match row, when the change moves the match between fixture, live and result; whether it moved. */
  private async recordStage(before: LiveMatch, after: LiveMatch): Promise<boolean> {
    if (stage(before) === stage(after)) return false;
    if (before.phase === "full-time" || after.phase === "full-time") {
      await recordOutcome(this.env.DB, after.matchID, after.phase === "full-time" ? after.score : null);
    }
    return true;
  }

  async post(matchID: number, post: EventPost): Promise<PostResult> {
    return this.change(async () => {
      const known = this.ctx.storage.sql.exec<EventRow>("SELECT * FROM events WHERE idempotency_key = ?", post.idempotencyKey).toArray()[0];
      if (known) {
        if (!repeatsEvent(toEvent(known), post.input)) return { ok: false, ...KEY_REUSED };
        return { ok: true, id: known.id, seq: known.seq, created: false, moved: false };
      }
      const before = this.current(matchID);
      const refusal = refusalOf(before.events, post.input.type);
      if (refusal) return { ok: false, ...refusal };
      const event: MatchEvent = {
        id: crypto.randomUUID(),
        seq: before.seq + 1,
        type: post.input.type,
        minute: post.input.minute,
        side: post.input.side,
        player: post.player,
        playerOff: post.playerOff,
        text: post.input.text ?? null,
        withdrawn: false,
        createdAt: new Date().toISOString(),
      };
      await recordEvent(this.env.DB, matchID, event, post.idempotencyKey);
      const moved = await this.recordStage(before, liveMatchOf(matchID, event.seq, [...before.events, event], before.lineup));
      this.ctx.storage.sql.exec(
        "INSERT INTO events (id, seq, type, minute, side, player, player_off, text, idempotency_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        event.id, event.seq, event.type, event.minute, event.side,
        event.player && JSON.stringify(event.player), event.playerOff && JSON.stringify(event.playerOff),
        event.text, post.idempotencyKey, event.createdAt,
      );
      this.announce({ type: "event", seq: event.seq, event });
      return { ok: true, id: event.id, seq: event.seq, created: true, moved };
    });
  }

  /** Withdraws an event (a VAR decision, a mistake); withdrawing one already withdrawn changes nothing. */
  async withdraw(matchID: number, eventID: string): Promise<WithdrawResult> {
    return this.change(async () => {
      const before = this.current(matchID);
      const target = before.events.find((e) => e.id === eventID);
      if (!target) return { ok: false };
      if (target.withdrawn) return { ok: true, seq: target.seq, moved: false };
      const seq = before.seq + 1;
      const events = before.events.map((e) => (e.id === eventID ? { ...e, withdrawn: true } : e));
      await recordWithdrawal(this.env.DB, matchID, eventID, seq);
      const moved = await this.recordStage(before, liveMatchOf(matchID, seq, events, before.lineup));
      this.ctx.storage.sql.exec("UPDATE events SET withdrawn = 1 WHERE id = ?", eventID);
      this.announce({ type: "withdrawn", seq, eventID });
      return { ok: true, seq, moved };
    });
  }

  async setLineup(matchID: number, lineup: Lineup): Promise<{ seq: number }> {
    return this.change(async () => {
      const seq = this.lastSeq() + 1;
      await recordLineup(this.env.DB, matchID, lineup, seq);
      this.setMeta("lineup", JSON.stringify(lineup));
      this.announce({ type: "lineup", seq, lineup });
      return { seq };
    });
  }

  /**
   * The console's extras as D1 now has them (the worker writes D1 first): kept for sockets that
   * connect later and sent to every open one at once. They carry the seq as it stands and take
   * none: they are no change to the timeline, and a reset keeps them, as D1 does.
   */
  async setExtras(matchID: number, extras: LiveExtras): Promise<{ seq: number }> {
    return this.change(async () => {
      this.setMeta("extras", JSON.stringify(extras));
      const seq = this.lastSeq();
      this.broadcast(JSON.stringify({ type: "extras", seq, extras } satisfies MatchSocketMessage));
      return { seq };
    });
  }

  /**
   * Forgets every event and the line-up (a match replayed in development, or posted to by
   * mistake): the match is a fixture again. Its seq still moves on, so no client mistakes the
   * new timeline's seq for the old one's; they all get the empty state.
   */
  async reset(matchID: number): Promise<Moved & { seq: number }> {
    return this.change(async () => {
      const before = this.current(matchID);
      const seq = before.seq + 1;
      await recordReset(this.env.DB, matchID, seq);
      const moved = await this.recordStage(before, liveMatchOf(matchID, seq, [], null));
      this.ctx.storage.sql.exec("DELETE FROM events");
      this.ctx.storage.sql.exec("DELETE FROM changes");
      this.ctx.storage.sql.exec("DELETE FROM meta WHERE key = 'lineup'");
      const extras = this.extras();
      this.announce({ type: "state", seq, state: { ...liveMatchOf(matchID, seq, [], null), ...(extras ? { extras } : {}) } });
      return { seq, moved };
    });
  }

  async state(matchID: number): Promise<LiveMatch> {
    return this.current(matchID);
  }

  /** Supporters connected now (the console's 'Live now'): the runtime's own list of sockets, no storage read. */
  async supporters(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  /** Catch-up for a client that has seen `since`: the kept messages after it, or null when they are not all kept. */
  private missed(since: number): string[] | null {
    const last = this.lastSeq();
    if (since > last || last - since > CATCH_UP_LIMIT) return null;
    const kept = this.ctx.storage.sql.exec<{ message: string }>("SELECT message FROM changes WHERE seq > ? ORDER BY seq", since).toArray();
    return kept.length === last - since ? kept.map((k) => k.message) : null;
  }

  /**
   * Sockets in the room, counted here rather than by listing them at every connection (a list of
   * 20,000 at each of a kick-off's 20,000 connections). It may drift (a close the room never
   * hears, or an error and a close for one socket), so it is recounted from the runtime's own list
   * before it refuses anyone, every thousand admissions, and after an eviction, which forgets it.
   */
  private sockets: number | null = null;
  private admitted = 0;

  private socketCount(): number {
    this.sockets ??= this.ctx.getWebSockets().length;
    return this.sockets;
  }

  /** A refused socket is accepted only to be closed with its reason: a refused upgrade tells a browser nothing. */
  private refuse(refusal: Refusal): Response {
    const pair = new WebSocketPair();
    pair[1].accept();
    pair[1].close(refusal.code, refusal.reason);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /**
   * The /ws/matches/{id} upgrade, forwarded by the worker with the match id (x-match-id), the
   * client's address (x-client-address), the caps (x-socket-limits: perAddress,perRoom) and ?since.
   */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a websocket", { status: 426 });
    const matchID = Number(request.headers.get("x-match-id"));
    const sinceText = new URL(request.url).searchParams.get("since");
    const since = sinceText !== null && /^\d{1,9}$/.test(sinceText) ? Number(sinceText) : null;
    const tag = `a:${(request.headers.get("x-client-address") ?? "unknown").slice(0, 80)}`;
    const limits = limitsOf(request.headers.get("x-socket-limits"));
    const fromAddress = this.ctx.getWebSockets(tag).length;
    if (admissionOf({ fromAddress, inRoom: this.socketCount() }, limits)) this.sockets = null;
    const refusal = admissionOf({ fromAddress, inRoom: this.socketCount() }, limits);
    if (refusal) return this.refuse(refusal);
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [tag]);
    this.sockets = ++this.admitted % 1_000 === 0 ? null : this.socketCount() + 1;
    const missed = since === null ? null : this.missed(since);
    if (missed) {
      for (const text of missed) pair[1].send(text);
      // The catch-up replays the timeline only: extras saved meanwhile come whole after it.
      const extras = this.extras();
      if (extras) pair[1].send(JSON.stringify({ type: "extras", seq: this.lastSeq(), extras } satisfies MatchSocketMessage));
    } else pair[1].send(JSON.stringify({ type: "state", seq: this.lastSeq(), state: this.current(matchID) } satisfies MatchSocketMessage));
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** Supporters only listen; the one thing they say (the ping) is answered without waking the room, so anything that wakes it is closed. */
  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const refusal = refusalOfMessage(message);
    try {
      ws.close(refusal.code, refusal.reason);
    } catch {
      // already closed
    }
  }

  private forget(): void {
    if (this.sockets !== null) this.sockets = Math.max(0, this.sockets - 1);
  }

  override async webSocketError(): Promise<void> {
    this.forget();
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    this.forget();
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "Bye");
    } catch {
      // already closed
    }
  }
}

/** The caps the worker passes (`perAddress,perRoom`); a header missing or malformed means the defaults. */
function limitsOf(header: string | null): SocketLimits {
  const [perAddress, perRoom] = (header ?? "").split(",").map(Number);
  return {
    perAddress: Number.isInteger(perAddress) && perAddress! > 0 ? perAddress! : DEFAULT_SOCKETS_PER_ADDRESS,
    perRoom: Number.isInteger(perRoom) && perRoom! > 0 ? perRoom! : DEFAULT_SOCKETS_PER_ROOM,
  };
}
