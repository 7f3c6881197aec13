// English WebVTT captions for a few demo videos (scripts/demo-videos.mjs uploads them through the
// console's captions API, as staff do): cues that say what is on screen, the video's title and
// its running clock, which the generated source burns in.

/** How many of the newest demo videos get captions: enough that a supporter meets the choice. */
export const CAPTIONED_DEMO_VIDEOS = 3;
const CUE_SECONDS = 5;

const stamp = (seconds) => {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n, w = 2) => String(n).padStart(w, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
};

/** The clock as the source burns it in (ffmpeg's %{pts:hms}, without its milliseconds). */
const clock = (seconds) => stamp(seconds).slice(0, 8);

/**
 * A WebVTT file of one cue every 5 s to `durationSeconds`: the title and the clock shown at the
 * cue's start. The last cue ends with the video.
 */
export function demoCaptions({ title, durationSeconds }) {
  const cues = [];
  for (let at = 0; at < durationSeconds; at += CUE_SECONDS) {
    const end = Math.min(durationSeconds, at + CUE_SECONDS);
    cues.push(`${stamp(at)} --> ${stamp(end)}\n[On screen: “${title}”, the clock at ${clock(at)}]`);
  }
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}
