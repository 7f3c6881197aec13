// Rovers TV on demand: a subscriber plays a replay in the player overlay (hls.js, two renditions of
// its own transcoded media, the storyboard over the seek bar, chapters as seek buttons, sidebar,
// keyboard); a video without
// media says it is processing; a visitor gets no media at all; first visits carry no hls.js.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, openPage, saveScreenshot, waitForHydration, type Viewport } from "./support/browser";
import { signInAs, midTierReplay } from "./support/demo-account";
import { axeViolations as pageAxeViolations } from "./support/axe";
import { queryD1 } from "./support/d1";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core violations inside `selector` (evaluated through the debugger, so the page's CSP allows it). */
async function axeViolations(page: Page, selector: string): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: { run: (c: string) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
    const result = await axe.run(context);
    return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
  }, selector);
}

/**
 * tv@rovers.test opens the mid-tier replay's page at `viewport`, presses its play button and waits
 * for the overlay's stage to reach `phase`; the caller closes `context`.
 */
async function openReplayAsTv(viewport: Viewport, phase: "playing" | "processing", replayToOpen?: Awaited<ReturnType<typeof midTierReplay>>) {
  const replay = replayToOpen ?? (await midTierReplay());
  const opened = await openPage(browser, `/videos/${replay.entryId}`, viewport);
  const { page } = opened;
  await signInAs(page, "tv@rovers.test");
  const play = page.getByRole("button", { name: `Play ${replay.title}` });
  await expect.poll(() => play.isVisible(), { timeout: 15_000 }).toBe(true);
  await play.click();
  const dialog = page.getByRole("dialog", { name: replay.title });
  await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
  const stage = dialog.locator(".video-overlay__stage");
  await expect.poll(() => stage.getAttribute("data-phase"), { timeout: 20_000 }).toBe(phase);
  return { ...opened, replay, play, dialog, stage };
}

describe("video player overlay", () => {
  it("the Rovers TV account plays a replay: two renditions, its own media, sidebar, Escape returns focus", async () => {
    const { page, context, problems, replay, play, dialog, stage } = await openReplayAsTv(DESKTOP, "playing");
    try {
      expect(await stage.getAttribute("data-renditions")).toBe("360p 480p");
      // its own media really plays, as long as the page says it lasts
      await expect.poll(() => dialog.locator("video").evaluate((v: HTMLVideoElement) => v.duration), { timeout: 20_000 }).toBeGreaterThan(replay.durationSeconds - 1);
      expect(await dialog.locator("video").evaluate((v: HTMLVideoElement) => v.duration)).toBeLessThan(replay.durationSeconds + 1);
      await expect
        .poll(() => dialog.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
        .toBeGreaterThan(2);
      // pausing keeps the place on the account: the gate answers it back as resumeAt
      await dialog.locator("video").evaluate((v: HTMLVideoElement) => v.pause());
      const resumeAt = () =>
        page.evaluate(async (entryId) => {
          const res = await fetch("/api/playback", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ entryId }) });
          return ((await res.json()) as { data: { attributes: { resumeAt: number | null } } }).data.attributes.resumeAt;
        }, replay.entryId);
      await expect.poll(resumeAt, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);


      await expect.poll(() => dialog.getByRole("heading", { name: "Related" }).isVisible()).toBe(true);
      await expect.poll(() => dialog.locator(".video-overlay__item").count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await dialog.locator(".video-overlay__item").count()).toBeLessThanOrEqual(10);
      await saveScreenshot(page, "video-player");
      expect(await axeViolations(page, ".video-overlay")).toEqual([]);

      // a sidebar item switches video, the overlay stays open on it
      const next = dialog.locator(".video-overlay__item").first();
      const nextHref = (await next.getAttribute("href")) ?? "";
      await next.click();
      await page.waitForURL((url) => url.pathname === nextHref);
      await expect.poll(() => page.locator(".video-overlay__title").textContent()).not.toBe(replay.title);
      // Focus moved to the chosen video, inside the dialog, and stays there once the sidebar has
      // reloaded without the chosen item: Escape still closes the player.
      // (The dialog is named after the video now playing, so it is found by its class here.)
      const switched = page.locator(".video-overlay");
      await expect.poll(() => switched.locator("video").evaluate((v) => v === document.activeElement)).toBe(true);
      await expect.poll(() => switched.locator(`.video-overlay__item[href="${nextHref}"]`).count(), { timeout: 15_000 }).toBe(0);
      expect(await page.evaluate(() => document.querySelector(".video-overlay")?.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => switched.count()).toBe(0);

      // back to the replay to check Escape and focus
      await page.goto(`/videos/${replay.entryId}`, { waitUntil: "load" });
      await waitForHydration(page);
      await expect.poll(() => play.isVisible(), { timeout: 15_000 }).toBe(true);
      await play.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => play.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it("a visitor on a locked replay sees the lock and no media request succeeds", async () => {
    const replay = await midTierReplay();
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
    const page = await context.newPage();
    const media: { url: string; status: number }[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/media/")) media.push({ url: response.url(), status: response.status() });
    });
    try {
      await page.goto(`/videos/${replay.entryId}`, { waitUntil: "load" });
      await waitForHydration(page);
      expect(await page.getByRole("button", { name: `Play ${replay.title}` }).count()).toBe(0);
      const lock = page.getByRole("region", { name: "Locked video" });
      await expect.poll(() => lock.getByRole("heading", { name: "To View This Video Please Log In or Register An Account" }).isVisible()).toBe(true);
      expect(await lock.getByText("Sign in to your account to watch videos").isVisible()).toBe(true);
      expect(await lock.getByRole("button", { name: "Log In Or Register" }).isVisible()).toBe(true);
      const html = await page.content();
      expect(html).not.toMatch(/\/media\/vod\//);
      // even asked directly, the gate and the media refuse
      const answer = await page.evaluate(async (entryId) => {
        const gate = await fetch("/api/playback", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ entryId }) });
        const file = await fetch(`/media/vod/${entryId}/480p/seg0.m4s`);
        return { gate: gate.status, file: file.status, type: file.headers.get("content-type") };
      }, replay.entryId);
      expect(answer).toEqual({ gate: 401, file: 401, type: "application/json" });
      expect(media.every((m) => m.status >= 400)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("the freemium account sees the tier message and opens the upgrade promo for that tier; logging out flips the lock without a reload", async () => {
    const replay = await midTierReplay();
    const { page, context } = await openPage(browser, `/videos/${replay.entryId}`, DESKTOP);
    try {
      await signInAs(page, "fan@rovers.test");
      await expect.poll(() => page.getByText("Subscribe to Rovers TV to watch").first().isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await page.getByRole("button", { name: `Play ${replay.title}` }).count()).toBe(0);
      // the upgrade promo does not open by itself once the entitlements are known
      await page.waitForTimeout(1500);
      expect(await page.getByRole("dialog", { name: /^Upgrade to/ }).count()).toBe(0);
      // the locked panel's tier button (the seeded Rovers TV record's text, spec §3 'Video
      // membership') opens it: a modal dialog for the tier this replay needs, its one button opening
      // the packages modal in its place (spec §2; below), focus inside, axe clean
      const upgrade = page.getByRole("region", { name: "Locked video" }).getByRole("button", { name: "Subscribe to Rovers TV", exact: true });
      await saveScreenshot(page, "locked-panel-tier");
      await upgrade.click();
      const promo = page.getByRole("dialog", { name: "Upgrade to Rovers TV" });
      await expect.poll(() => promo.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await promo.getByRole("button", { name: "Subscribe to Rovers TV", exact: true }).count()).toBe(1);
      expect(await promo.getByRole("button", { name: "Subscribe to Rovers TV+" }).count()).toBe(0);
      await expect.poll(() => promo.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      expect(await page.evaluate(() => document.body.classList.contains("is-locked"))).toBe(true);
      expect(await pageAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, "upgrade-promo");
      // Escape closes it, unlocks the page and gives focus back to the tier button
      await page.keyboard.press("Escape");
      await expect.poll(() => promo.count()).toBe(0);
      expect(await page.evaluate(() => document.body.classList.contains("is-locked"))).toBe(false);
      await expect.poll(() => upgrade.evaluate((el) => el === document.activeElement)).toBe(true);
      // the promo's 'Subscribe to Rovers TV' opens the packages modal in its place; Escape, and focus is back on the tier button
      await upgrade.click();
      await expect.poll(() => promo.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await promo.getByRole("button", { name: "Subscribe to Rovers TV", exact: true }).press("Enter");
      const packages = page.getByRole("dialog", { name: "Choose a subscription" });
      await expect.poll(() => packages.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await promo.count()).toBe(0);
      await expect.poll(() => packages.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => packages.count()).toBe(0);
      await expect.poll(() => upgrade.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.locator("header.site-header").getByRole("button", { name: "Profile" }).click();
      await page.locator("#account-panel").getByRole("button", { name: "Log Out" }).click();
      await expect
        .poll(() => page.getByRole("heading", { name: "To View This Video Please Log In or Register An Account" }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      expect(await page.getByText("Subscribe to Rovers TV to watch").count()).toBe(0);
      await signInAs(page, "fan@rovers.test");
      const gate = await page.evaluate(async (entryId) => {
        const res = await fetch("/api/playback", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ entryId }) });
        return { status: res.status, body: await res.json() };
      }, replay.entryId);
      expect(gate).toMatchObject({ status: 403, body: { errors: [{ code: "NOT_SUBSCRIBED" }] } });
    } finally {
      await context.close();
    }
  });

  it("a first visit to /videos downloads none of the player or hls.js", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
    const page = await context.newPage();
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
    });
    try {
      await page.goto("/videos", { waitUntil: "load" });
      await waitForHydration(page);
      const bodies = await Promise.all(scripts);
      expect(bodies.length).toBeGreaterThan(0);
      expect(bodies.some((b) => b.includes("backBufferLength"))).toBe(false);
    } finally {
      await context.close();
    }
  });
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`the seek bar shows the storyboard's picture under a pointer and under the arrow keys (${viewport.width} px)`, async () => {
      const { page, context, problems, replay, dialog } = await openReplayAsTv(viewport, "playing");
      try {
        await dialog.locator("video").evaluate((v: HTMLVideoElement) => v.pause());
        const bar = dialog.getByRole("slider", { name: "Seek" });
        await expect.poll(() => bar.isEnabled(), { timeout: 15_000 }).toBe(true);

        // A pointer over the bar, three quarters along: the sprite's tile for that time.
        const box = (await bar.boundingBox())!;
        await page.mouse.move(box.x + box.width * 0.75, box.y + box.height / 2);
        const thumb = dialog.getByTestId("seek-thumbnail");
        await expect.poll(() => thumb.isVisible(), { timeout: 10_000 }).toBe(true);
        const style = await thumb.evaluate((el: HTMLElement) => ({ image: el.style.backgroundImage, position: el.style.backgroundPosition }));
        expect(style.image).toMatch(new RegExp(`/media/vod/${replay.entryId}/storyboard\\.jpg\\?token=`));
        expect(style.position).toMatch(/^-\d+px -\d+px$/);
        expect(style.position).not.toBe("-0px -0px");
        // the sprite loads under the viewer's token
        expect(await thumb.evaluate(async (el: HTMLElement) => (await fetch(el.style.backgroundImage.slice(5, -2))).status)).toBe(200);
        await saveScreenshot(page, `video-player-storyboard-${viewport.width}`);
        await page.mouse.move(box.x + box.width / 2, box.y - 200);
        await expect.poll(() => thumb.count()).toBe(0);

        // The keyboard: focus on the bar, the arrows move 5 s and show the picture there.
        await bar.focus();
        await page.keyboard.press("ArrowRight");
        await expect.poll(() => thumb.isVisible()).toBe(true);
        await expect.poll(() => dialog.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(5);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it("the chapters under the player seek and play, by pointer and by keyboard, the current one marked, at 1440 and 375 px", async () => {
    const replay = await midTierReplay();
    const [video] = await queryD1<{ id: number }>("SELECT id FROM videos WHERE entry_id = ?1", [replay.entryId]);
    const third = Math.floor(replay.durationSeconds / 3);
    const chapters = [
      { at: 0, title: "Kick-off" },
      { at: third, title: "Rovers score" },
      { at: 2 * third, title: "Second half" },
    ];
    await queryD1("DELETE FROM video_chapters WHERE video_id = ?1", [video!.id]);
    for (const c of chapters) await queryD1("INSERT INTO video_chapters (video_id, start_seconds, title) VALUES (?1, ?2, ?3)", [video!.id, c.at, c.title]);
    try {
      for (const viewport of [DESKTOP, MOBILE]) {
        const { page, context, problems, dialog } = await openReplayAsTv(viewport, "playing", replay);
        try {
          const player = dialog.locator("video");
          const list = dialog.getByRole("navigation", { name: "Chapters" });
          const buttons = list.getByRole("button");
          expect(await list.locator(".video-chapters__time").allTextContents()).toEqual(chapters.map((c) => `${Math.floor(c.at / 60)}:${String(c.at % 60).padStart(2, "0")}`));
          expect(await list.locator(".video-chapters__name").allTextContents()).toEqual(chapters.map((c) => c.title));
          const current = () => list.locator('[aria-current="true"]').innerText();
          // Where it starts (the account's place may resume it past the first chapter): that one is marked, alone.
          // The resume (on loadedmetadata) has moved it by the time the picture has metadata.
          await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState >= 1 && !v.seeking), { timeout: 15_000 }).toBe(true);
          await player.evaluate((v: HTMLVideoElement) => v.pause());
          const startedAt = await player.evaluate((v: HTMLVideoElement) => v.currentTime);
          await expect.poll(current).toContain([...chapters].reverse().find((c) => c.at <= startedAt)!.title);
          expect(await list.locator("[aria-current]").count()).toBe(1);

          // The pointer: the second chapter, paused first, so "plays" is the button's doing.
          await player.evaluate((v: HTMLVideoElement) => {
            v.muted = true;
            v.pause();
          });
          await buttons.nth(1).click();
          await expect.poll(() => player.evaluate((v: HTMLVideoElement) => !v.paused), { timeout: 15_000 }).toBe(true);
          await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThanOrEqual(third);
          await expect.poll(current).toContain("Rovers score");

          // The keyboard: focus on the third, Enter.
          await player.evaluate((v: HTMLVideoElement) => v.pause());
          await buttons.nth(2).focus();
          await page.keyboard.press("Enter");
          await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThanOrEqual(2 * third);
          expect(await player.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
          await expect.poll(current).toContain("Second half");
          // 375 px: every button inside the overlay's width
          const widths = await buttons.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
          for (const right of widths) expect(right).toBeLessThanOrEqual(viewport.width);
          expect(await axeViolations(page, ".video-chapters")).toEqual([]);
          await saveScreenshot(page, `video-player-chapters-${viewport.width}`);
          expect(problems).toEqual([]);
        } finally {
          await context.close();
        }
      }
    } finally {
      await queryD1("DELETE FROM video_chapters WHERE video_id = ?1", [video!.id]);
    }
  });

  it("a video with no media yet says it is being processed, in words, at 375 and 1440 px", async () => {
    const replay = await midTierReplay();
    const sourceId = (await queryD1<{ source_id: string | null }>("SELECT source_id FROM videos WHERE entry_id = ?1", [replay.entryId]))[0]?.source_id ?? null;
    await queryD1("UPDATE videos SET source_id = NULL WHERE entry_id = ?1", [replay.entryId]);
    try {
      for (const viewport of [DESKTOP, MOBILE]) {
        const { page, context, dialog } = await openReplayAsTv(viewport, "processing", replay);
        try {
          const message = dialog.locator('[data-problem="processing"]');
          expect(await message.innerText()).toContain("This video is still being processed");
          expect(await dialog.getByText("There was a problem connecting to the video service").count()).toBe(0);
          await saveScreenshot(page, `video-player-processing-${viewport.width}`);
        } finally {
          await context.close();
        }
      }
    } finally {
      await queryD1("UPDATE videos SET source_id = ?2 WHERE entry_id = ?1", [replay.entryId, sourceId]);
    }
  });
});
