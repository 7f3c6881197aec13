// Rovers TV on demand from the console: the editor demo account (editor@rovers.test) uploads a
// 2-minute MP4 made here with ffmpeg through /admin/videos/new, the progress bar moving; the
// connection drops once (one part request aborted) and the upload carries on without sending again
// a part that had arrived; a transcoder started by this test for its duration (a second one beside
// the server's own is fine by design) makes the job ready; she uploads captions and publishes for
// the Rovers TV tier. tv@rovers.test plays it: 2:00 long, seeks to 1:30, at least two renditions (by the player's Quality choice if hls.js keeps one)
// fetched, captions on with a cue. fan@rovers.test gets the locked panel and no media request. A
// queued job with no transcoder alive says why it waits. A corrupt file ends 'failed' with a
// reason, 'Try again' runs it once more, and it publishes nothing. The screens are axe clean at
// 375 and 1440 px.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, openPage } from "./support/browser";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { openConsoleAs } from "./support/console";
import { signInAs } from "./support/demo-account";
import { queryD1 } from "./support/d1";

const WAIT = 180_000;
// A 2-minute source's whole ladder: about 60 s on a quiet 2-core machine, over 250 s under load.
const TRANSCODE_WAIT = 360_000;
const root = path.resolve(import.meta.dirname, "../..");
const devTranscoderToken = (JSON.parse(readFileSync(path.join(root, "worker", "dev-transcoder-token.json"), "utf8")) as { DEV_TRANSCODER_TOKEN: string }).DEV_TRANSCODER_TOKEN;
const FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

let browser: Browser;
let dir: string;
let video: string;
let captions: string;
let corrupt: string;
let waiting: string;
let transcoder: ChildProcess | undefined;
const tag = Date.now().toString(36);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "rovers-tv-upload-"));
  video = path.join(dir, `derby-${tag}.mp4`);
  // 854x480, so the ladder makes two video renditions (480p and 360p); ~2.6 MB/min of picture
  // keeps it small and still a few 8 MiB parts.
  const made = spawnSync("ffmpeg", [
    "-hide_banner", "-loglevel", "error", "-y",
    "-f", "lavfi", "-i", "testsrc2=size=854x480:rate=25",
    "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
    "-t", "120",
    "-vf", `drawtext=fontfile=${FONT}:text='%{pts\\:hms}':fontsize=48:fontcolor=white:box=1:boxcolor=black@0.6:x=20:y=20`,
    "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "1400k", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "64k", "-shortest", video,
  ]);
  expect(made.status, String(made.stderr)).toBe(0);
  captions = path.join(dir, "english.vtt");
  writeFileSync(captions, "WEBVTT\n\n00:00:00.000 --> 00:02:00.000\nRovers v Harbour: the whole match\n");
  // A valid `ftyp` box, then garbage: the upload's sniff passes, the transcode fails.
  corrupt = path.join(dir, `broken-${tag}.mp4`);
  const garbage = Buffer.alloc(200_000);
  for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919) % 251;
  Buffer.from([0, 0, 0, 0x18, ...Buffer.from("ftypisom"), 0, 0, 2, 0, ...Buffer.from("isomiso2")]).copy(garbage);
  writeFileSync(corrupt, garbage);
  waiting = path.join(dir, `waiting-${tag}.mp4`);
  writeFileSync(waiting, garbage);

  transcoder = spawn(process.execPath, [path.join(root, "scripts", "transcoder.mjs")], {
    env: { ...process.env, WORKER_URL: BASE_URL, TRANSCODER_TOKEN: devTranscoderToken, TRANSCODER_NAME: `e2e-upload-${tag}`, TRANSCODER_PRESET: "ultrafast", TRANSCODER_POLL_SECONDS: "1" },
    stdio: "ignore",
  });
  browser = await launchBrowser();
}, WAIT);

afterAll(async () => {
  transcoder?.kill("SIGTERM");
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const partNumber = (url: string) => Number(/\/parts\/(\d+)$/.exec(new URL(url).pathname)?.[1] ?? "0");

async function expectJob(page: Page, status: "ready" | "failed") {
  await expect.poll(() => page.locator(".video-job").getAttribute("data-job"), { timeout: TRANSCODE_WAIT }).toBe(status);
}

describe("Rovers TV: upload, publish, play", () => {
  let entryId = "";

  it("the editor uploads through a dropped connection, the job gets ready, she adds captions and publishes for Rovers TV", async () => {
    const { context, page } = await openConsoleAs(browser, "editor@rovers.test", "/admin/videos", DESKTOP);
    try {
      await expect.poll(() => page.getByRole("heading", { name: "Rovers TV", level: 2 }).isVisible(), { timeout: WAIT }).toBe(true);
      // The suite's transcoders check in every few seconds: no notice.
      expect(await page.getByText("No transcoder is running").count()).toBe(0);
      await expectAxeCleanWhenIdle(page, "console-videos");
      await page.getByRole("link", { name: "Upload a video" }).click();
      await page.waitForURL("**/admin/videos/new");

      // Every part request, and the one that dies on the way (the connection drops once).
      const sent: number[] = [];
      const arrived: number[] = [];
      let dropped = 0;
      page.on("request", (r) => {
        if (r.method() === "PUT" && r.url().includes("/api/console/videos/uploads/")) sent.push(partNumber(r.url()));
      });
      page.on("response", (r) => {
        if (r.request().method() === "PUT" && r.url().includes("/parts/") && r.ok()) arrived.push(partNumber(r.url()));
      });
      await page.route("**/api/console/videos/uploads/*/parts/2", async (route) => {
        if (dropped === 0) {
          dropped += 1;
          return route.abort("connectionreset");
        }
        return route.continue();
      });
      // Slowed (CDP, ~4 MB/s up) so the bar is seen moving.
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 4_000_000 });

      await page.locator("#video-file").setInputFiles(video);
      await page.getByRole("button", { name: "Upload", exact: true }).click();
      const progress = page.locator("progress#video-progress");
      await expect.poll(async () => Number(await progress.getAttribute("value")), { timeout: WAIT }).toBeGreaterThan(0);
      const first = Number(await progress.getAttribute("value"));
      await expect.poll(async () => Number(await progress.getAttribute("value")), { timeout: WAIT }).toBeGreaterThan(first);
      await expect.poll(() => page.locator(".video-upload__note").textContent(), { timeout: WAIT }).toMatch(/connection dropped: sending part 2 again/);
      await expect.poll(() => page.locator(".video-job").count(), { timeout: WAIT }).toBe(1);
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

      // The drop cost one retry of the part that was lost; no part that had arrived went again.
      expect(dropped).toBe(1);
      expect(sent.filter((n) => n === 2)).toHaveLength(2);
      expect(new Set(arrived).size).toBe(arrived.length);
      expect(sent.filter((n) => n !== 2).length).toBe(new Set(sent.filter((n) => n !== 2)).size);

      // The details while it is transcoded; Save draft creates the catalogue video.
      await page.getByLabel("Title").fill(`Rovers v Harbour ${tag}`);
      await page.getByLabel("Description").fill("The whole match, with the clock running.");
      await page.getByLabel("Subscribers to…").check();
      await page.getByLabel("Rovers TV (Video)").check();
      await page.getByRole("button", { name: "Save draft" }).click();
      await page.waitForURL((url) => /^\/admin\/videos\/1_[a-z0-9]{8}$/.test(url.pathname), { timeout: WAIT });
      entryId = new URL(page.url()).pathname.split("/").pop()!;
      await expectJob(page, "ready");
      await page.reload();

      await page.locator("#captions-file").setInputFiles(captions);
      await page.getByLabel("Language code").fill("en");
      await page.getByLabel("Label in the player").fill("English");
      await page.getByRole("button", { name: "Add captions" }).click();
      await expect.poll(() => page.getByRole("list", { name: "Captions" }).textContent(), { timeout: WAIT }).toContain("English (en");
      await page.getByRole("button", { name: "Publish" }).click();
      await expect.poll(() => page.locator("[data-status]").first().getAttribute("data-status"), { timeout: WAIT }).toBe("published");
      await expectAxeCleanWhenIdle(page, "console-video");
      const rows = await queryD1<{ publication_status: string; entitlements: string; duration_seconds: number }>("SELECT publication_status, entitlements, duration_seconds FROM videos WHERE entry_id = ?", [entryId]);
      expect(rows[0]).toEqual({ publication_status: "published", entitlements: '["roverstv"]', duration_seconds: 120 });
    } finally {
      await context.close();
    }
  }, 600_000);

  it("tv@rovers.test plays it: 2:00, seeks to 1:30, two renditions, captions with a cue", async () => {
    expect(entryId).not.toBe("");
    const { page, context } = await openPage(browser, `/videos/${entryId}`, DESKTOP);
    try {
      await signInAs(page, "tv@rovers.test");
      const renditions = new Set<string>();
      page.on("request", (r) => {
        const m = new RegExp(`/media/vod/${entryId}/(\\d+p)/`).exec(r.url());
        if (m) renditions.add(m[1]!);
      });
      expect(await page.locator(".theatre__meta").textContent()).toContain("02:00");
      await page.getByRole("button", { name: `Play Rovers v Harbour ${tag}` }).click();
      const dialog = page.getByRole("dialog", { name: `Rovers v Harbour ${tag}` });
      const stage = dialog.locator(".video-overlay__stage");
      await expect.poll(() => stage.getAttribute("data-phase"), { timeout: 60_000 }).toBe("playing");
      expect((await stage.getAttribute("data-renditions"))?.split(" ").sort()).toEqual(["360p", "480p"]);
      const player = dialog.locator("video");
      await expect.poll(() => player.evaluate((v: HTMLVideoElement) => Math.round(v.duration)), { timeout: 60_000 }).toBe(120);
      const at = (seconds: number) =>
        player.evaluate((v: HTMLVideoElement, s: number) => {
          v.muted = true;
          v.currentTime = s;
          void v.play();
        }, seconds);
      // Seek to 1:30: the picture is there, time moves on from it.
      await at(90);
      await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 60_000 }).toBeGreaterThan(91);

      await dialog.getByRole("button", { name: "Captions" }).click();
      await expect
        .poll(() => player.evaluate((v: HTMLVideoElement) => Array.from(v.textTracks).some((t) => t.mode === "showing" && (t.cues?.length ?? 0) > 0)), { timeout: 30_000 })
        .toBe(true);
      // hls.js may stay on its first rung for a 2-minute video on a fast loopback: the supporter's
      // own Quality choice plays the other rung from the next segment.
      if (renditions.size < 2) {
        const other = ["360p", "480p"].find((name) => !renditions.has(name))!;
        await dialog.getByLabel("Quality").selectOption({ label: other });
        await at(40);
        await expect.poll(() => renditions.size, { timeout: 90_000 }).toBeGreaterThanOrEqual(2);
      }
      expect([...renditions].sort()).toEqual(["360p", "480p"]);
    } finally {
      await context.close();
    }
  }, 240_000);

  it("fan@rovers.test gets the tier's locked text and no media request", async () => {
    expect(entryId).not.toBe("");
    const { page, context } = await openPage(browser, `/videos/${entryId}`, DESKTOP);
    try {
      const media: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes("/media/vod/") || r.url().includes("/api/playback")) media.push(r.url());
      });
      await signInAs(page, "fan@rovers.test");
      const locked = page.getByRole("region", { name: "Locked video" });
      await expect.poll(() => locked.isVisible(), { timeout: 30_000 }).toBe(true);
      expect(await locked.locator(".locked-panel__title").textContent()).not.toBe("");
      expect(await page.getByRole("button", { name: `Play Rovers v Harbour ${tag}` }).count()).toBe(0);
      expect(media).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it("a queued job with no transcoder alive says why it waits", async () => {
    const { context, page } = await openConsoleAs(browser, "editor@rovers.test", "/admin/videos/new", MOBILE);
    try {
      // The suite's transcoders are alive, so the answers are changed on the way: a queued job and
      // no check-in for 2 minutes, as the worker says it when every transcoder is gone.
      await page.route("**/api/console/videos/sources/*", async (route) => {
        const res = await route.fetch();
        const body = (await res.json()) as { data: { attributes: { job: Record<string, unknown> | null; transcoderRunning: boolean } } };
        body.data.attributes.transcoderRunning = false;
        body.data.attributes.job = { ...body.data.attributes.job, status: "queued", attempts: 0, progress: 0, leaseExpiresAt: null };
        await route.fulfill({ response: res, json: body });
      });
      await page.locator("#video-file").setInputFiles(waiting);
      await page.getByRole("button", { name: "Upload", exact: true }).click();
      const notice = page.locator(".video-job__notice");
      await expect.poll(() => notice.textContent(), { timeout: WAIT }).toBe("No transcoder is running: uploads wait in the queue until one starts.");
      expect(await page.locator(".video-job__status").textContent()).toBe("Queued: no transcoder is running, so it waits until one starts");
      await expectAxeCleanWhenIdle(page, "console-video-no-transcoder");
    } finally {
      await context.close();
    }
  }, 300_000);

  it("a corrupt file ends 'failed' with its reason, is tried again once more by 'Try again' (audited), and nothing is published; axe clean at 375 px", async () => {
    const { context, page } = await openConsoleAs(browser, "editor@rovers.test", "/admin/videos/new", MOBILE);
    try {
      await page.locator("#video-file").setInputFiles(corrupt);
      await page.getByRole("button", { name: "Upload", exact: true }).click();
      await expect.poll(() => page.locator(".video-job").count(), { timeout: WAIT }).toBe(1);
      await expectJob(page, "failed");
      expect(await page.locator(".video-job__status").textContent()).toMatch(/^Failed: ffprobe cannot read the source/);
      await expectAxeCleanWhenIdle(page, "console-video-new-failed");

      // Try again: the same stored file, a new attempt, which ffprobe refuses again.
      const [job] = await queryD1<{ source_id: string; attempts: number }>(
        "SELECT j.source_id, j.attempts FROM transcode_jobs j JOIN video_sources s ON s.id = j.source_id WHERE s.file_name = ? ORDER BY j.created_at DESC LIMIT 1",
        [`broken-${tag}.mp4`],
      );
      expect(job?.attempts).toBe(1);
      await page.getByRole("button", { name: "Try again" }).click();
      await expect
        .poll(async () => (await queryD1<{ attempts: number; status: string }>("SELECT attempts, status FROM transcode_jobs WHERE source_id = ?", [job!.source_id]))[0], { timeout: WAIT })
        .toEqual({ attempts: 2, status: "failed" });
      await expectJob(page, "failed");
      expect(await page.locator(".video-job__status").textContent()).toMatch(/^Failed: ffprobe cannot read the source/);
      const audit = await queryD1<{ status: number }>("SELECT status FROM admin_audit_log WHERE action = 'video.transcode-retry' AND target = ?", [`video-source:${job!.source_id}`]);
      expect(audit).toEqual([{ status: 200 }]);
      const published = await queryD1<{ n: number }>(
        "SELECT COUNT(*) AS n FROM videos v JOIN video_sources s ON s.id = v.source_id WHERE s.file_name = ?",
        [`broken-${tag}.mp4`],
      );
      expect(published[0]?.n).toBe(0);
      await page.goto("/admin/videos?status=published");
      await expectAxeCleanWhenIdle(page, "console-videos");
    } finally {
      await context.close();
    }
  }, 300_000);
});
