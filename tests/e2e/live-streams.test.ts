// Live streams: the Rovers TV+ account plays the men's live commentary in the bottom bar;
// the freemium account gets the not-subscribed text; three browsers of one account, the third gets
// the concurrency message; 'Sign out other devices' stops another browser's playback; live video
// plays in the player overlay; two browsers of one TV+ account both watch it, and 'Sign out other
// devices' in one stops the other's picture within a playlist reload, with the text of why.
// Every test that holds stream sessions, signs other devices out or blocks registers its own
// account with the tier it needs; the demo accounts are only read (tests/e2e/support/fresh-account.ts).
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { BASE_URL, DESKTOP, launchBrowser, openPage, saveScreenshot, waitForHydration } from "./support/browser";
import { signInAs } from "./support/demo-account";
import { createAccount } from "./support/fresh-account";
import { club } from "../../src/config/club";

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

/** Waits for two pages opening side by side (each a browser of its own); if one fails, closes the other. */
async function bothOpened<T extends { context: BrowserContext }>(a: Promise<T>, b: Promise<T>): Promise<[T, T]> {
  const [one, two] = await Promise.allSettled([a, b]);
  if (one.status === "fulfilled" && two.status === "fulfilled") return [one.value, two.value];
  await Promise.all([one, two].map((opened) => (opened.status === "fulfilled" ? opened.value.context.close() : undefined)));
  throw one.status === "rejected" ? one.reason : (two as PromiseRejectedResult).reason;
}

const bar = (page: Page) => page.getByRole("region", { name: "Live Audio" });
const audioTime = (page: Page) => bar(page).locator("audio").evaluate((a: HTMLAudioElement) => a.currentTime);
const audioPaused = (page: Page) => bar(page).locator("audio").evaluate((a: HTMLAudioElement) => a.paused);

async function play(page: Page) {
  // One press on the live page plays: no 'Play stream' to press again.
  await expect.poll(() => bar(page).getAttribute("data-state"), { timeout: WAIT }).toBe("playing");
  const start = await audioTime(page);
  await expect.poll(() => audioTime(page), { timeout: WAIT }).toBeGreaterThan(start + 1);
}

describe("live audio", () => {
  it("the Rovers TV+ account plays the live commentary while its socket holds the session", async () => {
    const { context, page } = await openAudio(await createAccount(browser, "plus-audio", [club.entitlements.top]));
    try {
      await play(page);
      await expect.poll(() => bar(page).getByRole("button", { name: "Pause stream" }).isVisible(), { timeout: WAIT }).toBe(true);
      // The live page says what is playing.
      expect(await page.locator(".theatre__now-playing").textContent()).toContain("Now playing in the Live Audio bar below");
      // The volume rises to full 500 ms after play.
      await expect.poll(() => bar(page).locator("audio").evaluate((a: HTMLAudioElement) => a.volume), { timeout: WAIT }).toBe(1);
      // The socket holds the session: the account lists this device.
      const devices = await page.evaluate(async () => ((await (await fetch("/api/session/devices")).json()) as { data: { attributes: { thisDevice: boolean } }[] }).data);
      expect(devices.filter((d) => d.attributes.thisDevice)).toHaveLength(1);
      await saveScreenshot(page, "live-audio-playing");
      await bar(page).getByRole("button", { name: "Pause stream" }).click({ timeout: WAIT });
      await expect.poll(() => audioPaused(page)).toBe(true);
      await bar(page).getByRole("button", { name: "Play stream" }).click({ timeout: WAIT });
      await expect.poll(() => audioPaused(page), { timeout: WAIT }).toBe(false);
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
    const vip = await createAccount(browser, "vip-audio", [club.entitlements.vip]);
    // The first two side by side; the third once both hold their sessions.
    const [first, second] = await bothOpened(openAudio(vip), openAudio(vip));
    const third = await openAudio(vip).catch(async (error: unknown) => {
      await Promise.all([first.context.close(), second.context.close()]);
      throw error;
    });
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
      // The text of why (the renewal's answer for a released session), not a stalled bar.
      await expect.poll(() => bar(second.page).getByRole("alert").textContent(), { timeout: WAIT }).toContain("Your account has reached the limit of concurrent streams");
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

  it("two browsers of the Rovers TV+ account watch it; 'Sign out other devices' in one stops the other with the concurrency text", async () => {
    const PRESS = "/live/video/press-conference";
    const plus = await createAccount(browser, "plus-video", [club.entitlements.top]);
    /** Opens the live video's page signed in; with `clock`, on a clock the test can move (Playwright's). */
    const watch = async (clock = false) => {
      const opened = await openPage(browser, PRESS, DESKTOP, { clock });
      await signInAs(opened.page, plus, PRESS);
      return opened;
    };
    /** Starts the live video and waits until its picture moves. */
    const play = async (page: Page) => {
      const start = page.locator(".theatre__play");
      await expect.poll(() => start.isVisible(), { timeout: WAIT }).toBe(true);
      await start.click({ timeout: WAIT });
      await expect.poll(() => page.locator(".video-overlay__stage").getAttribute("data-phase"), { timeout: WAIT }).toBe("playing");
      const at = await videoTime(page);
      await expect.poll(() => videoTime(page), { timeout: WAIT }).toBeGreaterThan(at + 1);
    };
    const videoTime = (page: Page) => page.locator(".video-overlay video").evaluate((v: HTMLVideoElement) => v.currentTime);

    const [first, second] = await bothOpened(watch(), watch(true));
    try {
      await play(first.page);
      await play(second.page);

      // The first device's other tab (the same site session) opens the account panel.
      const panel = await first.context.newPage();
      await panel.goto("/", { waitUntil: "load" });
      await waitForHydration(panel);
      await panel.locator("header.site-header").getByRole("button", { name: "Profile" }).click({ timeout: WAIT });
      const signOutOthers = panel.locator("#account-panel").getByRole("button", { name: "Sign out other devices" });
      await expect.poll(() => signOutOthers.isVisible(), { timeout: WAIT }).toBe(true);
      const clickedAt = Date.now();
      await signOutOthers.click({ timeout: WAIT });

      // The second browser stops and says why, within a playlist reload (2 s) plus the renewal's answer.
      const stage = second.page.locator(".video-overlay__stage");
      await expect.poll(() => stage.getAttribute("data-phase"), { timeout: 15_000 }).toBe("refused");
      const stoppedAfterMs = Date.now() - clickedAt;
      const alert = stage.getByRole("alert");
      expect(await alert.textContent()).toContain("Your account has reached the limit of concurrent streams");
      expect(await alert.textContent()).toContain("Please log out of other devices and try again");
      // Not a stalled picture: the player is paused, its stream detached (no src, no media data, nothing
      // loading), and so it stays through 3 s of the page's timers (renewals, playlist reloads,
      // retries: its clock moved on rather than waited for), its video clock standing still.
      const media = () =>
        second.page.locator(".video-overlay video").evaluate((v: HTMLVideoElement) => ({
          paused: v.paused,
          time: v.currentTime,
          src: v.getAttribute("src"),
          ready: v.readyState,
          network: v.networkState,
        }));
      const stopped = await media();
      // 0 and 0: HTMLMediaElement.HAVE_NOTHING and NETWORK_EMPTY
      expect(stopped).toMatchObject({ paused: true, src: null, ready: 0, network: 0 });
      await second.page.clock.runFor(3_000);
      expect(await media()).toEqual(stopped);
      await saveScreenshot(second.page, "live-video-signed-out-elsewhere");
      console.log(`live video stopped ${stoppedAfterMs} ms after 'Sign out other devices'`);

      // The first browser plays on.
      await first.page.bringToFront();
      const at = await videoTime(first.page);
      await expect.poll(() => videoTime(first.page), { timeout: WAIT }).toBeGreaterThan(at + 1);
      expect(await first.page.locator(".video-overlay__stage").getAttribute("data-phase")).toBe("playing");
    } finally {
      await Promise.all([first.context.close(), second.context.close()]);
    }
  }, 300_000);

  it("with its socket silent, a block stops the live video at its next playlist and shows the blocked text", async () => {
    const PRESS = "/live/video/press-conference";
    const { page, context } = await openPage(browser, PRESS, DESKTOP);
    // The socket is answered in the browser and never closed: only the playlist can tell.
    await context.routeWebSocket(/\/ws\/streams/, (ws) => {
      ws.onMessage((message) => {
        const action = (JSON.parse(String(message)) as { action?: string }).action;
        ws.send(JSON.stringify(action === "ping" ? { action: "pong" } : { action: "session", status: "ok" }));
      });
    });
    const viewer = await createAccount(browser, "blocked-viewer", [club.entitlements.mid]);
    const ssoID = await accountId(viewer);
    try {
      await signInAs(page, viewer, PRESS);
      await page.locator(".theatre__play").click({ timeout: WAIT });
      const stage = page.locator(".video-overlay__stage");
      await expect.poll(() => stage.getAttribute("data-phase"), { timeout: WAIT }).toBe("playing");
      const video = page.locator(".video-overlay video");
      const at = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: WAIT }).toBeGreaterThan(at + 1);

      expect((await admin(`/accounts/${encodeURIComponent(ssoID)}/block`)).status).toBe(200);
      await expect.poll(() => stage.getAttribute("data-phase"), { timeout: 15_000 }).toBe("refused");
      expect(await stage.getByRole("alert").textContent()).toContain("Your account has been blocked by an administrator");
      expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    } finally {
      await admin(`/accounts/${encodeURIComponent(ssoID)}/unblock`);
      await context.close();
    }
  }, 240_000);
});

const ADMIN_TOKEN = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../worker/dev-admin-token.json"), "utf8")) as { DEV_ADMIN_TOKEN: string }).DEV_ADMIN_TOKEN;

function admin(pathname: string, method = "POST") {
  return fetch(`${BASE_URL}/api/admin${pathname}`, { method, headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "x-admin-actor": "e2e" } });
}

/** The ssoID of an account that has signed in, from the admin API. */
async function accountId(email: string): Promise<string> {
  const res = await admin(`/accounts?q=${encodeURIComponent(email)}`, "GET");
  const body = (await res.json()) as { data: { id: string; attributes: { email: string } }[] };
  const id = body.data.find((a) => a.attributes.email === email)?.id;
  if (!id) throw new Error(`no account for ${email}`);
  return id;
}
