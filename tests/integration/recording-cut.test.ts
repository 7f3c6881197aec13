import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { hlsArgs } from "../../ingest/hls-args";
import { INGEST_SEGMENT_SECONDS } from "../../src/domain/live-ingest";
import { partFiles, recordingFrom, trimmedSeconds, trimParts } from "../../src/domain/live-replay";
import { CARD_FONT, STILL_RUNGS } from "../../src/domain/still-card";
import { segmentsOf } from "../../src/domain/video-ladder";
import { ladderArgs, poster, probe, recordingArgs, stillCard, storyboard, transcode } from "../../transcoder/ffmpeg";

/**
 * A replay cut from a recording of two pushes, with ffmpeg as the ingest and the transcoder use it:
 * each push packaged by the ingest's own arguments (ingest/hls-args.ts), the parts a trim across
 * both needs laid out as the job API streams them (each run's init, then its segments), and the
 * transcoder's cut and join (recordingArgs): the file lasts exactly the marks, with picture and
 * sound. Skipped only where ffmpeg is not installed.
 */
const hasFfmpeg = spawnSync("ffmpeg", ["-version"]).status === 0 && spawnSync("ffprobe", ["-version"]).status === 0;

describe.skipIf(!hasFfmpeg)("a replay cut across two pushes", () => {
  const work = mkdtempSync(path.join(tmpdir(), "recording-cut-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** One push of `seconds`, packaged as the ingest does, its files renamed r{run}-… as the uploader names them. */
  function packageRun(run: number, seconds: number): { name: string; bytes: number }[] {
    const dir = path.join(work, `run${run}`);
    const made = spawnSync("ffmpeg", [
      "-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", `testsrc2=size=320x180:rate=25:duration=${seconds}`, "-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
      "-filter_complex", "[0:v][1:a]concat=n=1:v=1:a=1[v][a]", "-map", "[v]", "-map", "[a]", "-f", "mpegts", path.join(work, `push${run}.ts`),
    ]);
    expect(made.status, made.stderr.toString()).toBe(0);
    mkdirSync(dir, { recursive: true });
    const packaged = spawnSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", path.join(work, `push${run}.ts`), ...hlsArgs("video", dir, "ultrafast")]);
    expect(packaged.status, packaged.stderr.toString()).toBe(0);
    return readdirSync(dir)
      .filter((f) => f.endsWith(".mp4") || f.endsWith(".m4s"))
      .map((f) => ({ name: `r${run}-${f}`, bytes: statSync(path.join(dir, f)).size }));
  }

  it("lasts the marks, from the middle of the first push into the second", () => {
    const files = [...packageRun(1, 8), ...packageRun(2, 6)];
    const recording = recordingFrom(files, new Map());
    expect(recording.runs.map((r) => r.run)).toEqual([1, 2]);
    expect(recording.lengthSeconds).toBe(14);
    const parts = trimParts(recording, { startSeconds: 3, endSeconds: 11.5 });
    expect(parts.map((p) => p.run)).toEqual([1, 2]);

    const cuts = parts.map((part, i) => {
      const file = path.join(work, `part${i + 1}.mp4`);
      // As GET /jobs/{id}/source?part=N streams it: the run's init, then its segments in order.
      writeFileSync(file, Buffer.concat(partFiles(part).map((f) => readFileSync(path.join(work, `run${part.run}`, f.name.replace(/^r\d+-/, ""))))));
      return { file, fromSeconds: part.fromSeconds, toSeconds: part.toSeconds, hasVideo: true, hasAudio: true };
    });
    const out = path.join(work, "replay.mp4");
    const cut = spawnSync("ffmpeg", recordingArgs(cuts, out, { width: 320, height: 180 }));
    expect(cut.status, cut.stderr.toString()).toBe(0);

    const probe = spawnSync("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", out]);
    const info = JSON.parse(probe.stdout.toString()) as { format: { duration: string }; streams: { codec_type: string }[] };
    expect(info.streams.map((s) => s.codec_type).sort()).toEqual(["audio", "video"]);
    expect(trimmedSeconds(parts)).toBe(8.5);
    expect(Math.abs(Number(info.format.duration) - 8.5)).toBeLessThan(0.1);
  }, 120_000);
});

/**
 * An audio event's replay: two pushes of sound alone packaged as the ingest packages audio (6 s
 * AAC segments), cut across both with atrim, then the transcoder's ladder for sound alone: a still
 * card drawn with the title, 720p and 360p of it plus the audio rendition, poster and storyboard,
 * everything lasting exactly the marks. Skipped where ffmpeg or the card's font is missing.
 */
describe.skipIf(!hasFfmpeg || !existsSync(CARD_FONT))("an audio event's replay cut across two pushes", () => {
  const work = mkdtempSync(path.join(tmpdir(), "recording-cut-audio-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  function packageAudioRun(run: number, seconds: number, frequency: number): { name: string; bytes: number }[] {
    const dir = path.join(work, `run${run}`);
    mkdirSync(dir, { recursive: true });
    const packaged = spawnSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", `sine=frequency=${frequency}:sample_rate=48000:duration=${seconds}`, ...hlsArgs("audio", dir)]);
    expect(packaged.status, packaged.stderr.toString()).toBe(0);
    return readdirSync(dir)
      .filter((f) => f.endsWith(".mp4") || f.endsWith(".m4s"))
      .map((f) => ({ name: `r${run}-${f}`, bytes: statSync(path.join(dir, f)).size }));
  }

  it("lasts the marks as sound alone, and its ladder is a still card in 720p and 360p with the audio rendition", async () => {
    const files = [...packageAudioRun(1, 12, 440), ...packageAudioRun(2, 12, 660)];
    // Each run's last playlist as the uploader names its files: the worker reads the EXTINF of AAC's 6.016 / 5.995 s segments from it.
    const playlists = new Map([1, 2].map((run) => [run, readFileSync(path.join(work, `run${run}`, "index.m3u8"), "utf8").replace(/\b(seg\d+\.m4s|init\.mp4)/g, `r${run}-$1`)] as const));
    const recording = recordingFrom(files, playlists, INGEST_SEGMENT_SECONDS.audio);
    expect(recording.runs.map((r) => r.run)).toEqual([1, 2]);
    expect(Math.abs(recording.lengthSeconds - 24)).toBeLessThan(0.1);
    const parts = trimParts(recording, { startSeconds: 3, endSeconds: 19 });
    expect(parts.map((p) => p.run)).toEqual([1, 2]);
    expect(parts[0]!.fromSeconds).toBe(3);
    expect(parts[1]!.fromSeconds).toBe(0);

    const cuts = parts.map((part, i) => {
      const file = path.join(work, `part${i + 1}.mp4`);
      writeFileSync(file, Buffer.concat(partFiles(part).map((f) => readFileSync(path.join(work, `run${part.run}`, f.name.replace(/^r\d+-/, ""))))));
      return { file, fromSeconds: part.fromSeconds, toSeconds: part.toSeconds, hasVideo: false, hasAudio: true };
    });
    for (const cut of cuts) expect((await probe(cut.file)).hasVideo).toBe(false);
    const source = path.join(work, "replay");
    const cut = spawnSync("ffmpeg", recordingArgs(cuts, source, { width: 0, height: 0 }));
    expect(cut.status, cut.stderr.toString()).toBe(0);
    const info = await probe(source);
    expect(info).toMatchObject({ hasVideo: false, hasAudio: true, width: 0, height: 0 });
    expect(trimmedSeconds(parts)).toBe(16);
    expect(Math.abs(info.durationSeconds - 16)).toBeLessThan(0.1);

    const signal = new AbortController().signal;
    const out = path.join(work, "out");
    for (const name of ["720p", "360p", "audio"]) mkdirSync(path.join(out, name), { recursive: true });
    const card = path.join(work, "card.png");
    await stillCard("Rovers v Hale: 'live' commentary 100% (replay)", card, signal);
    await transcode(ladderArgs(source, out, info, [...STILL_RUNGS], "ultrafast", card), () => undefined, signal);
    await poster(source, path.join(out, "poster.jpg"), info, signal, card);
    await storyboard(source, path.join(out, "storyboard.jpg"), { ...info, width: 1280, height: 720 }, signal, card);

    const seconds = (name: string) => segmentsOf(readFileSync(path.join(out, name, "index.m3u8"), "utf8")).reduce((total, s) => total + s.seconds, 0);
    for (const name of ["720p", "360p", "audio"]) expect(Math.abs(seconds(name) - 16), name).toBeLessThan(0.1);
    // Every segment but the last is 4 s, in every rendition: keyframes aligned.
    expect(segmentsOf(readFileSync(path.join(out, "720p", "index.m3u8"), "utf8")).map((s) => Math.round(s.seconds))).toEqual([4, 4, 4, 4]);
    const rendition = (name: string) => {
      const dir = path.join(out, name);
      const init = readdirSync(dir).find((f) => f.startsWith("init"))!;
      const file = path.join(work, `${name}.mp4`);
      writeFileSync(file, Buffer.concat([readFileSync(path.join(dir, init)), readFileSync(path.join(dir, "seg0.m4s"))]));
      const probed = spawnSync("ffprobe", ["-v", "error", "-print_format", "json", "-show_streams", file]);
      return (JSON.parse(probed.stdout.toString()) as { streams: { codec_type: string; width?: number; height?: number }[] }).streams;
    };
    expect(rendition("720p").map((s) => [s.codec_type, s.width ?? 0, s.height ?? 0]).sort()).toEqual([
      ["audio", 0, 0],
      ["video", 1280, 720],
    ]);
    expect(rendition("360p").find((s) => s.codec_type === "video")).toMatchObject({ width: 640, height: 360 });
    expect(rendition("audio").map((s) => s.codec_type)).toEqual(["audio"]);
    // A still: the 720p rendition's four seconds weigh far less than a moving picture's (2,800 kbit/s).
    expect(statSync(path.join(out, "720p", "seg1.m4s")).size).toBeLessThan(250_000);
    expect(statSync(path.join(out, "poster.jpg")).size).toBeGreaterThan(1000);
    expect(statSync(path.join(out, "storyboard.jpg")).size).toBeGreaterThan(1000);
  }, 180_000);
});
