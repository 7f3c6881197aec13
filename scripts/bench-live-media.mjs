// The media half of `npm run bench:live`: a real push into the ingest service and players that
// fetch what it packaged through the gate, as hls.js does. Each player reloads the live playlist
// about every target duration and fetches each new segment once (from R2, behind the segment
// tokens); it records the time of both requests and how old the newest media was when the
// playlist named it: the wall clock minus the end of the newest segment by its program date-time,
// which the ingest dates from when the segment's first frame arrived. A player then plays
// LIVE_SYNC_SEGMENTS target durations behind that edge (hls.js's default liveSyncDurationCount,
// which client/player/attach-stream.ts keeps), so glass to glass is that age plus that hold-back.
import { startLiveMedia } from "./e2e-live.mjs";

export const LIVE_SYNC_SEGMENTS = 3;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The segments of a rewritten live playlist: uri, seconds, and start (unix ms) by program date-time. */
export function playlistSegments(text) {
  let targetDuration = 0;
  let at = null;
  let duration = 0;
  const segments = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith("#EXT-X-TARGETDURATION:")) targetDuration = Number(line.slice(22));
    else if (line.startsWith("#EXT-X-PROGRAM-DATE-TIME:")) at = Date.parse(line.slice(25));
    else if (line.startsWith("#EXTINF:")) duration = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith("#")) {
      segments.push({ uri: line, seconds: duration, start: at });
      // a segment without its own date follows the one before it
      at = at === null ? null : at + duration * 1000;
    }
  }
  return { targetDuration, segments };
}

/** The ingest and one real-time push for `asset`, ready once the admin API says it is on air. */
export async function startBenchMedia(baseUrl, asset) {
  return startLiveMedia({ baseUrl, events: [asset] });
}

export function newMediaStats() {
  return { playlists: [], segments: [], ages: [], bytes: 0, refused: new Map(), targetDuration: 0 };
}

const refuse = (stats, what) => stats.refused.set(what, (stats.refused.get(what) ?? 0) + 1);
/** What a failed request counts as: its status, or no answer in time, or a connection that failed. */
const failure = (res) => (res instanceof Error ? (res.name === "TimeoutError" ? "no answer in time" : "connection") : String(res.status));

/**
 * One player on `asset` with a live token, until `untilMs`: the playlist about every target
 * duration (the first at a random point of the first one, as viewers do not arrive in step), each
 * new segment once. `timeoutMs`: the most a request may take before it counts as failed.
 */
export async function playLive({ base, asset, user, token, stats, untilMs, timeoutMs = 30_000 }) {
  const playlistUrl = `${base}/media/live/${asset}/index.m3u8?token=${encodeURIComponent(token)}`;
  const headers = { cookie: user.cookie, "cf-connecting-ip": user.ip, "user-agent": "bench" };
  let fetched = null;
  let period = 2000;
  await sleep(Math.random() * period);
  while (Date.now() < untilMs) {
    const started = performance.now();
    // Every request is bounded: one whose answer (or body) does not come in time counts as failed.
    const res = await fetch(playlistUrl, { headers, signal: AbortSignal.timeout(timeoutMs) }).catch((error) => error);
    const text = res instanceof Error ? "" : await res.text().catch(() => "");
    stats.playlists.push(performance.now() - started);
    if (res instanceof Error || !res.ok) {
      refuse(stats, `playlist ${failure(res)}`);
      await sleep(period);
      continue;
    }
    const { targetDuration, segments } = playlistSegments(text);
    period = targetDuration * 1000 || period;
    stats.targetDuration = targetDuration;
    const newest = segments.at(-1);
    if (newest?.start != null) stats.ages.push(Date.now() - (newest.start + newest.seconds * 1000));
    if (newest && newest.uri !== fetched) {
      const t0 = performance.now();
      const seg = await fetch(new URL(newest.uri, playlistUrl), { headers, signal: AbortSignal.timeout(timeoutMs) }).catch((error) => error);
      const body = !(seg instanceof Error) && seg.ok ? await seg.arrayBuffer().catch(() => null) : null;
      if (body) {
        stats.segments.push(performance.now() - t0);
        stats.bytes += body.byteLength;
        fetched = newest.uri;
      } else refuse(stats, `segment ${seg instanceof Error ? failure(seg) : seg.ok ? "body not read" : failure(seg)}`);
    }
    await sleep(period - (performance.now() - started));
  }
}
