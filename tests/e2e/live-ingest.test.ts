// Live from an encoder: a key is issued for the academy match's video event (the admin API, as the
// console's rotate; the e2e run's own pushes never touch this event, so its idle and offline are
// this test's), the test pushes a real-time ffmpeg stream over SRT to the ingest service (it
// starts one itself unless E2E_INGEST_RUNNING=1 says the server's own is up), tv@rovers.test plays
// it in the live player, its program date-time is within 15 s of the wall clock, and so is the
// picture: the wall-clock second the encoder burned in, read off the frame on screen
// (tests/e2e/support/picture-clock.ts), beside the player's own delay reading (what the console
// shows per event), at 1440 and 375 px; when the push stops
// the playing player shows the offline text instead of spinning, and plays again by itself when the
// push comes back (over RTMP this time, after an RTMP push with a wrong key was refused); when staff
// rotate the key under that push, the ingest cuts it, the event is idle, the old key is refused
// and the page shows the offline text.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestEncoder } from "./support/test-encoder";
import { readVideoClock } from "./support/picture-clock";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, openPage, saveScreenshot } from "./support/browser";
import { signInAs } from "./support/demo-account";

const EVENT = "academy-live";
const PAGE = `/live/video/${EVENT}`;
const WAIT = 90_000;
const root = path.resolve(import.meta.dirname, "../..");
const devToken = (file: string, name: string) => (JSON.parse(readFileSync(path.join(root, "worker", file), "utf8")) as Record<string, string>)[name] ?? "";
const ADMIN = devToken("dev-admin-token.json", "DEV_ADMIN_TOKEN");
const INGEST = devToken("dev-ingest-token.json", "DEV_INGEST_TOKEN");

let browser: Browser;
let ingest: ChildProcess | null = null;
const encoder = new TestEncoder({ seconds: 120, clock: true });

async function admin(pathname: string, init: RequestInit = {}) {
  const res = await fetch(`${BASE_URL}${pathname}`, { ...init, headers: { authorization: `Bearer ${ADMIN}` } });
  if (!res.ok) throw new Error(`${pathname} answered ${res.status}`);
  return (await res.json()) as { data: { attributes: Record<string, unknown> } };
}
const eventStatus = async () => (await admin(`/api/admin/streams/${EVENT}`)).data.attributes.status;

/** The test's own ingest unless the server's is up, on the RTMP port the worker names. */
function startIngest(rtmpPort: number): void {
  if (process.env.E2E_INGEST_RUNNING === "1" || ingest) return;
  ingest = spawn(process.execPath, [path.join(root, "scripts", "ingest.mjs")], {
    cwd: root,
    // ultrafast: the test machine's two cores are shared with the browser, the server and the encoder.
    env: { ...process.env, WORKER_URL: BASE_URL, INGEST_TOKEN: INGEST, INGEST_BIND: "127.0.0.1", INGEST_RTMP_PORT: String(rtmpPort), INGEST_POLL_SECONDS: "2", INGEST_X264_PRESET: "ultrafast" },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

/** An RTMP push with a wrong key: refused at publish, so ffmpeg gives up at once. */
function wrongKeyPush(url: string): Promise<number | null> {
  const args = ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-t", "10", "-c:v", "libx264", "-preset", "ultrafast", "-f", "flv", url];
  const child = spawn("ffmpeg", args, { stdio: "ignore" });
  return new Promise((resolve) => child.on("exit", (code) => resolve(code)));
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  encoder.kill("SIGKILL");
  ingest?.kill("SIGTERM");
  await browser?.close();
});

async function play(page: Page): Promise<void> {
  const start = page.locator(".theatre__play");
  await expect.poll(() => start.isVisible(), { timeout: WAIT }).toBe(true);
  const playlist = page.waitForResponse((r) => r.url().includes(`/media/live/${EVENT}/index.m3u8`) && r.status() === 200, { timeout: WAIT });
  await start.click({ timeout: WAIT });
  // The playlist's newest program date-time: the ingest dates each segment from when its first frame arrived.
  const text = await (await playlist).text();
  const stamps = [...text.matchAll(/#EXT-X-PROGRAM-DATE-TIME:(.+)/g)].map((m) => Date.parse(m[1] ?? ""));
  expect(stamps.length).toBeGreaterThan(0);
  expect(Math.abs(Date.now() - (stamps.at(-1) ?? 0))).toBeLessThan(15_000);
  const video = page.locator(".video-overlay video");
  await expect.poll(() => page.locator(".video-overlay__stage").getAttribute("data-phase"), { timeout: WAIT }).toBe("playing");
  const at = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: WAIT }).toBeGreaterThan(at + 2);
}

/** The player's delay reading for the console, which it sends 10 s after it starts. */
const delayReading = (page: Page) => page.waitForRequest((r) => r.url().endsWith("/api/session/delay") && r.method() === "POST", { timeout: WAIT });

/**
 * Glass to glass read from the picture as the player sends its reading: the wall clock minus the
 * second burned into the frame on screen is within 15 s (and not ahead, beyond the picture's
 * whole second). The player's reading, from the playlist's program date-time (which the ingest
 * dates from when each segment's first frame reached it, ingest/program-date-time.ts), is the
 * figure the console shows: it agrees with the picture within 3 s (the picture's reading is up to
 * a second high, as it reads whole seconds). Both figures are logged.
 */
async function expectGlassToGlass(page: Page, sent: Request, where: string): Promise<void> {
  const behindMs = (sent.postDataJSON() as { data: { attributes: { behindMs: number } } }).data.attributes.behindMs;
  expect((await sent.response())?.status()).toBe(204);
  const picture = await readVideoClock(page.locator(".video-overlay video"));
  expect(picture, "the picture clock on the frame playing").not.toBeNull();
  const fromPicture = picture?.behindSeconds ?? Number.NaN;
  console.log(`[glass to glass] live player at ${where}: ${fromPicture.toFixed(1)} s from the picture, ${(behindMs / 1000).toFixed(1)} s the player's reading`);
  expect(fromPicture).toBeGreaterThanOrEqual(-1);
  expect(fromPicture).toBeLessThan(15);
  expect(behindMs).toBeLessThan(15_000);
  expect(Math.abs(behindMs / 1000 - fromPicture)).toBeLessThan(3);
}

describe("live from the ingest", () => {
  it("an SRT push plays in the live player near the wall clock; a player it stops under says so and resumes with the next push, over RTMP; a key rotated mid-push cuts it; then idle and offline", async () => {
    const issued = (await admin(`/api/admin/streams/${EVENT}/key`, { method: "POST" })).data.attributes as { key: string; srt: { port: number; pushUrl: string }; rtmp: { port: number } };
    const url = issued.srt.pushUrl.replace(/^srt:\/\/[^:]+:/, "srt://127.0.0.1:");
    const rtmp = `rtmp://127.0.0.1:${issued.rtmp.port}/live`;
    startIngest(issued.rtmp.port);
    await encoder.pushUntilActive(url, eventStatus, WAIT, 2000);
    const desktop = await openPage(browser, PAGE, DESKTOP);
    const mobile = await openPage(browser, PAGE, MOBILE);
    try {
      await signInAs(desktop.page, "tv@rovers.test", PAGE);
      const desktopReading = delayReading(desktop.page);
      await play(desktop.page);
      await expectGlassToGlass(desktop.page, await desktopReading, "1440 px");
      await saveScreenshot(desktop.page, "live-ingest-playing-1440");
      await signInAs(mobile.page, "tv@rovers.test", PAGE);
      const mobileReading = delayReading(mobile.page);
      await play(mobile.page);
      await expectGlassToGlass(mobile.page, await mobileReading, "375 px");
      await saveScreenshot(mobile.page, "live-ingest-playing-375");

      // The push stops under a playing supporter: the offline text, not a spinner, then back by itself.
      encoder.kill("SIGINT");
      await expect.poll(eventStatus, { timeout: WAIT, interval: 1000 }).toBe("idle");
      const waiting = mobile.page.locator('.video-overlay [data-offline="waiting"]');
      await expect.poll(() => waiting.isVisible(), { timeout: WAIT }).toBe(true);
      expect(await waiting.textContent()).toContain("This stream has not started yet");
      expect(await mobile.page.locator(".video-overlay__stage").getAttribute("data-phase")).toBe("offline");
      await saveScreenshot(mobile.page, "live-ingest-off-air");
      // RTMP: a wrong key is refused at publish (ffmpeg fails at once) and puts nothing on air.
      expect(await wrongKeyPush(`${rtmp}/${"0".repeat(48)}`)).not.toBe(0);
      expect(await eventStatus()).toBe("idle");
      await encoder.pushUntilActive(`${rtmp}/${issued.key}`, eventStatus, WAIT, 2000);
      await expect.poll(() => mobile.page.locator(".video-overlay__stage").getAttribute("data-phase"), { timeout: WAIT }).toBe("playing");
      const video = mobile.page.locator(".video-overlay video");
      const resumedAt = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: WAIT }).toBeGreaterThan(resumedAt + 2);
      expect(await waiting.count()).toBe(0);

      // Staff rotate the key while that push runs (a leaked key): the ingest cuts it, the encoder
      // is dropped, and the old key is refused from then on.
      // Well inside the push's own 120 s, and it ends in an error, not at its end.
      await admin(`/api/admin/streams/${EVENT}/key`, { method: "POST" });
      await expect.poll(eventStatus, { timeout: 30_000, interval: 1000 }).toBe("idle");
      await expect.poll(() => encoder.child?.exitCode ?? null, { timeout: 30_000 }).not.toBeNull();
      expect(encoder.child?.exitCode).not.toBe(0);
      expect(await wrongKeyPush(`${rtmp}/${issued.key}`)).not.toBe(0);
      expect(await eventStatus()).toBe("idle");
      await mobile.context.close();
      await desktop.page.goto(`${BASE_URL}${PAGE}`);
      await expect.poll(() => desktop.page.getByText("This stream has not started yet").isVisible(), { timeout: WAIT }).toBe(true);
      await saveScreenshot(desktop.page, "live-ingest-offline-1440");
    } finally {
      await desktop.context.close();
      await mobile.context.close().catch(() => undefined);
    }
  }, 360_000);
});
