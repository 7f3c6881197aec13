import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { hlsArgs } from "../../ingest/hls-args";
import { partFiles, recordingFrom, trimmedSeconds, trimParts } from "../../src/domain/live-replay";
import { recordingArgs } from "../../transcoder/ffmpeg";

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
