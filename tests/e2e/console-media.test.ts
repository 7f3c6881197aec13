// The media library in the console, at 375 and 1440 px, as the editor demo account
// (editor@rovers.test): a photo made here (4000 × 3000, a real JPEG) is chosen, sent without alt
// text first (the error beside the field, the photo kept), then with alt text and a focal point moved
// by keyboard, over a slowed upload so the progress bar shows; it appears in the grid, served
// resized (a served width, far fewer bytes than the original); search finds it; it is deleted
// through the confirmation. Every state checked is axe clean.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, launchBrowser, type Viewport } from "./support/browser";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { openConsoleAs } from "./support/console";
import { makeJpeg } from "./support/photo";
import { MEDIA_WIDTHS } from "../../src/domain/media-image";
import { sniffImage } from "../../src/domain/image-sniff";

const WAIT = 120_000;

let browser: Browser;
let photo: Buffer;
beforeAll(async () => {
  browser = await launchBrowser();
  // A 4000 × 3000 JPEG, as a camera makes them.
  photo = await makeJpeg(4000, 3000);
}, WAIT);
afterAll(async () => {
  await browser?.close();
});

const openAs = (email: string, path: string, viewport: Viewport) => openConsoleAs(browser, email, path, viewport);

const expectAxeClean = (page: Page, name: string) => expectAxeCleanWhenIdle(page, name, WAIT);

describe("the media library", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`uploads a photo with alt text and a focal point, shows progress, lists it resized, finds and deletes it, at ${viewport.width} px`, async () => {
      const tag = `e2e-${viewport.width}-${Date.now().toString(36)}`;
      const { context, page } = await openAs("editor@rovers.test", "/admin/media", viewport);
      try {
        await expect.poll(() => page.getByRole("heading", { name: "Media library", level: 2 }).isVisible(), { timeout: WAIT }).toBe(true);
        await page.locator("#media-file").setInputFiles({ name: `${tag}.jpg`, mimeType: "image/jpeg", buffer: photo });
        const focal = page.locator("#media-focal");
        await expect.poll(() => focal.isVisible(), { timeout: WAIT }).toBe(true);

        // No alt text: the error beside the field, focus on it, the photo still chosen.
        await page.getByRole("button", { name: "Upload photo" }).click();
        const altError = page.locator("#media-alt-error");
        await expect.poll(() => altError.textContent(), { timeout: WAIT }).toBe("Describe the photo for people who cannot see it");
        const alt = page.locator("#media-alt");
        expect(await alt.getAttribute("aria-invalid")).toBe("true");
        expect(await alt.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await focal.isVisible()).toBe(true);
        await expectAxeClean(page, "console-media-error");

        // The focal point by keyboard: two steps right, one up.
        await focal.focus();
        await page.keyboard.press("ArrowRight");
        await page.keyboard.press("ArrowRight");
        await page.keyboard.press("ArrowUp");
        expect(await page.locator(".focal__where").getAttribute("data-focal")).toBe("0.6,0.45");

        // A slowed upload (CDP, ~400 KB/s up), so the progress bar is seen moving.
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 400_000 });
        await alt.fill(`Supporters at the ground ${tag}`);
        await page.getByRole("button", { name: "Upload photo" }).click();
        const progress = page.locator("progress#media-progress");
        await expect.poll(() => progress.isVisible(), { timeout: WAIT }).toBe(true);
        await expect.poll(async () => Number(await progress.getAttribute("value")), { timeout: WAIT }).toBeGreaterThan(0);
        await expect.poll(() => page.getByRole("status").filter({ hasText: `Uploaded ${tag}.jpg` }).count(), { timeout: WAIT }).toBe(1);
        await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

        // In the grid, served resized: a served width, far fewer bytes than the original.
        const card = page.locator("li.media-card").filter({ hasText: tag });
        await expect.poll(() => card.count(), { timeout: WAIT }).toBe(1);
        const picture = card.locator("img.media-card__picture");
        await picture.scrollIntoViewIfNeeded();
        await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: WAIT }).toBeGreaterThan(0);
        const currentSrc = await picture.evaluate((img: HTMLImageElement) => img.currentSrc);
        expect(currentSrc).toMatch(/\/images\/media\/\d+\/1\/\d+x\d+\.webp$/);
        const served = await page.request.get(currentSrc);
        expect(served.headers()["content-type"]).toBe("image/webp");
        const bytes = await served.body();
        // the bytes' own header: a served width at the card's 4:3, far fewer bytes than the original
        const size = sniffImage(new Uint8Array(bytes));
        expect(size?.type).toBe("image/webp");
        expect(MEDIA_WIDTHS as readonly number[]).toContain(size?.width);
        expect(size?.width).toBeLessThanOrEqual(640);
        expect(size?.height).toBe(Math.round(((size?.width ?? 0) * 3) / 4));
        expect(bytes.byteLength).toBeLessThan(photo.byteLength / 20);
        expect(await card.locator(".media-card__meta").textContent()).toContain("4000 × 3000");
        await expectAxeClean(page, "console-media");

        // Search by the alt text finds it alone.
        await page.locator("#media-q").fill(tag);
        await page.locator("#media-q").press("Enter");
        await page.waitForURL(/[?&]q=/, { timeout: WAIT });
        await expect.poll(() => page.locator("li.media-card").count(), { timeout: WAIT }).toBe(1);

        // Delete, through its confirmation (Cancel first: nothing happens, focus back on Delete).
        const remove = page.locator("li.media-card").first().getByRole("button", { name: /^Delete / });
        await remove.click();
        const confirm = page.locator("[data-confirm]");
        await expect.poll(() => confirm.isVisible(), { timeout: WAIT }).toBe(true);
        await expectAxeClean(page, "console-media-confirm");
        await confirm.getByRole("button", { name: "Cancel" }).click();
        await expect.poll(() => remove.evaluate((el) => el === document.activeElement), { timeout: WAIT }).toBe(true);
        await remove.click();
        await page.locator("[data-confirm]").getByRole("button", { name: "Yes, delete" }).click();
        await expect.poll(() => page.getByRole("status").filter({ hasText: `Deleted ${tag}.jpg` }).count(), { timeout: WAIT }).toBe(1);
        await expect.poll(() => page.locator(".media-empty").textContent(), { timeout: WAIT }).toContain("No photo matches");
        expect((await page.request.get(currentSrc)).status()).toBe(404);
      } finally {
        await context.close();
      }
    }, 300_000);
  }
});
