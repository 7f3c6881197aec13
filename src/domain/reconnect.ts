/**
 * When a socket that should stay open drops (a deploy restarts the Durable Object behind it, a
 * network blip), the browser opens it again after a short wait. The waits double from `firstMs` up
 * to `maxMs`, and each is drawn at random between half and all of that step ("equal jitter"), so a
 * restart that drops thousands of sockets at once does not bring them all back in the same instant.
 */
export interface Backoff {
  firstMs: number;
  maxMs: number;
}

export const SOCKET_BACKOFF: Backoff = { firstMs: 500, maxMs: 8_000 };

/** The wait before reconnection attempt `attempt` (0 for the first); `random` is in [0, 1). */
export function reconnectDelay(attempt: number, random: number, backoff: Backoff = SOCKET_BACKOFF): number {
  const step = Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.max(0, Math.floor(attempt)));
  return Math.round(step / 2 + (step / 2) * Math.min(Math.max(random, 0), 1));
}
