import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PUSH_PROFILES, ffmpegArgs, type PushProfile } from "../../scripts/live-push.mjs";
import { pictureClockFilters, pictureClockRows, readPictureClock } from "../../scripts/picture-clock.mjs";

/**
 * The picture clock through ffmpeg and x264 as the pushes make it (scripts/live-push.mjs's own
 * arguments, written to a file instead of SRT): the last frame of a 2 s push, decoded to luma at
 * its own size and scaled as a smaller rendition would be, reads the wall clock of its encoding.
 * The e2e tests read the same squares from the browser's <video>. Skipped only where ffmpeg is not
 * installed.
 */
const hasFfmpeg = spawnSync("ffmpeg", ["-version"]).status === 0;

describe.skipIf(!hasFfmpeg)("the picture clock through ffmpeg", () => {
  const work = mkdtempSync(path.join(tmpdir(), "picture-clock-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** The top band of the push's last frame, scaled to `width`, as 8-bit luma (a PGM file's pixels). */
  function lastFrame(file: string, width: number): number[] {
    const image = path.join(work, `${path.basename(file)}-${width}.pgm`);
    // -update: each frame overwrites the one before, so the file ends as the last frame
    const made = spawnSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", file, "-vf", `scale=${width}:-2`, "-pix_fmt", "gray", "-update", "1", "-y", image]);
    expect(made.status, made.stderr.toString()).toBe(0);
    const bytes = readFileSync(image);
    // "P5\n<width> <height>\n255\n", then the pixels
    const header = bytes.subarray(0, 32).toString("latin1").match(/^P5\s+(\d+)\s+(\d+)\s+255\s/);
    expect(header?.[1]).toBe(String(width));
    const start = header?.[0].length ?? 0;
    return [...bytes.subarray(start, start + width * pictureClockRows(width))];
  }

  const push = (name: string, profile: PushProfile) => {
    const file = path.join(work, `${name}.ts`);
    const args = ffmpegArgs({ id: name, url: file, title: "Rovers v Harbour: it's live", mediaType: "video" }, profile, 2);
    const made = spawnSync("ffmpeg", [...args.slice(0, -1), "-y", file]);
    expect(made.status, made.stderr.toString()).toBe(0);
    return { file, endedMs: Date.now() };
  };

  it("the e2e push's 320 px picture reads the second it was encoded, and so does a 640 px scaling of it", () => {
    const { file, endedMs } = push("e2e", PUSH_PROFILES.e2e);
    for (const width of [320, 640]) {
      const second = readPictureClock(lastFrame(file, width), width, pictureClockRows(width), endedMs);
      expect(second).not.toBeNull();
      // the last frame was drawn in the last second before ffmpeg ended (or just before, on a busy machine)
      expect(endedMs / 1000 - (second ?? 0)).toBeGreaterThanOrEqual(0);
      expect(endedMs / 1000 - (second ?? 0)).toBeLessThan(3);
    }
  });

  it("the demo's 720p picture reads too, at its size and at a 640 px rendition's", () => {
    const { file, endedMs } = push("demo", PUSH_PROFILES.demo);
    for (const width of [1280, 640]) {
      const second = readPictureClock(lastFrame(file, width), width, pictureClockRows(width), endedMs);
      expect(second).not.toBeNull();
      expect(endedMs / 1000 - (second ?? 0)).toBeGreaterThanOrEqual(0);
      expect(endedMs / 1000 - (second ?? 0)).toBeLessThan(3);
    }
  });

  it("a fixed clock reads back exactly through x264 at the e2e pushes' size, whichever of its 17 bits and the bits above are set", () => {
    const file = path.join(work, "fixed.ts");
    for (const at of [1_796_080_000, 1_796_078_809, 2 ** 17 - 1, 2 ** 17 + 5, 2 ** 31 - 1]) {
      const made = spawnSync("ffmpeg", [
        "-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=15:duration=1", "-vf", pictureClockFilters({ atSeconds: at + 0.5 }),
        "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "300k", "-y", file,
      ]);
      expect(made.status, made.stderr.toString()).toBe(0);
      expect(readPictureClock(lastFrame(file, 320), 320, pictureClockRows(320), (at + 5) * 1000)).toBe(at);
    }
  });

  it("a picture without the band reads as none", () => {
    const file = path.join(work, "plain.ts");
    const made = spawnSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=15:duration=1", "-c:v", "libx264", "-preset", "ultrafast", "-y", file]);
    expect(made.status, made.stderr.toString()).toBe(0);
    expect(readPictureClock(lastFrame(file, 320), 320, pictureClockRows(320), Date.now())).toBeNull();
  });
});
