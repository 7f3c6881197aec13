// An account bypassed from restrictions (spec §1, §6) plays every on-demand video.
// The page's padlock and the playback gate follow one rule (src/domain/video-lock.ts), so the
// bypassed account gets a play button, no upgrade promo, real media, and its account summary
// says so; a subscriber without the tier still meets the lock.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import { DESKTOP, MOBILE, SCREENSHOT_DIR, launchBrowser, openPage, type Viewport } from "./support/browser";
import { signInAs, topTierVideo, type ListedVideo } from "./support/demo-account";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What the viewer sees (the player is a fixed overlay: a full-page shot would repeat it). */
async function viewportShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${page.viewportSize()?.width ?? 0}.png`) });
}

/** Waits for the login check to settle: the header says Profile. */
async function signedIn(page: Page): Promise<void> {
  const profile = page.locator("header.site-header").getByRole("button", { name: "Profile" });
  await expect.poll(() => profile.isVisible(), { timeout: 15_000 }).toBe(true);
}

async function playsWithoutLock(viewport: Viewport, video: ListedVideo): Promise<void> {
  const { page, context, problems } = await openPage(browser, `/videos/${video.entryId}`, viewport);
  try {
    await signInAs(page, "bypass@rovers.test");
    await signedIn(page);
    const play = page.getByRole("button", { name: `Play ${video.title}` });
    await expect.poll(() => play.isVisible(), { timeout: 15_000 }).toBe(true);
    // the entitlements (none) are known by now: still no padlock, no tier message, no promo
    await expect.poll(() => page.evaluate(() => document.querySelector(".theatre__screen.is-locked") === null)).toBe(true);
    expect(await page.getByRole("region", { name: "Locked video" }).count()).toBe(0);
    expect(await page.getByText("Subscribe to Rovers TV+ to watch").count()).toBe(0);
    expect(await page.getByRole("dialog", { name: "Upgrade to Rovers TV+" }).count()).toBe(0);

    await viewportShot(page, "bypassed-replay-page");
    await play.click();
    const dialog = page.getByRole("dialog", { name: video.title });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    const stage = dialog.locator(".video-overlay__stage");
    await expect.poll(() => stage.getAttribute("data-phase"), { timeout: 20_000 }).toBe("playing");
    // the media really plays: time advances past the first seconds
    const currentTime = () => dialog.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(currentTime, { timeout: 20_000 }).toBeGreaterThan(2);
    const before = await currentTime();
    await expect.poll(currentTime, { timeout: 10_000 }).toBeGreaterThan(before);
    await viewportShot(page, "bypassed-replay-playing");
    expect(await page.getByRole("dialog", { name: "Upgrade to Rovers TV+" }).count()).toBe(0);

    // the account summary names the bypass
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await page.locator("header.site-header").getByRole("button", { name: "Profile" }).click();
    await expect.poll(() => page.locator("#account-panel").getByText("Account Restrictions Bypassed").isVisible()).toBe(true);
    // The account has no entitlements: their call answers 404, valid by spec §7 ('You have no
    // subscriptions'), and Chromium logs every 404 fetch. Nothing else may have gone wrong.
    const noEntitlements = /status of 404 .*\/api\/users\/entitlements\/demo-bypass\)$/;
    expect(problems.filter((p) => !noEntitlements.test(p))).toEqual([]);
  } finally {
    await context.close();
  }
}

describe("bypassed account", () => {
  it("plays a Rovers TV+ / VIP video at 1440 px: no padlock, no promo, the video plays, the panel says 'Account Restrictions Bypassed'", async () => {
    const video = await topTierVideo();
    await playsWithoutLock(DESKTOP, video);
  });

  it("the same at 375 px", async () => {
    const video = await topTierVideo();
    await playsWithoutLock(MOBILE, video);
  });

  it("a Rovers TV subscriber still meets the lock on the same video, and the gate refuses it", async () => {
    const video = await topTierVideo();
    const { page, context } = await openPage(browser, `/videos/${video.entryId}`, DESKTOP);
    try {
      await signInAs(page, "tv@rovers.test");
      await signedIn(page);
      await expect.poll(() => page.getByText("Subscribe to Rovers TV+ to watch").first().isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await page.getByRole("button", { name: `Play ${video.title}` }).count()).toBe(0);
      const gate = await page.evaluate(async (entryId) => {
        const res = await fetch("/api/playback", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ entryId }) });
        return res.status;
      }, video.entryId);
      expect(gate).toBe(403);
    } finally {
      await context.close();
    }
  });
});
