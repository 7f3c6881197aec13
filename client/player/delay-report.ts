import { behindMs, DELAY_FIRST_READING_MS, DELAY_READING_EVERY_MS } from "../../src/domain/live-delay";

/**
 * While a live stream plays: its picture's delay behind the live edge, sent to the worker now and
 * then (POST /api/session/delay) for the console's Live streams screen. A reading that cannot be
 * made (no program date-time yet, a paused player) or sent is simply skipped: it is a figure for
 * staff, never a reason to disturb the viewer. Returns the stop.
 */
export function reportDelay(pictureTime: () => number | null, token: () => string): () => void {
  const send = () => {
    const behind = behindMs(pictureTime(), Date.now());
    if (behind === null) return;
    void fetch("/api/session/delay", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { attributes: { token: token(), behindMs: behind } } }),
      credentials: "same-origin",
      keepalive: true,
    }).catch(() => undefined);
  };
  let every: ReturnType<typeof setInterval> | undefined;
  const first = setTimeout(() => {
    send();
    every = setInterval(send, DELAY_READING_EVERY_MS);
  }, DELAY_FIRST_READING_MS);
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
