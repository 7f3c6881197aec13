/**
 * The wire of the live concurrency socket (/ws/streams): what the player (client/player/live-session.ts)
 * sends and what the user's StreamSessions object (durable-objects/StreamSessions.ts) answers, in one
 * place so the two ends cannot drift apart.
 */
import { isRecord } from "./json-shape";

/** The ping, every STREAM_PING_MS; the object answers this exact string without waking. */
export const PING_REQUEST = JSON.stringify({ action: "ping" });
export const PING_RESPONSE = JSON.stringify({ action: "pong" });
/** Close code sent to a socket whose session was released (signed out elsewhere, or timed out). */
export const CLOSE_RELEASED = 4001;
/** Close code for a socket that named another user or asset than its session. */
export const CLOSE_MISMATCH = 4003;

/** The `data` of the first message: base64 of userID:assetID. */
export function sessionGreeting(userID: string, assetID: string): string {
  return btoa(`${userID}:${assetID}`);
}

/** The first message the player sends on the socket. */
export function greetingMessage(userID: string, assetID: string): string {
  return JSON.stringify({ action: "session", data: sessionGreeting(userID, assetID) });
}

/** What the player may say on the socket; anything else (not JSON, another shape) is ignored. */
export type PlayerMessage = { action: "session"; data: string } | { action: "ping" };

export function readPlayerMessage(message: string | ArrayBuffer): PlayerMessage | null {
  if (typeof message !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(message);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  if (value.action === "ping") return { action: "ping" };
  // A greeting whose data is not a string cannot match its session: it is read as an empty one.
  if (value.action === "session") return { action: "session", data: typeof value.data === "string" ? value.data : "" };
  return null;
}

/** The object's answer to a greeting that matches the session. */
export const GREETING_OK = JSON.stringify({ action: "session", status: "ok" });

/**
 * A socket can vanish without a close reaching the object: a deploy or a crash restarts it, and the
 * browser sees 1006. The player then opens the socket again (with back-off, src/domain/reconnect.ts)
 * for up to RECONNECT_WINDOW_MS, and the object keeps such a session for RECONNECT_GRACE_MS from
 * the moment it notices, so a restart stops nobody's stream. A socket the browser closes, or one the
 * object closes (CLOSE_RELEASED, CLOSE_MISMATCH), ends at once as before.
 */
export const RECONNECT_WINDOW_MS = 25_000;
export const RECONNECT_GRACE_MS = 30_000;
