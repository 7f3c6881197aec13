import { useEffect, useRef, useState } from "react";
import type { LiveMatch, MatchEvent, MatchSocketMessage } from "../../schemas/match-live";
import { applyMessage, MATCH_SOCKET_BACKOFF } from "../../domain/match-live";
import { reconnectDelay } from "../../domain/reconnect";
import { isRefusal, REFUSED_BACKOFF } from "../../domain/match-socket";

/** The live API's polling period while the socket cannot open. */
export const POLL_MS = 10_000;

export type LiveLink = "connecting" | "open" | "polling";

// The schemas (zod) load beside the socket, never with the page's first JavaScript.
type Schemas = typeof import("../../schemas/match-live");
const loadSchemas = (): Promise<Schemas> => import("../../schemas/match-live");

function parseMessage(schemas: Schemas, text: unknown): MatchSocketMessage | null {
  if (typeof text !== "string") return null;
  try {
    const parsed = schemas.matchSocketMessageSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The match's live state in the browser: starts from what the server rendered, then follows the
 * room's socket (/ws/matches/{id}?since={seq}). A closed socket comes back after a jittered
 * back-off with the last seq it saw (a minute when the room refused it: src/domain/match-socket.ts); while it is down the live API is polled every 10 s. A message
 * that cannot be applied in order (a gap) reopens the socket without `since`, for the whole state.
 * `onEvent` hears each event that arrives over the socket (not those of a whole state).
 */
export function useMatchLive(
  matchID: number,
  initial: LiveMatch | null,
  follow: boolean,
  onEvent?: (event: MatchEvent, state: LiveMatch) => void,
): { state: LiveMatch | null; link: LiveLink } {
  const [state, setState] = useState(initial);
  const [link, setLink] = useState<LiveLink>("connecting");
  const latest = useRef(initial);
  const heard = useRef(onEvent);
  heard.current = onEvent;

  useEffect(() => {
    if (!follow) return;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let poll: ReturnType<typeof setInterval> | undefined;
    let schemas: Schemas | null = null;

    const take = (next: LiveMatch) => {
      latest.current = next;
      setState(next);
    };

    const startPolling = () => {
      if (poll !== undefined) return;
      setLink("polling");
      poll = setInterval(async () => {
        try {
          const response = await fetch(`/api/matches/${matchID}/live`, { headers: { Accept: "application/json" } });
          const parsed = schemas!.liveMatchSchema.safeParse(response.ok ? await response.json() : null);
          if (parsed.success && parsed.data.seq >= (latest.current?.seq ?? 0)) take(parsed.data);
        } catch {
          // the next tick tries again
        }
      }, POLL_MS);
    };
    const stopPolling = () => {
      clearInterval(poll);
      poll = undefined;
    };

    const open = (since: number | null) => {
      if (stopped) return;
      const scheme = location.protocol === "https:" ? "wss:" : "ws:";
      const ws = new WebSocket(`${scheme}//${location.host}/ws/matches/${matchID}${since === null ? "" : `?since=${since}`}`);
      socket = ws;
      ws.onopen = () => {
        attempt = 0;
        stopPolling();
        setLink("open");
      };
      ws.onmessage = (e) => {
        const message = parseMessage(schemas!, e.data);
        if (!message) return;
        const current = latest.current;
        const next = current === null ? (message.type === "state" ? message.state : null) : applyMessage(current, message);
        if (next === null) {
          // Out of order: start again from the whole state.
          ws.onclose = null;
          ws.close();
          open(null);
          return;
        }
        if (next === current) return;
        take(next);
        if (message.type === "event") heard.current?.(message.event, next);
      };
      ws.onclose = (e) => {
        if (stopped || socket !== ws) return;
        startPolling();
        // A room that is full (or full for this address) will not have room in a second: poll a minute.
        const delay = isRefusal(e.code) ? reconnectDelay(0, Math.random(), REFUSED_BACKOFF) : reconnectDelay(attempt++, Math.random(), MATCH_SOCKET_BACKOFF);
        retry = setTimeout(() => open(latest.current?.seq ?? null), delay);
      };
    };

    void loadSchemas().then((loaded) => {
      schemas = loaded;
      open(latest.current?.seq ?? null);
    });
    return () => {
      stopped = true;
      clearTimeout(retry);
      stopPolling();
      socket?.close();
    };
  }, [matchID, follow]);

  return { state, link };
}
