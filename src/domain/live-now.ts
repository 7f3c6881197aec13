/**
 * The console's 'Live now', pure: how the open stream sessions and the per-minute
 * refusals the worker counts in D1 become what staff read. The worker queries, the page shows.
 */

/** How far back the refusals chart goes, and how often the page asks again. */
export const REFUSAL_MINUTES = 30;
export const LIVE_NOW_POLL_MS = 5_000;

/** The minute a moment falls in: the key of a refusal row. */
export const minuteOf = (ms: number): number => Math.floor(ms / 60_000);

/** One group of the open sessions: a stream, a device name and how many sessions. */
export interface OpenSessionGroup {
  assetID: string;
  device: string;
  sessions: number;
}

export interface StreamViewers {
  assetID: string;
  viewers: number;
  /** device names, most used first */
  devices: { device: string; sessions: number }[];
}

/**
 * Streams with their viewers and devices, busiest first (then by id, so the order holds still
 * between polls). `known` lists streams to show even with nobody watching (the live streams).
 */
export function streamViewers(groups: readonly OpenSessionGroup[], known: readonly string[] = []): StreamViewers[] {
  const byStream = new Map<string, StreamViewers>();
  for (const assetID of known) byStream.set(assetID, { assetID, viewers: 0, devices: [] });
  for (const g of groups) {
    if (g.sessions <= 0) continue;
    const stream = byStream.get(g.assetID) ?? { assetID: g.assetID, viewers: 0, devices: [] };
    stream.viewers += g.sessions;
    stream.devices.push({ device: g.device, sessions: g.sessions });
    byStream.set(g.assetID, stream);
  }
  const streams = [...byStream.values()];
  for (const s of streams) s.devices.sort((a, b) => b.sessions - a.sessions || a.device.localeCompare(b.device));
  return streams.sort((a, b) => b.viewers - a.viewers || a.assetID.localeCompare(b.assetID));
}

export const totalViewers = (streams: readonly StreamViewers[]): number => streams.reduce((n, s) => n + s.viewers, 0);

/**
 * The last `minutes` minutes up to and including the current one, oldest first, each with its
 * refusals (0 for a minute with no row).
 */
export function refusalSeries(rows: readonly { minute: number; refusals: number }[], nowMs: number, minutes = REFUSAL_MINUTES): { minute: number; refusals: number }[] {
  const current = minuteOf(nowMs);
  const counts = new Map(rows.map((r) => [r.minute, r.refusals]));
  return Array.from({ length: minutes }, (_, i) => {
    const minute = current - minutes + 1 + i;
    return { minute, refusals: counts.get(minute) ?? 0 };
  });
}
