/**
 * What a transcode makes of a source (the transcoder, transcoder/) and what the worker accepts
 * back from it and serves (worker/video-pipeline/, worker/media/): an HLS ladder of CMAF (fMP4)
 * renditions, H.264 with AAC, never larger than the source, plus an audio-only rendition, a
 * poster and a storyboard (one sprite image and a WebVTT track of its tiles).
 */

export const SEGMENT_SECONDS = 4;

export interface Rung {
  name: VideoRenditionName;
  height: number;
  /** target and ceiling of the video bitrate, kbit/s */
  videoKbps: number;
  maxKbps: number;
  /** RFC 6381 codec of its H.264 profile and level */
  videoCodec: string;
  profile: "high" | "main";
  level: string;
}

export const AUDIO_KBPS = 128;
export const AUDIO_CODEC = "mp4a.40.2";

export const VIDEO_RENDITIONS = ["1080p", "720p", "480p", "360p"] as const;
export type VideoRenditionName = (typeof VIDEO_RENDITIONS)[number];
export const AUDIO_RENDITION = "audio";
export type RenditionName = VideoRenditionName | typeof AUDIO_RENDITION;

/** The full ladder, largest first. Bitrates: a sports ladder's (fast motion needs more than talk). */
export const LADDER: readonly Rung[] = [
  { name: "1080p", height: 1080, videoKbps: 5000, maxKbps: 5350, videoCodec: "avc1.640028", profile: "high", level: "4.0" },
  { name: "720p", height: 720, videoKbps: 2800, maxKbps: 3000, videoCodec: "avc1.64001f", profile: "high", level: "3.1" },
  { name: "480p", height: 480, videoKbps: 1400, maxKbps: 1500, videoCodec: "avc1.64001e", profile: "high", level: "3.0" },
  { name: "360p", height: 360, videoKbps: 800, maxKbps: 856, videoCodec: "avc1.4d401e", profile: "main", level: "3.0" },
];

export interface PlannedRendition extends Rung {
  width: number;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * The rungs a source of `width` × `height` gets: each no taller than the source (never upscaled),
 * with the source's aspect ratio. A source smaller than the smallest rung gets that rung at its own size.
 */
export function ladderFor(width: number, height: number): PlannedRendition[] {
  if (!(width > 0 && height > 0)) return [];
  const fits = LADDER.filter((rung) => rung.height <= height);
  const rungs = fits.length > 0 ? fits : [{ ...(LADDER[LADDER.length - 1] as Rung), height: even(height) }];
  return rungs.map((rung) => ({ ...rung, width: even((width * rung.height) / height) }));
}

/** One rendition as listed in the master playlist and stored with the media (D1 video_media.renditions). */
export interface Rendition {
  name: RenditionName;
  /** 0 for audio only */
  width: number;
  height: number;
  /** peak bits per second, as HLS's BANDWIDTH */
  bandwidth: number;
  codecs: string;
}

/** The master playlist: one variant per rendition, each with BANDWIDTH, CODECS and (video) RESOLUTION. */
export function masterPlaylist(renditions: readonly Rendition[]): string {
  const lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS"];
  for (const r of renditions) {
    const resolution = r.width > 0 ? `,RESOLUTION=${r.width}x${r.height}` : "";
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth}${resolution},CODECS="${r.codecs}"`, `${r.name}/index.m3u8`);
  }
  return `${lines.join("\n")}\n`;
}

/** The variant playlists a master lists (its URI lines), as written. */
export function variantUris(master: string): string[] {
  return master
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

export type OutputKind = "playlist" | "segment" | "poster" | "storyboard" | "storyboard-track";

/** A file a transcode may write, and the media gate may serve, under its media's prefix. */
export interface OutputFile {
  name: string;
  kind: OutputKind;
  contentType: string;
}

const OUTPUT_NAME = /^(master\.m3u8|poster\.jpg|storyboard\.jpg|storyboard\.vtt|(1080p|720p|480p|360p|audio)\/(index\.m3u8|init(_\d{1,2})?\.mp4|seg\d{1,5}\.m4s))$/;

/** The file's kind and type, or null for any other name (nothing else is ever written or read). */
export function outputFile(name: string): OutputFile | null {
  if (!OUTPUT_NAME.test(name)) return null;
  if (name.endsWith(".m3u8")) return { name, kind: "playlist", contentType: "application/vnd.apple.mpegurl" };
  if (name === "storyboard.vtt") return { name, kind: "storyboard-track", contentType: "text/vtt; charset=utf-8" };
  if (name === "storyboard.jpg") return { name, kind: "storyboard", contentType: "image/jpeg" };
  if (name === "poster.jpg") return { name, kind: "poster", contentType: "image/jpeg" };
  return { name, kind: "segment", contentType: "video/mp4" };
}

/** A storyboard: one tile every `interval` seconds, `columns` a row, in one sprite image. */
export interface StoryboardPlan {
  interval: number;
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
}

/** At most 100 tiles (a 10×10 sprite), at least one every 10 s, tiles 160 px wide. */
export function storyboardPlan(durationSeconds: number, width: number, height: number): StoryboardPlan {
  const interval = Math.max(1, Math.ceil(durationSeconds / 100), durationSeconds > 1000 ? 10 : 1);
  const tiles = Math.max(1, Math.ceil(durationSeconds / interval));
  const columns = Math.min(10, tiles);
  const tileWidth = 160;
  const tileHeight = height > 0 && width > 0 ? even((tileWidth * height) / width) : 90;
  return { interval, columns, rows: Math.ceil(tiles / columns), tileWidth, tileHeight };
}

const clock = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}.${String(ms % 1000).padStart(3, "0")}`;
};

/** The storyboard's WebVTT track: each cue the tile of its time, as a media fragment `image#xywh=x,y,w,h`. */
export function storyboardTrack(durationSeconds: number, plan: StoryboardPlan, image = "storyboard.jpg"): string {
  const cues = ["WEBVTT", ""];
  for (let i = 0, start = 0; start < durationSeconds; i++, start += plan.interval) {
    const end = Math.min(durationSeconds, start + plan.interval);
    const x = (i % plan.columns) * plan.tileWidth;
    const y = Math.floor(i / plan.columns) * plan.tileHeight;
    cues.push(`${clock(start)} --> ${clock(end)}`, `${image}#xywh=${x},${y},${plan.tileWidth},${plan.tileHeight}`, "");
  }
  return cues.join("\n");
}

/** ffmpeg's `-progress` out_time (microseconds) as a percentage of the source's duration, 0–99 until done. */
export function progressPercent(outTimeMicros: number, durationSeconds: number): number {
  if (!(durationSeconds > 0) || !(outTimeMicros > 0)) return 0;
  return Math.min(99, Math.round((outTimeMicros / 1e6 / durationSeconds) * 1000) / 10);
}

/** A media playlist's segments with their durations (EXTINF), as written. */
export function segmentsOf(playlist: string): { uri: string; seconds: number }[] {
  const segments: { uri: string; seconds: number }[] = [];
  let seconds: number | null = null;
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) seconds = Number(extinf[1]);
    else if (line !== "" && !line.startsWith("#") && seconds !== null) {
      segments.push({ uri: line, seconds });
      seconds = null;
    }
  }
  return segments;
}

/** HLS's BANDWIDTH: the peak bit rate of any one segment (its bytes over its duration), rounded up. */
export function peakBandwidth(segments: readonly { bytes: number; seconds: number }[]): number {
  let peak = 0;
  for (const s of segments) if (s.seconds > 0) peak = Math.max(peak, (s.bytes * 8) / s.seconds);
  return Math.ceil(peak);
}
