import { sessionError, type SessionError } from "../../src/domain/session-errors";
import { STREAM_PING_MS } from "../../src/domain/timings";
import { reconnectDelay } from "../../src/domain/reconnect";
import { CLOSE_MISMATCH, CLOSE_RELEASED, GREETING_OK, greetingMessage, PING_REQUEST, RECONNECT_WINDOW_MS } from "../../src/domain/stream-socket";

/**
 * The browser side of a live stream (spec §4 'Audio player (live stream)', §7):
 * POST /api/session/check (200 and 403 are both answers; a 403's code maps to the spec's
 * message and type), then the concurrency socket /ws/streams: `{action:'session'}` with base64
 * of userID:assetID, then `{action:'ping'}` every 30 s.
 *
 * The live token lives minutes: `keepLiveToken` renews it before it expires
 * (POST /api/session/renew) and hls.js puts the newest one on every request (attach-stream.ts).
 * When the stream stops under the player (a playlist, init or segment refused, the socket closed
 * by the object, a renewal refused) the renewal is asked why: its refusal carries the code whose
 * text the player shows (not subscribed, blocked, logged out, or the session released).
 */
export type LiveCheck =
  | { ok: true; token: string; bypassed: boolean; url: string; renewAfterSeconds: number }
  | { ok: false; kind: "refused"; error: SessionError }
  | { ok: false; kind: "failed" };

async function askLive(path: string, attributes: Record<string, string>, signal?: AbortSignal): Promise<LiveCheck> {
  try {
    const [response, { liveGrantAnswerSchema, apiErrorsSchema }] = await Promise.all([
      fetch(path, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ data: { attributes } }),
        credentials: "same-origin",
        ...(signal ? { signal } : {}),
      }),
      import("./answers"),
    ]);
    if (response.status !== 200 && response.status !== 401 && response.status !== 403) return { ok: false, kind: "failed" };
    const body: unknown = await response.json().catch(() => null);
    const granted = response.status === 200 ? liveGrantAnswerSchema.safeParse(body) : null;
    if (granted?.success) {
      const { token, bypassed, url, renewAfterSeconds } = granted.data.data.attributes;
      return { ok: true, token, bypassed, url, renewAfterSeconds: renewAfterSeconds > 0 ? renewAfterSeconds : 240 };
    }
    const refused = apiErrorsSchema.safeParse(body);
    const code = refused.success ? refused.data.errors[0]?.code : undefined;
    return code !== undefined ? { ok: false, kind: "refused", error: sessionError(code) } : { ok: false, kind: "failed" };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, kind: "failed" };
  }
}

export function checkLiveSession(videoID: string, mediaType: "audio" | "video", userID: string, signal?: AbortSignal): Promise<LiveCheck> {
  return askLive("/api/session/check", { videoID, mediaType, userID }, signal);
}

/** The stream's status as its public asset says (GET /api/streams/{id}); null when it could not be read. */
export async function liveStreamStatus(assetID: string, signal?: AbortSignal): Promise<"idle" | "active" | "disabled" | null> {
  try {
    const [response, { liveStatusAnswerSchema }] = await Promise.all([
      fetch(`/api/streams/${encodeURIComponent(assetID)}`, { headers: { accept: "application/json" }, credentials: "same-origin", ...(signal ? { signal } : {}) }),
      import("./answers"),
    ]);
    if (!response.ok) return null;
    const parsed = liveStatusAnswerSchema.safeParse(await response.json().catch(() => null));
    return parsed.success ? parsed.data.data.attributes.assetData.status : null;
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}

export function renewLiveSession(token: string, signal?: AbortSignal): Promise<LiveCheck> {
  return askLive("/api/session/renew", { token }, signal);
}

/** A renewal that failed on the way (not refused) is tried again this much later, while the token lasts. */
const RENEW_RETRY_MS = 10_000;

export interface LiveTokenKeeper {
  /** the newest token: what every media request carries */
  token(): string;
  /** asks the renewal why the stream stopped: the refusal's error, or null when it was not refused */
  why(): Promise<SessionError | null>;
  stop(): void;
}

/**
 * Keeps a live token fresh while the player plays: renews it `renewAfterSeconds` after each grant.
 * A refused renewal calls `onRefused` with its error; the player stops and shows it.
 */
export function keepLiveToken(first: { token: string; renewAfterSeconds: number }, onRefused: (error: SessionError) => void): LiveTokenKeeper {
  const abort = new AbortController();
  let current = first.token;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(renew, ms);
  };
  const renew = async () => {
    const answer = await renewLiveSession(current, abort.signal).catch(() => null);
    if (stopped || !answer) return;
    if (answer.ok) {
      current = answer.token;
      schedule(answer.renewAfterSeconds * 1000);
    } else if (answer.kind === "refused") {
      onRefused(answer.error);
    } else {
      schedule(RENEW_RETRY_MS);
    }
  };
  schedule(first.renewAfterSeconds * 1000);
  return {
    token: () => current,
    async why() {
      const answer = await renewLiveSession(current, abort.signal).catch(() => null);
      if (!answer || stopped) return null;
      if (answer.ok) {
        current = answer.token;
        schedule(answer.renewAfterSeconds * 1000);
        return null;
      }
      return answer.kind === "refused" ? answer.error : null;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      abort.abort();
    },
  };
}

export interface StreamSocket {
  close(): void;
}

/**
 * Holds the concurrency socket. `onEnded` hears the close code that ends it: the object's
 * CLOSE_RELEASED or CLOSE_MISMATCH at once, any other close only once reconnecting has failed for
 * RECONNECT_WINDOW_MS. A drop (1006 when a deploy restarts the object, 1001, 1012 …) is answered by
 * opening the socket again with the newest token, waits backing off with jitter; the picture plays
 * on meanwhile, since the media gate, not the socket, is what stops a viewer who lost the right.
 */
export function openStreamSocket(token: () => string, userID: string, assetID: string, onEnded: (code: number) => void): StreamSocket {
  let socket: WebSocket | null = null;
  let pinger: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closing = false;
  let attempt = 0;
  let lostSince: number | null = null;
  const connect = () => {
    const url = new URL(`/ws/streams?token=${encodeURIComponent(token())}`, window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(url);
    socket = ws;
    ws.addEventListener("open", () => {
      ws.send(greetingMessage(userID, assetID));
      // The exact string the Durable Object answers without waking.
      pinger = setInterval(() => ws.send(PING_REQUEST), STREAM_PING_MS);
    });
    ws.addEventListener("message", (event) => {
      // The object knows the session again: the next drop starts its back-off afresh.
      if (event.data === GREETING_OK) {
        attempt = 0;
        lostSince = null;
      }
    });
    ws.addEventListener("close", (event) => {
      clearInterval(pinger);
      if (closing) return;
      if (event.code === CLOSE_RELEASED || event.code === CLOSE_MISMATCH) return onEnded(event.code);
      lostSince ??= Date.now();
      if (Date.now() - lostSince >= RECONNECT_WINDOW_MS) return onEnded(event.code);
      retry = setTimeout(connect, reconnectDelay(attempt, Math.random()));
      attempt += 1;
    });
  };
  connect();
  return {
    close() {
      closing = true;
      clearTimeout(retry);
      clearInterval(pinger);
      socket?.close(1000, "player closed");
    },
  };
}
