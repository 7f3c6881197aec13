/**
 * Live to replay: the rules that turn a live event's recording (each push, or "run", kept in R2 as
 * its init file and numbered 2 s CMAF segments, src/domain/live-ingest.ts) into a Rovers TV video.
 * Shared by the worker (worker/live-replay/, the job API's recording source), the console's page
 * and the transcoder. Pure.
 *
 * The recording's timeline is its runs laid end to end (the gaps between pushes dropped), each run
 * its segments in order. Marks are seconds on that timeline. An audio event's recording is the
 * same, of sound alone in 6 s segments; its replay's picture is drawn by the transcoder.
 */
import { INGEST_SEGMENT_SECONDS, LIVE_INIT_FILE, LIVE_SEGMENT_FILE } from "./live-ingest";

export const REPLAY_MODES = ["auto", "staff", "none"] as const;
export type ReplayMode = (typeof REPLAY_MODES)[number];

export const REPLAY_MODE_LABELS: Record<ReplayMode, string> = {
  auto: "Publish the replay by itself",
  staff: "Staff publish the replay",
  none: "No replay",
};

/**
 * A new event's replay setting, of a video event or an audio one (live commentary becomes a video
 * whose picture is a still card: src/domain/still-card.ts): staff publish the replay.
 */
export const DEFAULT_REPLAY_MODE: ReplayMode = "staff";

/** "m:ss" or "h:mm:ss" (seconds may carry a decimal part) → seconds; null: not a time. */
export function parseClock(text: string): number | null {
  const match = /^(?:(\d{1,3}):)?(\d{1,3}):(\d{2}(?:\.\d{1,3})?)$/.exec(text.trim());
  if (!match) return null;
  const [, h, m, s] = match;
  const minutes = Number(m);
  const seconds = Number(s);
  if (seconds >= 60 || (h !== undefined && minutes >= 60)) return null;
  return Number(h ?? 0) * 3600 + minutes * 60 + seconds;
}

/** Seconds as the fields show them: "m:ss" under an hour, "h:mm:ss" from one; whole seconds unless a fraction is there. */
export function clockText(totalSeconds: number): string {
  const rounded = Math.round(Math.max(0, totalSeconds) * 10) / 10;
  const h = Math.floor(rounded / 3600);
  const m = Math.floor((rounded % 3600) / 60);
  const s = rounded - h * 3600 - m * 60;
  const ss = (Number.isInteger(s) ? String(s) : s.toFixed(1)).padStart(Number.isInteger(s) ? 2 : 4, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

export type MarksError = "MARK_FORMAT" | "MARK_BEYOND_END" | "MARKS_ORDER" | "MARKS_TOO_SHORT";

export const MARKS_ERROR_TEXT: Record<MarksError, string> = {
  MARK_FORMAT: "Enter a time as m:ss or h:mm:ss",
  MARK_BEYOND_END: "The recording is shorter than that",
  MARKS_ORDER: "The end must be after the start",
  MARKS_TOO_SHORT: "A replay must last at least 2 seconds",
};

/** The shortest replay: one live segment. */
export const MIN_REPLAY_SECONDS = INGEST_SEGMENT_SECONDS.video;

export interface Marks {
  startSeconds: number;
  endSeconds: number;
}

/**
 * The marks typed (each "" for the recording's start / end) checked against the recording's
 * length: each a time, within the recording, the end after the start by a segment at least.
 * Every problem is named by its field.
 */
export function checkMarks(start: string, end: string, lengthSeconds: number): { ok: true; marks: Marks } | { ok: false; errors: { field: "start" | "end"; code: MarksError }[] } {
  const errors: { field: "start" | "end"; code: MarksError }[] = [];
  const startSeconds = start.trim() === "" ? 0 : parseClock(start);
  const endSeconds = end.trim() === "" ? lengthSeconds : parseClock(end);
  // Within a tenth of a second of the end is the end: the fields show tenths.
  const beyond = (s: number) => s > lengthSeconds + 0.1;
  if (startSeconds === null) errors.push({ field: "start", code: "MARK_FORMAT" });
  else if (beyond(startSeconds)) errors.push({ field: "start", code: "MARK_BEYOND_END" });
  if (endSeconds === null) errors.push({ field: "end", code: "MARK_FORMAT" });
  else if (beyond(endSeconds)) errors.push({ field: "end", code: "MARK_BEYOND_END" });
  if (errors.length > 0 || startSeconds === null || endSeconds === null) return { ok: false, errors };
  if (endSeconds <= startSeconds) return { ok: false, errors: [{ field: "end", code: "MARKS_ORDER" }] };
  if (endSeconds - startSeconds < MIN_REPLAY_SECONDS) return { ok: false, errors: [{ field: "end", code: "MARKS_TOO_SHORT" }] };
  return { ok: true, marks: { startSeconds, endSeconds: Math.min(endSeconds, lengthSeconds) } };
}

export interface RecordedSegment {
  number: number;
  bytes: number;
  seconds: number;
}

export interface RecordedRun {
  run: number;
  initBytes: number;
  segments: RecordedSegment[];
  seconds: number;
}

export interface Recording {
  runs: RecordedRun[];
  lengthSeconds: number;
  bytes: number;
}

/** Each segment's EXTINF in a run's latest (rolling) playlist, by segment number. */
export function playlistDurations(playlist: string): Map<number, number> {
  const durations = new Map<number, number>();
  let pending: number | null = null;
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith("#EXTINF:")) pending = Number.parseFloat(line.slice("#EXTINF:".length));
    else if (line !== "" && !line.startsWith("#")) {
      const segment = LIVE_SEGMENT_FILE.exec(line);
      if (segment && pending !== null && Number.isFinite(pending) && pending > 0) durations.set(Number(segment[2]), pending);
      pending = null;
    }
  }
  return durations;
}

/**
 * The recording from the files R2 holds for an event (their names under live/{event}/ and sizes)
 * and each run's latest playlist: the runs with an init and at least one segment, in order, each
 * its segments by number. A segment's length is its EXTINF where the run's last playlist lists it
 * (its last six, the final one often short), else the ingest's segment duration: the packager cuts
 * every 2 s on a forced keyframe, so the others are exactly that.
 */
export function recordingFrom(files: readonly { name: string; bytes: number }[], playlists: ReadonlyMap<number, string>, segmentSeconds: number = INGEST_SEGMENT_SECONDS.video): Recording {
  const inits = new Map<number, number>();
  const segments = new Map<number, { number: number; bytes: number }[]>();
  for (const file of files) {
    const init = LIVE_INIT_FILE.exec(file.name);
    if (init) inits.set(Number(init[1]), file.bytes);
    const segment = LIVE_SEGMENT_FILE.exec(file.name);
    if (segment) {
      const run = Number(segment[1]);
      segments.set(run, [...(segments.get(run) ?? []), { number: Number(segment[2]), bytes: file.bytes }]);
    }
  }
  const runs: RecordedRun[] = [];
  for (const run of [...segments.keys()].sort((a, b) => a - b)) {
    const initBytes = inits.get(run);
    if (initBytes === undefined) continue;
    const listed = playlistDurations(playlists.get(run) ?? "");
    const list = (segments.get(run) ?? []).sort((a, b) => a.number - b.number).map((s) => ({ ...s, seconds: listed.get(s.number) ?? segmentSeconds }));
    runs.push({ run, initBytes, segments: list, seconds: sum(list.map((s) => s.seconds)) });
  }
  return { runs, lengthSeconds: sum(runs.map((r) => r.seconds)), bytes: sum(runs.map((r) => r.initBytes + sum(r.segments.map((s) => s.bytes)))) };
}

const sum = (values: readonly number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 1000) / 1000;

/** One download of a recording source: a run's init and the segments a trim needs, and where to cut inside them. */
export interface RecordingPart {
  run: number;
  initBytes: number;
  /** [segment number, bytes], in order */
  segments: [number, number][];
  /** seconds from the part's own start (its first segment's) */
  fromSeconds: number;
  toSeconds: number;
}

/** What a 'recording' source of the job API is: the event, the marks and the parts to download. */
export interface RecordingSource {
  eventId: string;
  startSeconds: number;
  endSeconds: number;
  parts: RecordingPart[];
}

/**
 * The parts a replay between the marks needs: each run the marks overlap, with only the segments
 * that hold some of [start, end] (every segment starts on a keyframe, so a part that begins at a
 * later segment still decodes), and the cut inside the part. Runs outside the marks are left out.
 */
export function trimParts(recording: Recording, marks: Marks): RecordingPart[] {
  const parts: RecordingPart[] = [];
  let runStart = 0;
  for (const run of recording.runs) {
    let at = runStart;
    const chosen: RecordedSegment[] = [];
    let partStart = 0;
    for (const segment of run.segments) {
      const from = at;
      const to = at + segment.seconds;
      if (to > marks.startSeconds + 1e-6 && from < marks.endSeconds - 1e-6) {
        if (chosen.length === 0) partStart = from;
        chosen.push(segment);
      }
      at = to;
    }
    if (chosen.length > 0) {
      const partEnd = partStart + sum(chosen.map((s) => s.seconds));
      parts.push({
        run: run.run,
        initBytes: run.initBytes,
        segments: chosen.map((s) => [s.number, s.bytes]),
        fromSeconds: round3(Math.max(0, marks.startSeconds - partStart)),
        toSeconds: round3(Math.min(partEnd, marks.endSeconds) - partStart),
      });
    }
    runStart += run.seconds;
  }
  return parts;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** A part's bytes as one file: its init followed by its segments. */
export const partBytes = (part: Pick<RecordingPart, "initBytes" | "segments">) => part.initBytes + part.segments.reduce((total, [, bytes]) => total + bytes, 0);

/** The files of a part in the order they make one fMP4, with their sizes. */
export function partFiles(part: Pick<RecordingPart, "run" | "initBytes" | "segments">): { name: string; bytes: number }[] {
  return [{ name: `r${part.run}-init.mp4`, bytes: part.initBytes }, ...part.segments.map(([n, bytes]) => ({ name: `r${part.run}-seg${n}.m4s`, bytes }))];
}

/**
 * Which byte ranges of which files answer bytes [start, end] (inclusive) of the files laid end to
 * end: a Range request on the one file made of many.
 */
export function rangePieces(files: readonly { name: string; bytes: number }[], start: number, end: number): { name: string; offset: number; length: number }[] {
  const pieces: { name: string; offset: number; length: number }[] = [];
  let at = 0;
  for (const file of files) {
    const fileEnd = at + file.bytes - 1;
    if (fileEnd >= start && at <= end) {
      const offset = Math.max(0, start - at);
      const last = Math.min(file.bytes - 1, end - at);
      pieces.push({ name: file.name, offset, length: last - offset + 1 });
    }
    at += file.bytes;
  }
  return pieces;
}

/** The replay's length once trimmed: what the video lasts. */
export const trimmedSeconds = (parts: readonly Pick<RecordingPart, "fromSeconds" | "toSeconds">[]) => sum(parts.map((p) => p.toSeconds - p.fromSeconds));

/** The replay's catalogue title: the event's, marked as its replay (the catalogue's replays read 'Full Match Replay: …'). */
export function replayTitle(eventTitle: string): string {
  const title = eventTitle.replace(/^live:\s*/i, "").trim() || eventTitle.trim();
  return `${title} (replay)`.slice(0, 200);
}

/** The category a replay goes in: a match's is a full match replay; any other live event was a press conference or the like. */
export function replayCategorySlug(matchId: number | null): "full-match-replays" | "press-conferences" {
  return matchId === null ? "press-conferences" : "full-match-replays";
}

/**
 * Who may watch the replay: the event's own entitlements (its tier's codes, and the match pass it
 * was sold with), so the replay opens to the same accounts the live stream did.
 */
export function replayEntitlements(eventEntitlements: readonly string[]): string[] {
  return [...new Set(eventEntitlements)];
}

/**
 * The whole recording as one on-demand playlist, for the console's preview player: each run's
 * init and segments in order, a discontinuity between runs, so the player's clock is the marks'
 * timeline. `base` is what the files' URIs start with.
 */
export function recordingPlaylist(recording: Recording, base: string): string {
  const longest = Math.max(1, ...recording.runs.flatMap((r) => r.segments.map((s) => s.seconds)));
  const lines = ["#EXTM3U", "#EXT-X-VERSION:7", `#EXT-X-TARGETDURATION:${Math.ceil(longest)}`, "#EXT-X-MEDIA-SEQUENCE:0", "#EXT-X-PLAYLIST-TYPE:VOD", "#EXT-X-INDEPENDENT-SEGMENTS"];
  recording.runs.forEach((run, i) => {
    if (i > 0) lines.push("#EXT-X-DISCONTINUITY");
    lines.push(`#EXT-X-MAP:URI="${base}r${run.run}-init.mp4"`);
    for (const s of run.segments) lines.push(`#EXTINF:${s.seconds.toFixed(6)},`, `${base}r${run.run}-seg${s.number}.m4s`);
  });
  lines.push("#EXT-X-ENDLIST", "");
  return lines.join("\n");
}
