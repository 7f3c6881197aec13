/**
 * A live HLS playlist over a looped on-demand one: the committed
 * 60 s audio loop or a short video clip plays round and round, and the worker answers what a
 * live encoder would publish at this moment: the last `window` finished segments, the media
 * sequence advancing with the clock, no ENDLIST. Every lap starts again at timestamp 0, so
 * each lap's first segment carries EXT-X-DISCONTINUITY and EXT-X-DISCONTINUITY-SEQUENCE counts
 * the laps before the window. Pure: the source text and the time in, the playlist out.
 *
 * Numbers count from the viewer's stream session (`sinceMs`), as an encoder counts from when it
 * went live, not from 1970: hls.js keeps one slot per discontinuity number in an array
 * (`initPTS[cc]`), so laps since the epoch (about 10^8) made every playlist load walk a sparse
 * array that long and froze the page for seconds. The anchor is a whole number of laps, so what
 * plays at a given moment is the same for every viewer.
 */
export interface LoopSegment {
  uri: string;
  seconds: number;
}

export interface Loop {
  /** the EXT-X-MAP init segment, if any */
  map: string | null;
  segments: LoopSegment[];
}

export const LIVE_WINDOW_SEGMENTS = 5;

/** The segments of an on-demand media playlist (scripts/make-media.sh writes them). */
export function parseLoop(text: string): Loop {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  let map: string | null = null;
  const segments: LoopSegment[] = [];
  let pending: number | null = null;
  for (const line of lines) {
    if (line.startsWith("#EXT-X-MAP:")) map = /URI="([^"]*)"/.exec(line)?.[1] ?? null;
    else if (line.startsWith("#EXTINF:")) pending = Number.parseFloat(line.slice("#EXTINF:".length));
    else if (line !== "" && !line.startsWith("#") && pending !== null && Number.isFinite(pending) && pending > 0) {
      segments.push({ uri: line, seconds: pending });
      pending = null;
    }
  }
  return { map, segments };
}

/** EXT-X-TARGETDURATION of a loop: its longest segment, rounded up (seconds). */
export function targetDuration(loop: Loop): number {
  return Math.ceil(Math.max(0, ...loop.segments.map((s) => s.seconds)));
}

/**
 * The live playlist at `nowMs` (ms since the epoch) for a session that began at `sinceMs`: the
 * `window` segments finished last.
 */
export function livePlaylist(loop: Loop, nowMs: number, sinceMs = 0, window = LIVE_WINDOW_SEGMENTS): string {
  const count = loop.segments.length;
  if (count === 0) throw new Error("a live loop needs segments");
  const lap = loop.segments.reduce((sum, s) => sum + s.seconds, 0);
  // Laps enough before the session began that its first playlist already holds a full window.
  const anchor = Math.max(0, Math.floor(sinceMs / 1000 / lap) - Math.ceil(window / count) - 1);
  const laps = Math.floor(nowMs / 1000 / lap) - anchor;
  const now = nowMs / 1000 - anchor * lap;
  // The segment being 'recorded' now is not published yet: the window ends with the one before it.
  let inLap = now - laps * lap;
  let current = 0;
  while (current < count - 1 && inLap >= (loop.segments[current]?.seconds ?? 0)) {
    inLap -= loop.segments[current]?.seconds ?? 0;
    current += 1;
  }
  const last = laps * count + current - 1;
  const first = Math.max(1, last - window + 1);
  const target = targetDuration(loop);
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:7",
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor((first - 1) / count)}`,
    ...(loop.map ? [`#EXT-X-MAP:URI="${loop.map}"`] : []),
  ];
  for (let n = first; n <= last; n += 1) {
    const segment = loop.segments[n % count];
    if (!segment) continue;
    if (n % count === 0) lines.push("#EXT-X-DISCONTINUITY");
    lines.push(`#EXTINF:${segment.seconds.toFixed(6)},`, segment.uri);
  }
  return `${lines.join("\n")}\n`;
}
