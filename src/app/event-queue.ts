/**
 * The browser's outbox for tracking events (POST /api/events). Events wait up to FLUSH_DELAY_MS so
 * a page's impressions go in one request; a batch never holds more than the endpoint takes (50
 * events, 16 kB), and what is left goes out when the page is hidden (keepalive). Only events built
 * by src/domain/tracking-event.ts arrive here, and it builds none without analytics consent.
 * Browser only (callers are effects and event handlers).
 */
import { MAX_EVENTS_BODY_BYTES, MAX_EVENTS_PER_BATCH, type TrackingEvent } from "../domain/tracking-event";

export const EVENTS_URL = "/api/events";
export const FLUSH_DELAY_MS = 1000;

let queue: TrackingEvent[] = [];
let timer: number | undefined;
let listening = false;

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).byteLength;

/** Splits events into batches the endpoint accepts (count and size); a single oversized event is dropped. */
export function batchesOf(events: readonly TrackingEvent[]): TrackingEvent[][] {
  const batches: TrackingEvent[][] = [];
  let current: TrackingEvent[] = [];
  for (const event of events) {
    if (bytes({ events: [event] }) > MAX_EVENTS_BODY_BYTES) continue;
    const next = [...current, event];
    if (next.length > MAX_EVENTS_PER_BATCH || bytes({ events: next }) > MAX_EVENTS_BODY_BYTES) {
      batches.push(current);
      current = [event];
    } else {
      current = next;
    }
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

export function flushEvents(keepalive = false): void {
  if (timer !== undefined) window.clearTimeout(timer);
  timer = undefined;
  const pending = queue;
  queue = [];
  for (const batch of batchesOf(pending)) {
    void fetch(EVENTS_URL, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ events: batch }),
      keepalive,
      credentials: "same-origin",
    }).catch(() => {
      // Tracking is best effort: a lost batch is never retried in the supporter's way.
    });
  }
}

export function queueEvent(event: TrackingEvent): void {
  queue.push(event);
  if (!listening) {
    listening = true;
    window.addEventListener("pagehide", () => flushEvents(true));
  }
  if (queue.length >= MAX_EVENTS_PER_BATCH) flushEvents();
  else if (timer === undefined) timer = window.setTimeout(() => flushEvents(), FLUSH_DELAY_MS);
}
