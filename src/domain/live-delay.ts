/**
 * How far behind the live edge a viewer's picture is ("glass to glass" for an encoder whose
 * clock is the wall clock, as `npm run demo:live` and the e2e pushes are): the wall clock minus
 * the program date-time of the frame on screen. Players send a reading now and then
 * (client/player/delay-report.ts); the console shows the median and the 99th percentile per event.
 */

/** The first reading, once the player has settled into its buffer. */
export const DELAY_FIRST_READING_MS = 10_000;
/** Then one reading this often per player (the worker keeps at most one per 20 s). */
export const DELAY_READING_EVERY_MS = 30_000;
export const DELAY_MIN_GAP_MS = 20_000;
/** The console's window: the running push's readings of the last ten minutes. */
export const DELAY_WINDOW_MS = 10 * 60_000;
/** Readings past this are a stalled or paused player, not the stream's delay. */
export const MAX_BEHIND_MS = 10 * 60_000;
/** A picture up to this far "ahead" of the viewer's clock is clock skew, read as no delay. */
const SKEW_MS = 2_000;
/** Readings are kept a day. */
export const DELAY_KEEP_MS = 86_400_000;

/** The reading a player sends, or null: no picture time, or a clock too far off to mean anything. */
export function behindMs(pictureMs: number | null, nowMs: number): number | null {
  if (pictureMs === null || !Number.isFinite(pictureMs)) return null;
  const behind = Math.round(nowMs - pictureMs);
  if (behind < -SKEW_MS || behind > MAX_BEHIND_MS) return null;
  return Math.max(0, behind);
}

export interface DelaySummary {
  /** seconds, one decimal */
  p50Seconds: number;
  p99Seconds: number;
  readings: number;
}

/** Nearest-rank percentile of sorted values (p in 0..100). */
function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? 0;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** The median and 99th percentile of a set of readings (ms); null when there is none. */
export function delaySummary(readingsMs: readonly number[]): DelaySummary | null {
  if (readingsMs.length === 0) return null;
  const sorted = [...readingsMs].sort((a, b) => a - b);
  return { p50Seconds: seconds(percentile(sorted, 50)), p99Seconds: seconds(percentile(sorted, 99)), readings: sorted.length };
}

/** The console's line for an event's delay. */
export function delayText(delay: DelaySummary | null): string {
  if (!delay) return "No reading yet (players send one after 10 s of play)";
  const count = delay.readings === 1 ? "1 reading" : `${delay.readings} readings`;
  return `${delay.p50Seconds.toFixed(1)} s typical, ${delay.p99Seconds.toFixed(1)} s at worst (${count} in the last 10 minutes)`;
}
