// The search overlay (spec §2 'Search overlay', §4 'Search'), driven by the keyboard alone: open it
// from the header, type a word from the headlines, read the count, page forward and back, open an
// article (the route change closes it); an unmatched word; Escape returns focus; video results
// with Watch Now or a padlock by the visitor's entitlements; 400 px on desktop, full width on phones.
import type { Browser, Page } from "playwright-core";
import path from "node:path";
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, SCREENSHOT_DIR, launchBrowser, openPage, waitForHydration } from "./support/browser";
import { queryD1 } from "./support/d1";
import { waitUntilShown } from "./support/visibility";
import { isVideoLocked } from "../../src/domain/video-lock";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A word of the seeded headlines with more than two pages of matches, and how many there are. */
async function headlineWord(): Promise<{ word: string; found: number }> {
  for (const word of ["rovers", "match", "report", "team"]) {
    const [row] = await queryD1<{ n: number }>(`SELECT COUNT(*) AS n FROM news_fts WHERE news_fts MATCH '"${word}"*'`);
    if ((row?.n ?? 0) > 16) return { word, found: row!.n };
  }
  throw new Error("no headline word with more than 16 matches in the seed");
}

const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Search" });
const searchButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Search" });
const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? document.activeElement?.tagName ?? "");

async function openSearch(page: Page): Promise<void> {
  await searchButton(page).press("Enter");
  await waitUntilShown(dialogOf(page), true, 45_000);
  // Focus lands in the text field once the chunk has loaded and the dialog has rendered.
  await page.waitForFunction(() => document.activeElement?.id === "search-term", undefined, { timeout: 45_000 });
}

// Each test waits on real conditions; on the shared, loaded machine a search can take seconds.
describe("search overlay", { timeout: 180_000 }, () => {
  it("keyboard only: type, count, page forward and back, open an article; the route change closes it", async () => {
    const { word, found } = await headlineWord();
    const { page, context, problems } = await openPage(browser, "/", DESKTOP);
    try {
      await openSearch(page);
      const dialog = dialogOf(page);
      expect(await page.evaluate(() => document.body.classList.contains("is-locked"))).toBe(true);
      const box = await dialog.boundingBox();
      expect(box?.width).toBeCloseTo(400, 0);

      // Results as you type, without a request per keystroke.
      let newsRequests = 0;
      page.on("request", (request) => {
        if (request.url().includes("/api/news/search")) newsRequests++;
      });
      await page.keyboard.type(word);
      const count = dialog.getByText(`Showing 8 of ${found} results`);
      await waitUntilShown(count, true, 45_000);
      const titles = () => dialog.locator(".search-hit__title").allInnerTexts();
      const firstPage = await titles();
      expect(firstPage).toHaveLength(8);
      expect(newsRequests).toBeLessThan(word.length);

      // Page forward and back (Previous clamps at 0: pressing it on page 1 changes nothing).
      const pages = dialog.getByRole("navigation", { name: "Search results pages" });
      await pages.getByRole("button", { name: "Page 1" }).press("Enter");
      expect(await pages.getByRole("button", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
      await pages.getByRole("button", { name: /Next/ }).press("Enter");
      await page.waitForFunction(() => document.querySelector(".search-pages [aria-current=page]")?.textContent === "2", undefined, { timeout: 45_000 });
      // Page 2 is marked only once its hits are on screen, and focus stayed on Next through the load.
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toMatch(/^Next/);
      await waitUntilShown(count, true, 45_000);
      const secondPage = await titles();
      expect(secondPage).toHaveLength(8);
      expect(secondPage).not.toEqual(firstPage);
      await pages.getByRole("button", { name: /Previous/ }).press("Enter");
      await page.waitForFunction(() => document.querySelector(".search-pages [aria-current=page]")?.textContent === "1", undefined, { timeout: 45_000 });
      await page.waitForFunction((first) => document.querySelector(".search-hit__title")?.textContent === first, firstPage[0], { timeout: 45_000 });

      // Tab stays inside the dialog.
      for (let i = 0; i < 40; i++) await page.keyboard.press("Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);

      // Open the first article: the route change closes the overlay; the article opens as the news
      // child view over the page (tests/e2e/news-child-view.test.ts), which holds the scroll lock.
      const first = dialog.locator(".search-hit__link").first();
      const href = await first.getAttribute("href");
      await first.press("Enter");
      await page.waitForURL(`${BASE_URL}${href}`);
      await waitUntilShown(dialogOf(page), false, 45_000);
      const article = page.locator(".child-view");
      await waitUntilShown(article, true, 45_000);
      expect((await article.getByRole("heading", { level: 1 }).textContent())?.trim()).toBe(firstPage[0]);
      await expect.poll(() => page.evaluate(() => document.body.classList.contains("is-locked"))).toBe(true);
      await page.keyboard.press("Escape");
      await page.waitForURL(`${BASE_URL}/`);
      await waitUntilShown(article, false, 45_000);
      expect(await page.evaluate(() => document.body.classList.contains("is-locked"))).toBe(false);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("an unmatched word shows 'No results found'; a new term starts again at page 1; Escape closes and returns focus", async () => {
    const { word } = await headlineWord();
    const { page, context, problems } = await openPage(browser, "/news", DESKTOP);
    try {
      await openSearch(page);
      const dialog = dialogOf(page);
      await page.keyboard.type(word);
      const pages = dialog.getByRole("navigation", { name: "Search results pages" });
      await pages.getByRole("button", { name: /Next/ }).press("Enter", { timeout: 45_000 });
      await page.waitForFunction(() => document.querySelector(".search-pages [aria-current=page]")?.textContent === "2", undefined, { timeout: 45_000 });
      // A new term goes back to the first page.
      // (Focusing the field puts the caret at its start: go to the end before typing more.)
      await dialog.getByRole("searchbox").focus();
      await page.keyboard.press("End");
      await page.keyboard.type(` ${word}`);
      expect(await dialog.getByRole("searchbox").inputValue()).toBe(`${word} ${word}`);
      await page.waitForFunction(() => document.querySelector(".search-pages [aria-current=page]")?.textContent === "1", undefined, { timeout: 45_000 });

      await dialog.getByRole("searchbox").fill("");
      await dialog.getByRole("searchbox").press("z");
      await page.keyboard.type("qxwvunmatched");
      await waitUntilShown(dialog.getByText("No results found"), true, 45_000);
      expect(await dialog.locator(".search-hit").count()).toBe(0);

      await page.keyboard.press("Escape");
      await waitUntilShown(dialogOf(page), false);
      expect(await searchButton(page).evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.evaluate(() => document.body.classList.contains("is-locked"))).toBe(false);
      expect(await activeId(page)).not.toBe("search-term");
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("video results: Watch Now or a padlock by the visitor's entitlements; full width on a phone; screenshots", async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const viewport of [MOBILE, DESKTOP]) {
      const { page, context, problems } = await openPage(browser, "/", viewport);
      try {
        // The cookie popup would sit under the overlay in the screenshots.
        await context.addCookies([{ name: "cookie_consent", value: "1", url: BASE_URL }]);
        await page.reload({ waitUntil: "load" });
        await waitForHydration(page, problems);
        await openSearch(page);
        const dialog = dialogOf(page);
        const box = await dialog.boundingBox();
        expect(box?.width).toBeCloseTo(viewport.width === MOBILE.width ? MOBILE.width : 400, 0);

        const term = "highlights";
        await page.keyboard.type(term);
        const api = (await (await fetch(`${BASE_URL}/api/videos/search?title=${term}&pageSize=12`)).json()) as {
          items: { title: string; entitlements: string[] }[];
          total: number;
        };
        expect(api.total).toBeGreaterThan(0);
        const videos = dialog.getByRole("region", { name: "Videos" });
        // Below the news inside the panel's own scroll: rendered, not necessarily in view.
        await videos.getByText(api.total === 1 ? "Showing 1 result" : `Showing ${Math.min(12, api.total)} of ${api.total} results`).waitFor({ timeout: 45_000 });
        for (const video of api.items) {
          const locked = isVideoLocked({ videoEntitlements: video.entitlements, loggedIn: false, userEntitlements: null, bypassed: false });
          const name = `${locked ? "Locked" : "Watch Now"}: ${video.title}`;
          expect(await videos.getByRole("link", { name, exact: true }).count(), name).toBeGreaterThanOrEqual(1);
        }
        await waitUntilShown(dialog.getByRole("region", { name: "News" }), true);
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `search-${viewport.width}.png`) });
        await videos.getByRole("heading", { name: "Videos" }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `search-videos-${viewport.width}.png`) });
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  // Spec §9: the fetch helper's loader appears only for fetches slower than 200 ms.
  it("'Searching…' shows only for a search slower than 200 ms", async () => {
    const { word } = await headlineWord();
    const { page, context, problems } = await openPage(browser, "/", DESKTOP);
    try {
      // Every appearance of the loader, however short, is recorded.
      await page.evaluate(() => {
        const w = window as unknown as { __loaderSeen: number };
        w.__loaderSeen = 0;
        new MutationObserver(() => {
          if (document.querySelector(".search-panel__loader")) w.__loaderSeen++;
        }).observe(document.body, { childList: true, subtree: true });
      });
      const loaderSeen = () => page.evaluate(() => (window as unknown as { __loaderSeen: number }).__loaderSeen);
      // Answers held for a set time, from real answers fetched beforehand: the delay is the test's own.
      let holdMs = 0;
      const answers = new Map<string, { body: string; contentType: string }>();
      await page.route(/\/api\/(news|videos)\/search\?/, async (route) => {
        const url = route.request().url();
        let answer = answers.get(url);
        if (!answer) {
          const real = await route.fetch();
          answer = { body: await real.text(), contentType: real.headers()["content-type"] ?? "application/json" };
          answers.set(url, answer);
        }
        if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
        await route.fulfill({ status: 200, body: answer.body, contentType: answer.contentType });
      });
      await openSearch(page);
      const dialog = dialogOf(page);
      // warm the answers for this term, then search it again answered at once
      await page.keyboard.type(word);
      await dialog.getByText(/^Showing \d+ of \d+ results$/).first().waitFor({ timeout: 45_000 });
      await page.keyboard.press("Control+A");
      await page.keyboard.press("Backspace");
      await page.evaluate(() => ((window as unknown as { __loaderSeen: number }).__loaderSeen = 0));
      await page.keyboard.type(word);
      await dialog.getByText(/^Showing \d+ of \d+ results$/).first().waitFor({ timeout: 45_000 });
      expect(await loaderSeen()).toBe(0);

      // the next page, answered after 1.5 s: the loader shows while it waits
      holdMs = 1500;
      await dialog.getByRole("navigation", { name: "Search results pages" }).getByRole("button", { name: /Next/ }).press("Enter");
      await waitUntilShown(dialog.locator(".search-panel__loader"), true, 1400);
      await page.waitForFunction(() => document.querySelector(".search-pages [aria-current=page]")?.textContent === "2", undefined, { timeout: 45_000 });
      await waitUntilShown(dialog.locator(".search-panel__loader"), false);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
