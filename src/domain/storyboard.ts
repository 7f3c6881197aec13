/**
 * The storyboard a transcode makes (src/domain/video-ladder.ts storyboardTrack): a WebVTT track
 * whose cues name a tile of one sprite image, `storyboard.jpg#xywh=x,y,w,h`. The player reads it to
 * show the picture at a time over the seek bar.
 */
export interface StoryboardCue {
  start: number;
  end: number;
  /** the sprite's URL as the track wrote it (with the viewer's token), resolved against the track's URL */
  url: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const TIMING = /^(\d{2,}:)?(\d{2}):(\d{2})\.(\d{3})\s+-->\s+(\d{2,}:)?(\d{2}):(\d{2})\.(\d{3})/;
const XYWH = /^(.+)#xywh=(\d+),(\d+),(\d+),(\d+)$/;

function seconds(h: string | undefined, m: string, s: string, ms: string): number {
  return (h ? Number(h.slice(0, -1)) * 3600 : 0) + Number(m) * 60 + Number(s) + Number(ms) / 1000;
}

/** The track's cues, in order; anything that is not a timing line followed by a `#xywh=` reference is skipped. */
export function parseStoryboard(track: string, trackUrl: string): StoryboardCue[] {
  if (!/^\uFEFF?WEBVTT/.test(track)) return [];
  const lines = track.split(/\r?\n/);
  const cues: StoryboardCue[] = [];
  for (let i = 0; i < lines.length; i++) {
    const timing = TIMING.exec(lines[i]!.trim());
    if (!timing) continue;
    const ref = XYWH.exec((lines[i + 1] ?? "").trim());
    if (!ref) continue;
    const start = seconds(timing[1], timing[2]!, timing[3]!, timing[4]!);
    const end = seconds(timing[5], timing[6]!, timing[7]!, timing[8]!);
    const [x, y, width, height] = [ref[2], ref[3], ref[4], ref[5]].map(Number) as [number, number, number, number];
    if (!(end > start) || width === 0 || height === 0) continue;
    let url: string;
    try {
      url = new URL(ref[1]!, trackUrl).toString();
    } catch {
      continue;
    }
    cues.push({ start, end, url, x, y, width, height });
  }
  return cues;
}

/** The cue showing at `time` (seconds): the last one starting at or before it, while it lasts; past the end, the last. */
export function storyboardCueAt(cues: readonly StoryboardCue[], time: number): StoryboardCue | null {
  if (cues.length === 0 || !Number.isFinite(time)) return null;
  let lo = 0;
  let hi = cues.length - 1;
  if (time < cues[0]!.start) return cues[0]!;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (cues[mid]!.start <= time) lo = mid;
    else hi = mid - 1;
  }
  return cues[lo]!;
}

/** Where along the bar (0..1) a pointer at `clientX` points, for a bar spanning `left`..`left + width`. */
export function barFraction(clientX: number, left: number, width: number): number {
  if (!(width > 0)) return 0;
  return Math.min(1, Math.max(0, (clientX - left) / width));
}
