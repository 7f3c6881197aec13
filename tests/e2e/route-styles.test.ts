// A page's own stylesheet (beside it in src/routes/<family>/) on a client-side navigation: React holds the new
// page back until its stylesheet has loaded, so even its first frame is styled. The stylesheet is
// slowed down here so that a page shown before it arrived would be caught unstyled.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const STYLESHEET_DELAY_MS = 1_500;

describe("route stylesheets", () => {
  it("are not linked by a page without rules of its own", async () => {
    const { page, context } = await openPage(browser, "/news", DESKTOP);
    try {
      const sheets = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => l.getAttribute("href")));
      expect(sheets).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it("style the first frame of a page reached by a client-side navigation (/news → /videos)", async () => {
    const { page, context, problems } = await openPage(browser, "/news", DESKTOP);
    try {
      await page.route(/\/build\/videos-[\w-]+\.css$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, STYLESHEET_DELAY_MS));
        await route.continue();
      });
      // The live card's status badge is placed by the videos stylesheet alone (position: absolute;
      // unstyled it is static). Record its position the moment it enters the document: a mutation
      // observer runs before the browser paints that frame.
      await page.evaluate(() => {
        const seen: { position: string; sheetLoaded: boolean }[] = [];
        Reflect.set(window, "__firstFrame", seen);
        new MutationObserver((_, observer) => {
          const badge = document.querySelector(".live-card__status");
          if (!badge) return;
          seen.push({ position: getComputedStyle(badge).position, sheetLoaded: [...document.styleSheets].some((s) => /\/build\/videos-/.test(s.href ?? "")) });
          observer.disconnect();
        }).observe(document.body, { childList: true, subtree: true });
      });
      const started = Date.now();
      await page.locator('a[href="/videos"]:visible').first().click();
      await page.waitForURL("**/videos");
      await page.locator(".live-card__status").first().waitFor();
      const waited = Date.now() - started;
      const firstFrame: unknown = await page.evaluate(() => Reflect.get(window, "__firstFrame"));
      expect(firstFrame).toEqual([{ position: "absolute", sheetLoaded: true }]);
      // the page did wait for the slowed stylesheet (so the check above saw it arrive)
      expect(waited).toBeGreaterThanOrEqual(STYLESHEET_DELAY_MS);
      const sheets = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => l.getAttribute("href")));
      expect(sheets).toHaveLength(2);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
