import { DurableObject } from "cloudflare:workers";
import * as z from "zod/mini";
import { markReleased } from "./released-stream-sessions";
import { CLOSE_MISMATCH, CLOSE_RELEASED, GREETING_OK, PING_REQUEST, PING_RESPONSE, RECONNECT_GRACE_MS, readPlayerMessage, sessionGreeting } from "../src/domain/stream-socket";

/**
 * One object per user (`idFromName(ssoID)`): that account's live stream sessions.
 *
 * - `admit()` (called by POST /api/session/check) adds a session unless the account already
 *   holds `limit` of them; bypassed sessions are admitted whatever the count and do not count.
 *   SQLite storage is synchronous, so an admission is one uninterrupted step: 50 parallel checks
 *   can never get past the limit together.
 * - The browser's /ws/streams socket is accepted with the Hibernation API and tagged with its
 *   session. The 30 s ping `{"action":"ping"}` is answered by `setWebSocketAutoResponse`, so it
 *   wakes nothing and costs no duration; the object only learns of it through
 *   `getWebSocketAutoResponseTimestamp` when the alarm looks.
 * - The alarm is set for the earliest moment a session could have gone 75 s without a sign of
 *   life. When it fires it reads each socket's last auto-response: a fresher ping moves that
 *   session's deadline on; a session with none in 75 s, or whose socket has closed, is released.
 *   So a crashed browser frees its slot 75 s after its last ping, and a watching viewer costs
 *   about one alarm a minute, not one request per ping.
 * - A restart of this object (a deploy) drops every socket without calling `webSocketClose`. The
 *   rows stay in storage; the first alarm that finds a connected session without a socket gives it
 *   RECONNECT_GRACE_MS to come back (the player reopens its socket with back-off), then releases it.
 * - Releasing a session first lists it in D1 (`released_stream_sessions`), then forgets it. The
 *   live playlist gate reads that list, not this object, so a viewer's playlist reloads (every
 *   segment or so) never wake it, and a released session's token still stops at its next
 *   playlist reload. Should the D1 write fail, the session stays held and the alarm tries again.
 */
export const PING_TIMEOUT_MS = 75_000;

export interface AdmitRequest {
  userID: string;
  assetID: string;
  /** the site session (cookie) that asked: 'this device', and what 'Sign out other devices' keeps */
  siteSid: string;
  userAgent: string;
  bypassed: boolean;
  limit: number;
}

export type AdmitResult = { admitted: true; sessionId: string } | { admitted: false; active: number };

export interface StreamSession {
  id: string;
  userID: string;
  assetID: string;
  siteSid: string;
  userAgent: string;
  bypassed: boolean;
  startedAt: number;
  /** the last sign of life known to storage (admission, socket open, a non-automatic message) */
  lastSeenAt: number;
  connected: boolean;
}

type Row = {
  id: string;
  user_id: string;
  asset_id: string;
  site_sid: string;
  user_agent: string;
  bypassed: number;
  started_at: number;
  last_seen_at: number;
  connected: number;
};

const toSession = (r: Row): StreamSession => ({
  id: r.id,
  userID: r.user_id,
  assetID: r.asset_id,
  siteSid: r.site_sid,
  userAgent: r.user_agent,
  bypassed: r.bypassed === 1,
  startedAt: r.started_at,
  lastSeenAt: r.last_seen_at,
  connected: r.connected === 1,
});

// A socket's attachment comes back from hibernation as structured data: parsed, not trusted.
const attachmentSchema = z.object({ sessionId: z.string() });
const sessionIdOf = (ws: WebSocket): string => z.parse(attachmentSchema, ws.deserializeAttachment()).sessionId;

export class StreamSessions extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_REQUEST, PING_RESPONSE));
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS stream_sessions (
      id TEXT PRIMARY KEY, user_id TEXT NOT NULL, asset_id TEXT NOT NULL, site_sid TEXT NOT NULL,
      user_agent TEXT NOT NULL, bypassed INTEGER NOT NULL, started_at INTEGER NOT NULL,
      last_seen_at INTEGER NOT NULL, connected INTEGER NOT NULL DEFAULT 0)`);
  }

  private rows(): StreamSession[] {
    return this.ctx.storage.sql.exec<Row>("SELECT * FROM stream_sessions ORDER BY started_at, id").toArray().map(toSession);
  }

  private row(id: string): StreamSession | null {
    const found = this.ctx.storage.sql.exec<Row>("SELECT * FROM stream_sessions WHERE id = ?", id).toArray()[0];
    return found ? toSession(found) : null;
  }

  async admit(request: AdmitRequest): Promise<AdmitResult> {
    const counted = this.ctx.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM stream_sessions WHERE bypassed = 0").one().n;
    if (!request.bypassed && counted >= request.limit) return { admitted: false, active: counted };
    const id = crypto.randomUUID();
    const now = Date.now();
    this.ctx.storage.sql.exec(
      "INSERT INTO stream_sessions (id, user_id, asset_id, site_sid, user_agent, bypassed, started_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      id,
      request.userID,
      request.assetID,
      request.siteSid,
      request.userAgent.slice(0, 512),
      request.bypassed ? 1 : 0,
      now,
      now,
    );
    await this.scheduleSweep();
    return { admitted: true, sessionId: id };
  }

  async isActive(sessionId: string): Promise<boolean> {
    return this.row(sessionId) !== null;
  }

  async sessions(): Promise<StreamSession[]> {
    return this.rows();
  }

  /** Releases every session except those of `keepSiteSid` ('Sign out other devices'); answers how many went. */
  async releaseOthers(keepSiteSid: string): Promise<number> {
    const others = this.rows().filter((s) => s.siteSid !== keepSiteSid);
    await this.release(others.map((s) => s.id), "Signed out from another device");
    return others.length;
  }

  /**
   * Releases every session of the account: its right to watch is gone (a cancellation, refund or
   * dispute, an administrator's block, or a sign-out everywhere). Answers how many went.
   */
  async releaseAll(reason: string): Promise<number> {
    const all = this.rows();
    await this.release(all.map((s) => s.id), reason);
    await this.scheduleSweep();
    return all.length;
  }

  /** Releases the sessions started from one site session (its Log Out); answers how many went. */
  async releaseSite(siteSid: string, reason: string): Promise<number> {
    const mine = this.rows().filter((s) => s.siteSid === siteSid);
    await this.release(mine.map((s) => s.id), reason);
    await this.scheduleSweep();
    return mine.length;
  }

  /** Lists the sessions as released in D1 (what the playlist gate reads), then forgets them and closes their sockets. */
  private async release(sessionIds: readonly string[], reason: string): Promise<void> {
    if (sessionIds.length === 0) return;
    await markReleased(this.env.DB, sessionIds);
    for (const sessionId of sessionIds) {
      this.ctx.storage.sql.exec("DELETE FROM stream_sessions WHERE id = ?", sessionId);
      for (const ws of this.ctx.getWebSockets(sessionId)) {
        try {
          ws.close(CLOSE_RELEASED, reason);
        } catch {
          // already closing
        }
      }
    }
  }

  /** The /ws/streams upgrade, forwarded by the worker once it has checked the site session and the live token. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a websocket", { status: 426 });
    const sessionId = request.headers.get("x-stream-session") ?? "";
    const session = this.row(sessionId);
    if (!session) return new Response("No such stream session", { status: 410 });
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [sessionId]);
    pair[1].serializeAttachment({ sessionId, greeted: false });
    this.ctx.storage.sql.exec("UPDATE stream_sessions SET connected = 1, last_seen_at = ? WHERE id = ?", Date.now(), sessionId);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const sessionId = sessionIdOf(ws);
    const session = this.row(sessionId);
    if (!session) return ws.close(CLOSE_RELEASED, "Stream session released");
    const said = readPlayerMessage(message);
    // Anything the browser says is a sign of life (an automatic ping never reaches here).
    this.ctx.storage.sql.exec("UPDATE stream_sessions SET last_seen_at = ? WHERE id = ?", Date.now(), sessionId);
    if (said?.action === "session") {
      if (said.data !== sessionGreeting(session.userID, session.assetID)) return ws.close(CLOSE_MISMATCH, "Session does not match");
      ws.serializeAttachment({ sessionId, greeted: true });
      ws.send(GREETING_OK);
    } else if (said?.action === "ping") {
      ws.send(PING_RESPONSE);
    }
  }

  override async webSocketClose(ws: WebSocket, code?: number): Promise<void> {
    const sessionId = sessionIdOf(ws);
    // The browser left (page closed, player closed): its slot is free at once.
    if (this.row(sessionId)) await this.release([sessionId], "Socket closed");
    // A closing handshake needs our close frame back: without it the player's socket stays
    // 'closing' until its own time limit (1005/1006 name no code, so they may not be sent).
    try {
      ws.close(code === undefined || code === 1005 || code === 1006 ? 1000 : code, "Bye");
    } catch {
      // already closed (released above, or the socket broke)
    }
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.webSocketClose(ws);
  }

  /** The last sign of life of a session: its stored time, or a later automatic ping on one of its sockets. */
  private lastSign(session: StreamSession, sockets: WebSocket[]): number {
    let last = session.lastSeenAt;
    for (const ws of sockets) {
      const pinged = this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? 0;
      if (pinged > last) last = pinged;
    }
    return last;
  }

  override async alarm(): Promise<void> {
    const now = Date.now();
    const expired: string[] = [];
    for (const session of this.rows()) {
      const sockets = this.ctx.getWebSockets(session.id).filter((ws) => ws.readyState === WebSocket.OPEN);
      const last = this.lastSign(session, sockets);
      if (session.connected && sockets.length === 0) {
        // Its socket went without a close reaching us: this object restarted (a deploy, a crash)
        // and the player is opening it again. It has RECONNECT_GRACE_MS from now to do so.
        this.ctx.storage.sql.exec(
          "UPDATE stream_sessions SET connected = 0, last_seen_at = ? WHERE id = ?",
          now - PING_TIMEOUT_MS + RECONNECT_GRACE_MS,
          session.id,
        );
      } else if (now - last >= PING_TIMEOUT_MS) {
        expired.push(session.id);
      } else if (last > session.lastSeenAt) {
        this.ctx.storage.sql.exec("UPDATE stream_sessions SET last_seen_at = ? WHERE id = ?", last, session.id);
      }
    }
    // A failed D1 write throws: the alarm runs again (with backoff) and the sessions stay held till then.
    await this.release(expired, "No ping for 75 s");
    await this.scheduleSweep();
  }

  /** The alarm goes off when the first remaining session would reach 75 s without a sign of life. */
  private async scheduleSweep(): Promise<void> {
    const next = this.ctx.storage.sql.exec<{ t: number | null }>("SELECT MIN(last_seen_at) AS t FROM stream_sessions").one().t;
    if (next === null) {
      await this.ctx.storage.deleteAlarm();
      return;
    }
    const at = next + PING_TIMEOUT_MS;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }
}
