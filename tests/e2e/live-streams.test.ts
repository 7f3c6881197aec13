// Live streams (issue 10): the Rovers TV+ account plays the men's live commentary in the bottom bar;
// the freemium account gets the not-subscribed text; three browsers of one account, the third gets
// the concurrency message; 'Sign out other devices' stops another browser's playback; live video
// plays in the player overlay.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage, saveScreenshot, waitForHydration } from "./support/browser";
import { signInAs } from "./support/demo-account";

const STREAM = "/live/audio/men-audio-commentary";
/** Waits on real conditions, generous: seven engineers share two cores. */
const WAIT = 60_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Signs in on the live audio page and opens the bar; answers the page and its bar. */
async function openAudio(email: string): Promise<{ context: BrowserContext; page: Page }> {
  const { page, context } = await openPage(browser, STREAM, DESKTOP);
  await signInAs(page, email, STREAM);
  const start = page.locator(".theatre__play");
  await expect.poll(() => start.isVisible(), { timeout: WAIT }).toBe(true);
  await start.click({ timeout: WAIT });
  await expect.poll(() => page.locator(".audio-player.is-visible").count(), { timeout: WAIT }).toBe(1);
  return { context, page };
}

const bar = (page: Page) => page.getByRole("region", { name: "Live Audio" });
const audioTime = (page: Page) => bar(page).locator("audio").evaluate((a: HTMLAudioElement) => a.currentTime);
const audioPaused = (page: Page) => bar(page).locator("audio").evaluate((a: HTMLAudioElement) => a.paused);

async function play(page: Page) {
  await expect.poll(() => bar(page).getAttribute("data-state"), { timeout: WAIT }).toBe("ready");
  await bar(page).getByRole("button", { name: "Play stream" }).click({ timeout: WAIT });
  await expect.poll(() => bar(page).getAttribute("data-state"), { timeout: WAIT }).toBe("playing");
  const start = await audioTime(page);
  await expect.poll(() => audioTime(page), { timeout: WAIT }).toBeGreaterThan(start + 1);
}

describe("live audio", () => {
  it("the Rovers TV+ account plays the live commentary while its socket holds the session", async () => {
    const { context, page } = await openAudio("plus@rovers.test");
    try {
      await play(page);
      await expect.poll(() => bar(page).getByRole("button", { name: "Pause stream" }).isVisible(), { timeout: WAIT }).toBe(true);
      // The volume rises to full 500 ms after play.
      await expect.poll(() => bar(page).locator("audio").evaluate((a: HTMLAudioElement) => a.volume), { timeout: WAIT }).toBe(1);
      // The socket holds the session: the account lists this device.
      const devices = await page.evaluate(async () => ((await (await fetch("/api/session/devices")).json()) as { data: { attributes: { thisDevice: boolean } }[] }).data);
      expect(devices.filter((d) => d.attributes.thisDevice)).toHaveLength(1);
      await saveScreenshot(page, "live-audio-playing");
      await bar(page).getByRole("button", { name: "Pause stream" }).click({ timeout: WAIT });
      await expect.poll(() => audioPaused(page)).toBe(true);
    } finally {
      await context.close();
    }
  }, 240_000);

  it("the freemium account gets the not-subscribed text and the upgrade link", async () => {
    const { context, page } = await openAudio("fan@rovers.test");
    try {
      const alert = bar(page).getByRole("alert");
      await expect.poll(() => alert.textContent(), { timeout: WAIT }).toContain("Sorry but you are not subscribed to this stream");
      expect(await alert.textContent()).toContain("To stream live games you must be subscribed to a TV package");
      expect(await alert.getByRole("link", { name: "View Subscriptions" }).getAttribute("href")).toBe("/videos/subscriptions");
      await saveScreenshot(page, "live-audio-not-subscribed");
    } finally {
      await context.close();
    }
  }, 240_000);

  it("a third browser of one account gets the concurrency message; 'Sign out other devices' stops another's playback", async () => {
    const first = await openAudio("vip@rovers.test");
    const second = await openAudio("vip@rovers.test");
    const third = await openAudio("vip@rovers.test");
    try {
      const alert = bar(third.page).getByRole("alert");
      await expect.poll(() => alert.textContent(), { timeout: WAIT }).toContain("Your account has reached the limit of concurrent streams");
      await saveScreenshot(third.page, "live-audio-concurrency");

      await play(second.page);
      await first.page.locator("header.site-header").getByRole("button", { name: "Profile" }).click({ timeout: WAIT });
      const signOutOthers = first.page.locator("#account-panel").getByRole("button", { name: "Sign out other devices" });
      await expect.poll(() => signOutOthers.isVisible(), { timeout: WAIT }).toBe(true);
      await signOutOthers.click({ timeout: WAIT });
      await expect.poll(() => audioPaused(second.page), { timeout: WAIT }).toBe(true);
      await expect.poll(() => bar(second.page).getByRole("alert").count(), { timeout: WAIT }).toBe(1);
    } finally {
      await Promise.all([first.context.close(), second.context.close(), third.context.close()]);
    }
  }, 420_000);
});

describe("live video", () => {
  it("the Rovers TV account watches the live press conference in the player overlay", async () => {
    const { page, context } = await openPage(browser, "/live/video/press-conference", DESKTOP);
    try {
      await signInAs(page, "tv@rovers.test", "/live/video/press-conference");
      const start = page.locator(".theatre__play");
      await expect.poll(() => start.isVisible(), { timeout: WAIT }).toBe(true);
      await start.click({ timeout: WAIT });
      const stage = page.locator(".video-overlay__stage");
      await expect.poll(() => stage.getAttribute("data-phase"), { timeout: WAIT }).toBe("playing");
      const video = page.locator(".video-overlay video");
      const at = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: WAIT }).toBeGreaterThan(at + 1);
      // Paused, so the picture is one frame rather than whatever the capture caught mid-segment.
      await video.evaluate((v: HTMLVideoElement) => v.pause());
      await saveScreenshot(page, "live-video-playing");
    } finally {
      await context.close();
    }
  }, 240_000);
});
