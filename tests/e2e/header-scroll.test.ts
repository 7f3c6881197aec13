// The header slides away while the supporter scrolls down and comes back on the way up.
import type { Page } from "playwright-core";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, launchBrowser, openPage } from "./support/browser";
import { waitForPlacement, waitUntilShown, type Placement } from "./support/visibility";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Shown with its top edge at the top of the window (allowing for sub-pixel rounding). */
const inPlace = (p: Placement) => p.shown && Math.abs(p.top) <= 1;

/** Scrolls in small steps, a frame apart, as a wheel or a finger does. */
async function scrollTo(page: Page, target: number): Promise<number> {
  return page.evaluate(async (to) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const step = to > window.scrollY ? 60 : -60;
    while (Math.abs(to - window.scrollY) > Math.abs(step)) {
      window.scrollBy({ top: step, behavior: "instant" });
      await frame();
    }
    window.scrollTo({ top: to, behavior: "instant" });
    await frame();
    await frame();
    return window.scrollY;
  }, target);
}

describe("header on scroll", () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`hides on scroll down and shows on scroll up (${viewport.width} px)`, async () => {
      const { page, context, problems } = await openPage(browser, "/", viewport);
      try {
        const header = page.getByRole("banner");
        await waitForPlacement(header, inPlace, "whole at the top of the window");

        const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
        expect(height, "the home page is long enough to scroll").toBeGreaterThan(1600);

        expect(await scrollTo(page, 1500)).toBeGreaterThan(1400);
        await waitUntilShown(header, false);

        expect(await scrollTo(page, 1100)).toBeLessThan(1200);
        // Back at the top edge of the window, whole, not just a sliver of it.
        await waitForPlacement(header, inPlace, "back, whole, at the top of the window");

        // Down again hides it again; at the very top it is always there.
        await scrollTo(page, 1500);
        await waitUntilShown(header, false);
        await scrollTo(page, 0);
        await waitForPlacement(header, inPlace, "whole at the top of the window");
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
