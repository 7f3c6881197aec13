// Live to replay, end to end at 1440 px (one step at 375 px): the administrator (staff@rovers.test)
// creates a live video event in the console; the test pushes a ~26 s ffmpeg test stream to its SRT
// ingest (the run's ingest service, or one started here unless E2E_INGEST_RUNNING=1) and waits
// for the push to end; staff end the event, open its recording, set the start mark with the
// preview player's 'Start here' and the end by typing (a wrong end first: its error beside the
// field), make the replay after a confirmation, wait for its transcode (a transcoder started here
// beside the run's) and publish it from the video's page; a fresh Rovers TV subscriber plays it on
// its video page: time moves, and it lasts the marks' length ±2 s. Axe clean at each step.
// Everything the test made is removed at the end.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestEncoder } from "./support/test-encoder";
import { DESKTOP, MOBILE, launchBrowser, openPage, saveScreenshot } from "./support/browser";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { openConsoleAs } from "./support/console";
import { signInAs } from "./support/demo-account";
import { createAccount } from "./support/fresh-account";
import { queryD1 } from "./support/d1";
import { eventStatusOf, removeEventAndReplays, startReplayServices } from "./support/replay-services";

const WAIT = 120_000;
const TRANSCODE_WAIT = 360_000;
const TITLE = `E2E replay ${Date.now().toString(36)}`;
const PUSH_SECONDS = 26;
// The marks: 0:03 (taken from the player) to 0:21 (typed), so the replay lasts 18 s.
const START = 3;
const END = 21;

let browser: Browser;
let services: { stop(): void } | null = null;
const encoder = new TestEncoder({ seconds: PUSH_SECONDS });
let eventId = "";
let entryId = "";

beforeAll(async () => {
  browser = await launchBrowser();
  services = startReplayServices(`e2e-replay-${TITLE.split(" ").pop()}`);
});

afterAll(async () => {
  encoder.kill("SIGKILL");
  services?.stop();
  await browser?.close();
  if (eventId) await removeEventAndReplays(eventId);
});

const eventStatus = () => eventStatusOf(eventId);
const expectAxeClean = (page: Page, name: string) => expectAxeCleanWhenIdle(page, name, WAIT);

describe("live to replay", () => {
  it("staff end a pushed event, mark its recording, make the replay and publish it; a subscriber plays it, the marks' length", async () => {
    const { context, page } = await openConsoleAs(browser, "staff@rovers.test", "/admin/live", DESKTOP);
    try {
      // A new video event: its replay setting defaults to staff publishing.
      const add = page.locator('form[data-form="add"]');
      await page.locator("#add-title").fill(TITLE);
      expect(await page.locator("#add-replayMode").inputValue()).toBe("staff");
      await add.getByRole("button", { name: "Create event" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: `Created ${TITLE}.` }).count(), { timeout: WAIT }).toBe(1);
      const pushUrl = (await page.locator('[data-issued-key] [data-copy="Full push address (OBS Server)"]').textContent()) ?? "";
      eventId = (await queryD1<{ id: string }>("SELECT id FROM live_stream_assets WHERE title = ?", [TITLE]))[0]?.id ?? "";
      expect(eventId).not.toBe("");

      // The encoder pushes to it, and stops; the ingest has uploaded the last segments once the event reads idle.
      await encoder.pushUntilActive(pushUrl.replace(/^srt:\/\/[^:]+:/, "srt://127.0.0.1:"), eventStatus, WAIT, 1000);
      await expect.poll(eventStatus, { timeout: WAIT, interval: 1000 }).toBe("idle");

      // Staff end it (confirmed), then open its recording.
      await page.reload();
      await page.getByRole("button", { name: `End event: ${TITLE}` }).click();
      await page.getByRole("button", { name: "Yes, end the event" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: `Ended ${TITLE}` }).count(), { timeout: WAIT }).toBe(1);
      await page.getByRole("link", { name: `Recording and replay of ${TITLE}` }).click();
      await page.waitForURL(`**/admin/live/${eventId}`);
      await expect.poll(() => page.getByRole("heading", { name: `${TITLE}: recording and replay`, level: 2 }).isVisible(), { timeout: WAIT }).toBe(true);
      const length = Number(await page.locator("[data-recording-length]").getAttribute("data-recording-length"));
      // The push lasted PUSH_SECONDS; the ingest may have lost its first moments to the listener's start.
      expect(length).toBeGreaterThan(END + 1);
      expect(length).toBeLessThanOrEqual(PUSH_SECONDS + 2);
      await expectAxeClean(page, "live-replay-recording");

      // The start from the preview player's position, the end typed: first beyond the recording.
      const preview = page.locator("video[data-preview]");
      await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.duration), { timeout: WAIT }).toBeGreaterThan(END);
      await preview.evaluate((v: HTMLVideoElement, at: number) => {
        v.currentTime = at;
      }, START);
      await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => Math.round(v.currentTime)), { timeout: WAIT }).toBe(START);
      await page.getByRole("button", { name: "Start here" }).click();
      expect(await page.locator("#replay-marks-start").inputValue()).toBe(`0:0${START}`);
      await page.locator("#replay-marks-end").fill("9:59");
      await page.locator("#replay-marks-end").press("Enter");
      await expect.poll(() => page.locator("#replay-marks-end-error").textContent(), { timeout: WAIT }).toContain("The recording is shorter than that");
      expect(await page.locator("#replay-marks-end").getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator("#replay-marks-end").evaluate((el) => el === document.activeElement)).toBe(true);
      await expectAxeClean(page, "live-replay-marks-error");
      await page.locator("#replay-marks-end").fill(`0:${END}`);

      // Make the replay, confirmed; its transcode shows on the page until it is ready.
      await page.getByRole("button", { name: "Make the replay" }).click();
      await page.getByRole("button", { name: "Yes, make the replay" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: "Made the replay" }).count(), { timeout: WAIT }).toBe(1);
      const replay = page.locator("[data-replay]").first();
      entryId = (await replay.getAttribute("data-replay")) ?? "";
      expect(entryId).toMatch(/^1_[a-z0-9]{8}$/);
      await expect.poll(() => replay.locator("[data-job]").getAttribute("data-job"), { timeout: TRANSCODE_WAIT, interval: 2000 }).toBe("ready");
      await expectAxeClean(page, "live-replay-made");

      // Published from the video's own page, as any upload.
      await replay.getByRole("link", { name: `${TITLE} (replay)` }).click();
      await page.waitForURL(`**/admin/videos/${entryId}`);
      await page.getByRole("button", { name: "Publish" }).click();
      await expect.poll(() => page.locator("[data-status]").first().getAttribute("data-status"), { timeout: WAIT }).toBe("published");
      const [row] = await queryD1<{ publication_status: string; entitlements: string; duration_seconds: number }>("SELECT publication_status, entitlements, duration_seconds FROM videos WHERE entry_id = ?", [entryId]);
      expect(row?.publication_status).toBe("published");
      expect((JSON.parse(row?.entitlements ?? "[]") as string[]).sort()).toEqual(["roverstv", "roverstv+", "vip"]);
      expect(Math.abs((row?.duration_seconds ?? 0) - (END - START))).toBeLessThanOrEqual(2);
    } finally {
      await context.close();
    }

    // One step at 375 px: the event's page with its published replay.
    const narrow = await openConsoleAs(browser, "staff@rovers.test", `/admin/live/${eventId}`, MOBILE);
    try {
      await expect.poll(() => narrow.page.locator("[data-replay] [data-publication]").getAttribute("data-publication"), { timeout: WAIT }).toBe("published");
      await expectAxeClean(narrow.page, "live-replay-published");
    } finally {
      await narrow.context.close();
    }

    // A Rovers TV subscriber of the test's own plays it in the ordinary player.
    const email = await createAccount(browser, "replay", ["roverstv"]);
    const { page: watch, context: watching } = await openPage(browser, `/videos/${entryId}`, DESKTOP);
    try {
      await signInAs(watch, email);
      await watch.getByRole("button", { name: `Play ${TITLE} (replay)` }).click();
      const dialog = watch.getByRole("dialog", { name: `${TITLE} (replay)` });
      await expect.poll(() => dialog.locator(".video-overlay__stage").getAttribute("data-phase"), { timeout: 60_000 }).toBe("playing");
      const player = dialog.locator("video");
      await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 60_000 }).toBeGreaterThan(0);
      const duration = await player.evaluate((v: HTMLVideoElement) => v.duration);
      expect(Math.abs(duration - (END - START))).toBeLessThanOrEqual(2);
      const at = await player.evaluate((v: HTMLVideoElement) => v.currentTime);
      await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 60_000 }).toBeGreaterThan(at + 2);
      await saveScreenshot(watch, "live-replay-playing");
    } finally {
      await watching.close();
    }
  }, 900_000);
});
