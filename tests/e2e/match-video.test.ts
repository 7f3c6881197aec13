// The match centre's live video: a Rovers TV subscriber plays the match's live
// stream inside the match centre (the session check, the concurrency socket and the media gate of
// the live player), scrolls on, and it keeps playing docked as a mini player; 'Expand' takes it
// back to its place and 'Close' stops it, all by keyboard; axe clean at 375 and 1440 px, open and
// docked. Docked, the picture is within 15 s of the wall clock: the second the push burned in, read
// off the frame on screen (tests/e2e/support/picture-clock.ts). A visitor and a free account get the locked texts and never a player. The stream is on
// air from the e2e run's own real-time push (scripts/e2e-live.mjs); each test waits until it is
// active and changes nothing, so order is free.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, openPage, saveScreenshot } from "./support/browser";
import { axeViolations } from "./support/axe";
import { queryD1 } from "./support/d1";
import { registerAs } from "./support/fresh-account";
import { signInAs } from "./support/demo-account";
import { readVideoClock } from "./support/picture-clock";
import { club } from "../../src/config/club";
import { GENERIC_LOCKED_TITLE, LOCKED_MESSAGES, RESTRICTED_MEDIA_TITLE, VIDEO_LOGIN_WARNING } from "../../src/domain/locked-message";

const ADMIN_TOKEN = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../worker/dev-admin-token.json"), "utf8")) as { DEV_ADMIN_TOKEN: string }).DEV_ADMIN_TOKEN;
/** The demo's women's live stream, tied to a women's first team fixture (live_stream_assets.match_id). */
const STREAM = "women-live";
const WAIT = 60_000;

let browser: Browser;
let matchPath = "";
beforeAll(async () => {
  browser = await launchBrowser();
  const [row] = await queryD1<{ match_id: number }>(`SELECT match_id FROM live_stream_assets WHERE id = '${STREAM}'`);
  if (!row) throw new Error(`no ${STREAM} stream in the seed`);
  matchPath = `/match/womens-first-team/${row.match_id}`;
});
afterAll(async () => {
  await browser?.close();
});

/** The stream as viewers see it: active while the run's push reaches the ingest (the status API puts nothing on air). */
async function untilActive() {
  const status = async () => {
    const response = await fetch(`${BASE_URL}/api/admin/streams/${STREAM}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { attributes: { status: string } } }).data.attributes.status;
  };
  await expect.poll(status, { timeout: WAIT }).toBe("active");
}

const player = (page: Page) => page.locator(".match-video__player");
const videoTime = (page: Page) => player(page).locator("video").evaluate((v: HTMLVideoElement) => v.currentTime);
const docked = (page: Page) => page.locator(".match-video__player.is-docked").count();

/** The picture moves: currentTime goes on by more than a second, and it is not paused. */
async function keepsPlaying(page: Page) {
  const at = await videoTime(page);
  await expect.poll(() => videoTime(page), { timeout: WAIT }).toBeGreaterThan(at + 1);
  expect(await player(page).locator("video").evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
}

async function expectAxeClean(page: Page, where: string) {
  const violations = await axeViolations(page);
  expect(violations, `${where}:\n  ${violations.join("\n  ")}`).toEqual([]);
}

describe("the match centre's live video", () => {
  it("a Rovers TV subscriber plays it, scrolls on and it keeps playing docked; Expand and Close by keyboard", async () => {
    await untilActive();
    const { page, context, problems } = await openPage(browser, matchPath, DESKTOP);
    try {
      await registerAs(page, "docked-tv", { entitlements: [club.entitlements.mid] });
      // (signed in before its tier was written, the new account's entitlements answered 404 once: spec §5)
      const problemsBefore = problems.length;
      const play = page.getByRole("button", { name: /^Watch Live: / });
      await expect.poll(() => play.isVisible(), { timeout: WAIT }).toBe(true);
      await play.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => player(page).getAttribute("data-phase"), { timeout: WAIT }).toBe("playing");
      await keepsPlaying(page);
      expect(await docked(page)).toBe(0);
      await expectAxeClean(page, "the video open at 1440 px");
      await saveScreenshot(page, "match-video-open");

      // Scrolled past its place, it docks in a corner and plays on: the same element, still moving.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => docked(page), { timeout: WAIT }).toBe(1);
      await keepsPlaying(page);
      const mini = page.getByRole("region", { name: /^Mini player: / });
      expect(await mini.isVisible()).toBe(true);
      // Glass to glass in the mini player, from the picture.
      const picture = await readVideoClock(player(page).locator("video"));
      expect(picture, "the picture clock on the frame playing").not.toBeNull();
      const behind = picture?.behindSeconds ?? Number.NaN;
      console.log(`[glass to glass] docked match-centre player: ${behind.toFixed(1)} s from the picture`);
      expect(behind).toBeGreaterThanOrEqual(-1);
      expect(behind).toBeLessThan(15);
      await expectAxeClean(page, "the video docked at 1440 px");
      await saveScreenshot(page, "match-video-docked");

      // At 375 px, docked and then open in its place.
      await page.setViewportSize(MOBILE);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => docked(page), { timeout: WAIT }).toBe(1);
      await expectAxeClean(page, "the video docked at 375 px");
      await saveScreenshot(page, "match-video-docked-mobile");

      // Expand: back to its place, undocked, still playing.
      await mini.getByRole("button", { name: "Expand the video back to its place" }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => docked(page), { timeout: WAIT }).toBe(0);
      await keepsPlaying(page);
      await expectAxeClean(page, "the video open at 375 px");
      await saveScreenshot(page, "match-video-open-mobile");

      // Close: the player goes (its stream session with it) and the focus is back on the play button.
      await player(page).getByRole("button", { name: "Close the live video" }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => player(page).count(), { timeout: WAIT }).toBe(0);
      await expect.poll(() => play.evaluate((el) => el === document.activeElement), { timeout: WAIT }).toBe(true);
      expect(problems.slice(problemsBefore)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);

  it("a visitor gets the locked texts and no player, and so does a free account", async () => {
    await untilActive();
    const { page, context, problems } = await openPage(browser, matchPath, DESKTOP);
    try {
      const panel = page.getByRole("region", { name: "Locked stream" });
      expect(await panel.locator(".locked-panel__title").textContent()).toBe(RESTRICTED_MEDIA_TITLE);
      expect(await panel.getByRole("note").textContent()).toBe(VIDEO_LOGIN_WARNING);
      expect(await page.getByRole("button", { name: /^Watch Live: / }).count()).toBe(0);
      expect(await page.locator(".match-video video").count()).toBe(0);
      await expectAxeClean(page, "the locked video for a visitor at 1440 px");
      await saveScreenshot(page, "match-video-locked-visitor");

      await signInAs(page, "fan@rovers.test", new URL(page.url()).pathname);
      await expect.poll(() => panel.locator(".locked-panel__title").textContent(), { timeout: WAIT }).toBe(GENERIC_LOCKED_TITLE);
      expect(await panel.locator(".locked-panel__message").textContent()).toBe(LOCKED_MESSAGES.mid);
      expect(await page.getByRole("button", { name: /^Watch Live: / }).count()).toBe(0);
      expect(await page.locator(".match-video video").count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);

  it("a match centre without a stream downloads none of its code; with one, the player and hls.js only come with play", async () => {
    /** The script bodies a first visit to `pathname` downloads, until hydrated. */
    const firstVisitScripts = async (pathname: string) => {
      const context = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
      const page = await context.newPage();
      const scripts: Promise<string>[] = [];
      page.on("response", (response) => {
        if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
      });
      try {
        await page.goto(pathname, { waitUntil: "load" });
        await page.getByRole("heading", { level: 1 }).waitFor();
        await page.waitForLoadState("networkidle");
        return await Promise.all(scripts);
      } finally {
        await context.close();
      }
    };
    // Markers: a text of the video's part (MatchVideo.tsx), one of the player, hls.js's back buffer option.
    const has = (bodies: string[], marker: string) => bodies.some((b) => b.includes(marker));
    const without = await firstVisitScripts("/match/first-team/2024-25/511");
    expect(without.length).toBeGreaterThan(0);
    expect(has(without, "Playing in the mini player")).toBe(false);
    expect(has(without, "Expand the video back to its place")).toBe(false);
    expect(has(without, "backBufferLength")).toBe(false);
    const withStream = await firstVisitScripts(matchPath);
    expect(has(withStream, "Playing in the mini player")).toBe(true);
    expect(has(withStream, "Expand the video back to its place")).toBe(false);
    expect(has(withStream, "backBufferLength")).toBe(false);
  });
});
