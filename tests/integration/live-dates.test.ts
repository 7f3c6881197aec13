import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { hlsArgs } from "../../ingest/hls-args";
import { datedSegments } from "../../ingest/program-date-time";
import { RunUploader } from "../../ingest/uploader";
import type { IngestApi } from "../../ingest/worker-api";
import { LIVE_SEGMENT_FILE } from "../../src/domain/live-ingest";
import { ffmpegArgs, PUSH_PROFILES } from "../../scripts/live-push.mjs";

/**
 * The ingest's program date-times against the push itself: a real-time SRT push into ffmpeg
 * packaging with the ingest's own arguments, the uploader syncing every 0.5 s as it does in
 * service. Each segment n of a push started at T holds frames from T + 2n s on, so the date the
 * worker receives for it must be no earlier than that (the player must never think it is nearer
 * live than it is) and only an encode's time later. ffmpeg's own dates, logged beside, run as late
 * as its probe of the push. Skipped only where ffmpeg is not installed.
 */
const hasFfmpeg = spawnSync("ffmpeg", ["-version"]).status === 0;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe.skipIf(!hasFfmpeg)("the program date-times the ingest sends", () => {
  const work = mkdtempSync(path.join(tmpdir(), "live-dates-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("date each segment from when its first frame was pushed, not from when ffmpeg's packager started", async () => {
    const port = 21_000 + Math.floor(Math.random() * 2000);
    const listener = spawn("ffmpeg", ["-hide_banner", "-nostdin", "-loglevel", "error", "-i", `srt://127.0.0.1:${port}?mode=listener`, ...hlsArgs("video", work, "ultrafast")], { stdio: "ignore" });
    const packaged = new Promise<void>((resolve) => listener.on("exit", () => resolve()));
    await sleep(500);

    const playlists: string[] = [];
    const api = { put: async (_id: string, name: string, body: unknown) => void (name === "index.m3u8" && playlists.push(String(body))) };
    const uploader = new RunUploader(api as unknown as IngestApi, "dates", 1, "video", work);
    const pushedAt = Date.now();
    const push = spawn("ffmpeg", ffmpegArgs({ id: "dates", mediaType: "video", url: `srt://127.0.0.1:${port}`, title: "dates" }, PUSH_PROFILES.e2e, 14), { stdio: "ignore" });
    const pushed = new Promise<void>((resolve) => push.on("exit", () => resolve()));
    let running = true;
    void packaged.then(() => (running = false));
    while (running) {
      await uploader.sync();
      await sleep(500);
    }
    await pushed;
    await uploader.sync();

    const raw = datedSegments(readFileSync(path.join(work, "index.m3u8"), "utf8"));
    const sent = datedSegments(playlists.at(-1) ?? "");
    expect(sent.length).toBeGreaterThanOrEqual(5);
    for (const segment of sent) {
      const n = Number(LIVE_SEGMENT_FILE.exec(segment.file)?.[2]);
      const firstFrame = pushedAt + n * 2000;
      const ffmpegs = raw.find((r) => `r1-${r.file}` === segment.file)?.stampedAt ?? Number.NaN;
      console.log(`[live dates] ${segment.file}: sent ${((segment.stampedAt - firstFrame) / 1000).toFixed(2)} s after its first frame was pushed, ffmpeg's ${((ffmpegs - firstFrame) / 1000).toFixed(2)} s`);
      expect(segment.stampedAt).toBeGreaterThanOrEqual(firstFrame);
      expect(segment.stampedAt - firstFrame).toBeLessThan(1500);
    }
  }, 60_000);
});
