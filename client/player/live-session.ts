import { sessionError, type SessionError } from "../../src/domain/session-errors";
import { STREAM_PING_MS } from "../../src/domain/timings";

/**
 * The browser side of a live stream (issue 10, spec §4 'Audio player (live stream)', §7):
 * POST /api/session/check (200 and 403 are both answers; a 403's code maps to the spec's
 * message and type), then the concurrency socket /ws/streams: `{action:'session'}` with base64
 * of userID:assetID, then `{action:'ping'}` every 30 s. The socket closing from the other end
 * (signed out elsewhere, or released) is reported, and playback stops at the next playlist.
 */
export type LiveCheck =
  | { ok: true; token: string; bypassed: boolean; url: string }
  | { ok: false; kind: "refused"; error: SessionError }
  | { ok: false; kind: "failed" };

export async function checkLiveSession(videoID: string, mediaType: "audio" | "video", userID: string, signal?: AbortSignal): Promise<LiveCheck> {
  try {
    const response = await fetch("/api/session/check", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ data: { attributes: { videoID, mediaType, userID } } }),
      credentials: "same-origin",
      ...(signal ? { signal } : {}),
    });
    if (response.status !== 200 && response.status !== 403) return { ok: false, kind: "failed" };
    const body = (await response.json().catch(() => null)) as {
      data?: { attributes?: { token?: unknown; bypassed?: unknown; url?: unknown } };
      errors?: { code?: unknown }[];
    } | null;
    const a = body?.data?.attributes;
    if (response.status === 200 && typeof a?.token === "string" && typeof a.url === "string") {
      return { ok: true, token: a.token, bypassed: a.bypassed === true, url: a.url };
    }
    const code = body?.errors?.[0]?.code;
    return typeof code === "string" ? { ok: false, kind: "refused", error: sessionError(code) } : { ok: false, kind: "failed" };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, kind: "failed" };
  }
}

export interface StreamSocket {
  close(): void;
}

export function openStreamSocket(token: string, userID: string, assetID: string, onEnded: () => void): StreamSocket {
  const url = new URL(`/ws/streams?token=${encodeURIComponent(token)}`, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(url);
  let timer: ReturnType<typeof setInterval> | undefined;
  let closing = false;
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ action: "session", data: btoa(`${userID}:${assetID}`) }));
    // The exact string the Durable Object answers without waking (durable-objects/StreamSessions.ts).
    timer = setInterval(() => socket.send(JSON.stringify({ action: "ping" })), STREAM_PING_MS);
  });
  socket.addEventListener("close", () => {
    clearInterval(timer);
    if (!closing) onEnded();
  });
  return {
    close() {
      closing = true;
      clearInterval(timer);
      socket.close(1000, "player closed");
    },
  };
}
