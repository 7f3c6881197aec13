/**
 * The program date-time the ingest publishes: when each segment's first frame reached it.
 *
 * ffmpeg's HLS muxer dates its first segment with the wall clock at the moment the muxer starts.
 * That is after it has probed the push (about 5 s of it), so every segment comes out dated that
 * much late: a player then believes it is nearer live than it is, its delay reading (the console's
 * figure) understates, and 'Sync with my stream' would show a goal seconds before the picture.
 *
 * The files say when they really were: ffmpeg closes a segment as the first frame of the next one
 * arrives, and writes it then (its mtime). So a segment's end arrived no later than its mtime, and
 * its start one duration before that. The difference between that and ffmpeg's date is the same
 * for every segment of a push (ffmpeg dates them by adding durations), so the smallest one seen is
 * the best bound: segments written in the burst after probing, or late under load, only ever show
 * a larger one. Shifting by it dates each segment at most an encode's time after its first frame
 * arrived, and never before: the player never thinks it is nearer live than it is.
 */

/** One segment of ffmpeg's playlist: its date as ffmpeg wrote it (unix ms) and its duration. */
export interface DatedSegment {
  file: string;
  /** ffmpeg's EXT-X-PROGRAM-DATE-TIME for it, unix ms */
  stampedAt: number;
  durationSeconds: number;
}

const PDT = "#EXT-X-PROGRAM-DATE-TIME:";

/** The segments of a media playlist that carry a program date-time (the tag and EXTINF come before the URI, in either order). */
export function datedSegments(playlist: string): DatedSegment[] {
  const segments: DatedSegment[] = [];
  let stampedAt: number | null = null;
  let duration: number | null = null;
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith(PDT)) {
      const at = Date.parse(line.slice(PDT.length));
      stampedAt = Number.isFinite(at) ? at : null;
    } else if (line.startsWith("#EXTINF:")) {
      const seconds = Number.parseFloat(line.slice("#EXTINF:".length));
      duration = Number.isFinite(seconds) && seconds > 0 ? seconds : null;
    } else if (line !== "" && !line.startsWith("#")) {
      if (stampedAt !== null && duration !== null) segments.push({ file: line, stampedAt, durationSeconds: duration });
      stampedAt = null;
      duration = null;
    }
  }
  return segments;
}

/**
 * The shift to ffmpeg's dates (ms, usually negative) given one more segment and when its file was
 * written: the smallest of the bound so far and this segment's (written minus ffmpeg's end).
 */
export function arrivalShift(current: number | null, segment: DatedSegment, writtenAt: number): number {
  const bound = writtenAt - (segment.stampedAt + segment.durationSeconds * 1000);
  return current === null ? bound : Math.min(current, bound);
}

/** The playlist with every program date-time moved by `shiftMs`, written as ISO 8601 in UTC. */
export function shiftProgramDateTimes(playlist: string, shiftMs: number): string {
  return playlist
    .split("\n")
    .map((line) => {
      if (!line.startsWith(PDT)) return line;
      const at = Date.parse(line.slice(PDT.length).trim());
      return Number.isFinite(at) ? `${PDT}${new Date(at + shiftMs).toISOString()}` : line;
    })
    .join("\n");
}
