// Live to replay for the commentary box: the administrator (staff@rovers.test) creates a live
// audio event in the console; the test pushes ~24 s of sound alone to its SRT ingest (the run's
// ingest service, or one started here unless E2E_INGEST_RUNNING=1) and waits for the push to end;
// staff end the event, open its recording (an <audio> preview), set the start with 'Start here'
// and type the end, make the replay after a confirmation and, once its transcode is ready, publish
// it; a fresh Rovers TV subscriber plays it: the marks' length, time moving, and the still card
// (the club's navy above its red band) as its picture. Axe clean at 1440 and 375 px. Everything the
// test made is removed at the end.
import type { Browser, Locator, Page } from "playwright-core";
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
const TITLE = `E2E commentary ${Date.now().toString(36)}`;
const PUSH_SECONDS = 24;
// The marks: 0:03 (taken from the preview) to 0:15 (typed), so the replay lasts 12 s.
const START = 3;
const END = 15;

let browser: Browser;
let services: { stop(): void } | null = null;
const encoder = new TestEncoder({ seconds: PUSH_SECONDS, audioOnly: true });
let eventId = "";
let entryId = "";

beforeAll(async () => {
  browser = await launchBrowser();
  services = startReplayServices(`e2e-audio-replay-${TITLE.split(" ").pop()}`);
});

afterAll(async () => {
  encoder.kill("SIGKILL");
  services?.stop();
  await browser?.close();
  if (eventId) await removeEventAndReplays(eventId);
});

const eventStatus = () => eventStatusOf(eventId);
const expectAxeClean = (page: Page, name: string) => expectAxeCleanWhenIdle(page, name, WAIT);

/** The colour of the playing frame at a point given as fractions of its width and height, [r, g, b]. */
const pixelAt = (video: Locator, x: number, y: number) =>
  video.evaluate(
    (v: HTMLVideoElement, [fx, fy]: [number, number]) => {
      const canvas = document.createElement("canvas");
      canvas.width = v.videoWidth;
      canvas.height = v.videoHeight;
      const context = canvas.getContext("2d");
      context?.drawImage(v, 0, 0);
      return Array.from(context?.getImageData(Math.round(fx * v.videoWidth), Math.round(fy * v.videoHeight), 1, 1).data.slice(0, 3) ?? []);
    },
    [x, y] as [number, number],
  );
const near = (rgb: number[], hex: string) => [1, 3, 5].every((at, i) => Math.abs((rgb[i] ?? -99) - Number.parseInt(hex.slice(at, at + 2), 16)) <= 24);

describe("live audio to replay", () => {
  it("staff end a pushed audio event, mark it on its <audio> preview, make the replay and publish it; a subscriber plays it on its still card", async () => {
    const { context, page } = await openConsoleAs(browser, "staff@rovers.test", "/admin/live", DESKTOP);
    try {
      await page.locator("#add-title").fill(TITLE);
      await page.locator("#add-mediaType").selectOption("audio");
      expect(await page.locator("#add-replayMode").inputValue()).toBe("staff");
      await page.locator('form[data-form="add"]').getByRole("button", { name: "Create event" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: `Created ${TITLE}.` }).count(), { timeout: WAIT }).toBe(1);
      const pushUrl = (await page.locator('[data-issued-key] [data-copy="Full push address (OBS Server)"]').textContent()) ?? "";
      eventId = (await queryD1<{ id: string }>("SELECT id FROM live_stream_assets WHERE title = ?", [TITLE]))[0]?.id ?? "";
      expect(eventId).not.toBe("");

      await encoder.pushUntilActive(pushUrl.replace(/^srt:\/\/[^:]+:/, "srt://127.0.0.1:"), eventStatus, WAIT, 1000);
      await expect.poll(eventStatus, { timeout: WAIT, interval: 1000 }).toBe("idle");

      await page.reload();
      await page.getByRole("button", { name: `End event: ${TITLE}` }).click();
      await page.getByRole("button", { name: "Yes, end the event" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: `Ended ${TITLE}` }).count(), { timeout: WAIT }).toBe(1);
      await page.getByRole("link", { name: `Recording and replay of ${TITLE}` }).click();
      await page.waitForURL(`**/admin/live/${eventId}`);
      await expect.poll(() => page.getByRole("heading", { name: `${TITLE}: recording and replay`, level: 2 }).isVisible(), { timeout: WAIT }).toBe(true);
      const length = Number(await page.locator("[data-recording-length]").getAttribute("data-recording-length"));
      // 6 s audio segments: the ingest may lose the first moments to the listener's start and a last part segment.
      expect(length).toBeGreaterThan(END);
      expect(length).toBeLessThanOrEqual(PUSH_SECONDS + 6);
      await expectAxeClean(page, "live-replay-audio-recording");
      await saveScreenshot(page, "live-replay-audio-recording");

      const preview = page.locator("audio[data-preview]");
      await expect.poll(() => preview.evaluate((a: HTMLAudioElement) => a.duration), { timeout: WAIT }).toBeGreaterThan(END);
      await preview.evaluate((a: HTMLAudioElement, at: number) => {
        a.currentTime = at;
      }, START);
      await expect.poll(() => preview.evaluate((a: HTMLAudioElement) => Math.round(a.currentTime)), { timeout: WAIT }).toBe(START);
      await page.getByRole("button", { name: "Start here" }).click();
      expect(await page.locator("#replay-marks-start").inputValue()).toBe(`0:0${START}`);
      await page.locator("#replay-marks-end").fill(`0:${END}`);

      await page.getByRole("button", { name: "Make the replay" }).click();
      await page.getByRole("button", { name: "Yes, make the replay" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: "Made the replay" }).count(), { timeout: WAIT }).toBe(1);
      const replay = page.locator("[data-replay]").first();
      entryId = (await replay.getAttribute("data-replay")) ?? "";
      expect(entryId).toMatch(/^1_[a-z0-9]{8}$/);
      await expect.poll(() => replay.locator("[data-job]").getAttribute("data-job"), { timeout: TRANSCODE_WAIT, interval: 2000 }).toBe("ready");

      await replay.getByRole("link", { name: `${TITLE} (replay)` }).click();
      await page.waitForURL(`**/admin/videos/${entryId}`);
      await page.getByRole("button", { name: "Publish" }).click();
      await expect.poll(() => page.locator("[data-status]").first().getAttribute("data-status"), { timeout: WAIT }).toBe("published");
    } finally {
      await context.close();
    }

    const narrow = await openConsoleAs(browser, "staff@rovers.test", `/admin/live/${eventId}`, MOBILE);
    try {
      await expect.poll(() => narrow.page.locator("[data-replay] [data-publication]").getAttribute("data-publication"), { timeout: WAIT }).toBe("published");
      await expect.poll(() => narrow.page.locator("audio[data-preview]").isVisible(), { timeout: WAIT }).toBe(true);
      await expectAxeClean(narrow.page, "live-replay-audio-published");
      await saveScreenshot(narrow.page, "live-replay-audio-published");
    } finally {
      await narrow.context.close();
    }

    const email = await createAccount(browser, "audio-replay", ["roverstv"]);
    const { page: watch, context: watching } = await openPage(browser, `/videos/${entryId}`, DESKTOP);
    try {
      await signInAs(watch, email);
      await watch.getByRole("button", { name: `Play ${TITLE} (replay)` }).click();
      const dialog = watch.getByRole("dialog", { name: `${TITLE} (replay)` });
      await expect.poll(() => dialog.locator(".video-overlay__stage").getAttribute("data-phase"), { timeout: 60_000 }).toBe("playing");
      const player = dialog.locator("video");
      await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 60_000 }).toBeGreaterThan(0);
      expect(Math.abs((await player.evaluate((v: HTMLVideoElement) => v.duration)) - (END - START))).toBeLessThanOrEqual(2);
      const at = await player.evaluate((v: HTMLVideoElement) => v.currentTime);
      await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 60_000 }).toBeGreaterThan(at + 2);
      // The still card: navy in its top corner, the club's red in its band along the foot.
      expect(near(await pixelAt(player, 0.05, 0.05), "#0b1f3a")).toBe(true);
      expect(near(await pixelAt(player, 0.05, 0.97), "#d2122e")).toBe(true);
      await expectAxeClean(watch, "live-replay-audio-playing");
      await saveScreenshot(watch, "live-replay-audio-playing");
    } finally {
      await watching.close();
    }
  }, 900_000);
});
