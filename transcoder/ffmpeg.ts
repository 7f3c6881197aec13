import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { AUDIO_KBPS, SEGMENT_SECONDS, ladderFor, storyboardPlan, type PlannedRendition, type StoryboardPlan } from "../src/domain/video-ladder";
import { CARD_FPS, cardFilter, cardTexts } from "../src/domain/still-card";

/** ffprobe's and ffmpeg's use by the transcoder: what a source is, then its ladder, poster and storyboard. */
export const FFMPEG = process.env.FFMPEG_PATH || "ffmpeg";
export const FFPROBE = process.env.FFPROBE_PATH || "ffprobe";

export interface Probe {
  durationSeconds: number;
  /** 0 × 0 when the source is sound alone */
  width: number;
  height: number;
  hasVideo: boolean;
  hasAudio: boolean;
}

/** Runs a program, collecting its output; rejects with its last error lines when it fails. */
function run(command: string, args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], signal });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err = (err + chunk.toString()).slice(-4000)));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} exited with ${code}: ${err.trim().split("\n").slice(-3).join(" | ")}`))));
  });
}

/** `ffmpeg -version`'s first line ("ffmpeg version 5.1.6-0+deb12u1 …"), or why it cannot be read. */
export async function ffmpegVersion(): Promise<string> {
  const text = await run(FFMPEG, ["-hide_banner", "-version"]).catch((error: unknown) => `ffmpeg unavailable: ${String(error)}`);
  return (text.split("\n")[0] ?? "").trim().slice(0, 200) || "unknown";
}

export async function probe(file: string): Promise<Probe> {
  const text = await run(FFPROBE, ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file]);
  const info = JSON.parse(text) as { format?: { duration?: string }; streams?: { codec_type?: string; width?: number; height?: number; duration?: string; disposition?: { attached_pic?: number }; tags?: { rotate?: string } }[] };
  // A cover picture in an audio file (an MP3's or M4A's artwork) is a one-frame "video" stream: not a picture to play.
  const video = info.streams?.find((s) => s.codec_type === "video" && (s.disposition?.attached_pic ?? 0) === 0);
  const audio = info.streams?.find((s) => s.codec_type === "audio");
  const hasVideo = Boolean(video?.width && video.height);
  if (!hasVideo && !audio) throw new Error("the source has neither a video nor an audio stream");
  const durationSeconds = Number(info.format?.duration ?? (hasVideo ? video?.duration : audio?.duration) ?? NaN);
  if (!(durationSeconds > 0)) throw new Error("the source's duration cannot be read");
  return { durationSeconds, width: hasVideo ? video!.width! : 0, height: hasVideo ? video!.height! : 0, hasVideo, hasAudio: audio !== undefined };
}

/**
 * The ffmpeg arguments of the whole ladder in one pass (the source is decoded once): each rung
 * scaled from one split, H.264 at its bit rate with a keyframe every SEGMENT_SECONDS forced at the
 * same times in every rung (and no scene-cut keyframes), so renditions switch on segment
 * boundaries; AAC in every video rendition and once more alone, the audio-only rendition; fMP4
 * (CMAF) HLS segments of SEGMENT_SECONDS. A source without sound gets silence, so the audio
 * rendition and the players' audio track always exist. A source of sound alone gets `picture`,
 * the still card (stillCard), looped for its length at CARD_FPS and encoded as a still.
 */
export function ladderArgs(source: string, out: string, info: Probe, rungs: PlannedRendition[], preset: string, picture?: string): string[] {
  const split = `[${picture ? 1 : 0}:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join("")};` + rungs.map((r, i) => `[s${i}]scale=${r.width}:${r.height}:flags=bicubic,setsar=1[v${i}]`).join(";");
  const audioInput = info.hasAudio ? "0:a:0" : "1:a:0";
  const args = ["-hide_banner", "-nostats", "-loglevel", "error", "-y", "-i", source];
  if (picture) args.push(...loopedCard(picture, info.durationSeconds));
  else if (!info.hasAudio) args.push("-f", "lavfi", "-t", String(info.durationSeconds), "-i", "anullsrc=r=48000:cl=stereo");
  args.push("-filter_complex", split);
  rungs.forEach((_, i) => args.push("-map", `[v${i}]`));
  for (let i = 0; i <= rungs.length; i++) args.push("-map", audioInput);
  args.push("-c:v", "libx264", "-preset", preset, "-pix_fmt", "yuv420p");
  if (picture) args.push("-tune", "stillimage");
  rungs.forEach((r, i) => {
    args.push(`-b:v:${i}`, `${r.videoKbps}k`, `-maxrate:v:${i}`, `${r.maxKbps}k`, `-bufsize:v:${i}`, `${r.maxKbps * 2}k`, `-profile:v:${i}`, r.profile, `-level:v:${i}`, r.level);
  });
  args.push("-force_key_frames", `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, "-sc_threshold", "0");
  args.push("-c:a", "aac", "-b:a", `${AUDIO_KBPS}k`, "-ac", "2", "-ar", "48000");
  const streams = rungs.map((r, i) => `v:${i},a:${i},name:${r.name}`).concat(`a:${rungs.length},name:audio`).join(" ");
  args.push(
    "-f", "hls", "-hls_time", String(SEGMENT_SECONDS), "-hls_playlist_type", "vod", "-hls_segment_type", "fmp4",
    "-hls_flags", "independent_segments", "-hls_fmp4_init_filename", "init.mp4",
    "-hls_segment_filename", `${out}/%v/seg%d.m4s`, "-var_stream_map", streams,
    "-progress", "pipe:1", `${out}/%v/index.m3u8`,
  );
  return args;
}

/** A downloaded part of a recording, and where to cut it (seconds from its own start). */
export interface RecordingCut {
  file: string;
  fromSeconds: number;
  toSeconds: number;
  hasVideo: boolean;
  hasAudio: boolean;
}

/**
 * One file from a recording's parts, cut exactly at the marks: each part's timestamps start from
 * zero (a run's segments carry the push's own clock), are trimmed to its cut, scaled to the first
 * part's size (a later push may differ) and joined with the concat filter; a part without sound
 * gets silence. Encoded near-losslessly and fast (x264 ultrafast, CRF 16): the ladder that follows
 * is the real encode. Trimming in a filter, not with -ss on the input, cuts on the frame rather
 * than on the keyframe before it. An audio event's recording (no part has a picture) is cut and
 * joined as sound alone (atrim): the ladder draws its picture (ladderArgs).
 */
export function recordingArgs(parts: readonly RecordingCut[], out: string, size: { width: number; height: number }): string[] {
  const args = ["-hide_banner", "-nostats", "-loglevel", "error", "-y"];
  for (const part of parts) args.push("-i", part.file);
  if (parts.every((p) => !p.hasVideo)) {
    const chains = parts.map((part, i) => `[${i}:a:0]asetpts=PTS-STARTPTS,atrim=start=${part.fromSeconds.toFixed(3)}:end=${part.toSeconds.toFixed(3)},asetpts=PTS-STARTPTS,aformat=sample_rates=48000:channel_layouts=stereo[a${i}]`);
    args.push("-filter_complex", `${chains.join(";")};${parts.map((_, i) => `[a${i}]`).join("")}concat=n=${parts.length}:v=0:a=1[a]`, "-map", "[a]");
    args.push("-c:a", "aac", "-b:a", "192k", "-ac", "2", "-ar", "48000", "-f", "mp4", out);
    return args;
  }
  const chains: string[] = [];
  const joined: string[] = [];
  parts.forEach((part, i) => {
    const cut = `start=${part.fromSeconds.toFixed(3)}:end=${part.toSeconds.toFixed(3)}`;
    chains.push(`[${i}:v:0]setpts=PTS-STARTPTS,trim=${cut},setpts=PTS-STARTPTS,scale=${size.width}:${size.height},setsar=1[v${i}]`);
    chains.push(
      part.hasAudio
        ? `[${i}:a:0]asetpts=PTS-STARTPTS,atrim=${cut},asetpts=PTS-STARTPTS,aformat=sample_rates=48000:channel_layouts=stereo[a${i}]`
        : `anullsrc=r=48000:cl=stereo,atrim=end=${(part.toSeconds - part.fromSeconds).toFixed(3)}[a${i}]`,
    );
    joined.push(`[v${i}][a${i}]`);
  });
  const filter = `${chains.join(";")};${joined.join("")}concat=n=${parts.length}:v=1:a=1[v][a]`;
  args.push("-filter_complex", filter, "-map", "[v]", "-map", "[a]");
  args.push("-c:v", "libx264", "-preset", "ultrafast", "-crf", "16", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "192k", "-ac", "2", "-ar", "48000", "-f", "mp4", out);
  return args;
}

/** Runs ffmpeg with `args`, collecting nothing but its errors. */
export async function ffmpegRun(args: string[], signal: AbortSignal): Promise<void> {
  await run(FFMPEG, args, signal);
}

/** Runs the ladder, calling `onProgress` with the seconds of output written (ffmpeg's -progress out_time_us). */
export function transcode(args: string[], onProgress: (outTimeMicros: number) => void, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG, args, { stdio: ["ignore", "pipe", "pipe"], signal });
    let err = "";
    child.stderr.on("data", (chunk: Buffer) => (err = (err + chunk.toString()).slice(-4000)));
    createInterface({ input: child.stdout }).on("line", (line) => {
      const match = /^out_time_us=(\d+)$/.exec(line.trim());
      if (match) onProgress(Number(match[1]));
    });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${err.trim().split("\n").slice(-3).join(" | ")}`))));
  });
}

/** The still card as an input, repeated for `seconds` at CARD_FPS. */
const loopedCard = (picture: string, seconds: number) => ["-loop", "1", "-framerate", String(CARD_FPS), "-t", seconds.toFixed(3), "-i", picture];

/**
 * The still card of a source of sound alone (src/domain/still-card.ts), drawn once into `file`
 * (PNG): each text from its own file beside it, so a title's quotes, colons or percent signs are
 * only text.
 */
export async function stillCard(title: string, file: string, signal: AbortSignal): Promise<void> {
  const files = await Promise.all(
    cardTexts(title).map(async (t, i) => {
      const name = path.join(path.dirname(file), `card-text${i}.txt`);
      await writeFile(name, t.text);
      return name;
    }),
  );
  await run(FFMPEG, ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", cardFilter(title, files), "-frames:v", "1", file], signal);
}

/**
 * A frame a tenth of the way in (at most 5 s: past a fade-in, before anything is given away), at
 * most 1280 wide; for sound alone, the card.
 */
export async function poster(source: string, file: string, info: Probe, signal: AbortSignal, picture?: string): Promise<void> {
  const at = Math.min(5, info.durationSeconds / 10).toFixed(3);
  const input = picture ? ["-i", picture] : ["-ss", at, "-i", source];
  await run(FFMPEG, ["-hide_banner", "-loglevel", "error", "-y", ...input, "-frames:v", "1", "-vf", "scale='min(1280,iw)':-2", "-q:v", "3", file], signal);
}

/** The storyboard's sprite: one tile every plan.interval seconds, plan.columns a row (for sound alone, of the looped card: the track the players read is the same). */
export async function storyboard(source: string, file: string, info: Probe, signal: AbortSignal, picture?: string): Promise<StoryboardPlan> {
  const plan = storyboardPlan(info.durationSeconds, info.width, info.height);
  const filter = `fps=1/${plan.interval},scale=${plan.tileWidth}:${plan.tileHeight},tile=${plan.columns}x${plan.rows}`;
  const input = picture ? loopedCard(picture, info.durationSeconds) : ["-i", source];
  await run(FFMPEG, ["-hide_banner", "-loglevel", "error", "-y", ...input, "-vf", filter, "-frames:v", "1", "-q:v", "5", file], signal);
  return plan;
}

export { ladderFor };
