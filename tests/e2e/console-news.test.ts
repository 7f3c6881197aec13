// The console's News section at 375 and 1440 px: the editor demo account (editor@rovers.test)
// reaches it from the console's navigation by keyboard, finds an article by a word of its title,
// opens the list's next page, and each view is axe clean. Reads only: nothing to reset.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, openPage, waitForHydration } from "./support/browser";
import { signInAs } from "./support/demo-account";
import { consoleSections } from "./support/console";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { queryD1 } from "./support/d1";

const WAIT = 120_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAxeClean = (page: Page, name: string) => expectAxeCleanWhenIdle(page, name, WAIT);

describe("the console's News section", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`an editor lists, finds and pages the articles, at ${viewport.width} px`, async () => {
      const [newest] = await queryD1<{ slug: string; title: string }>("SELECT slug, title FROM news ORDER BY published_at DESC, id DESC LIMIT 1");
      const { context, page } = await openPage(browser, "/", viewport);
      try {
        await context.addCookies([{ name: "cookie_consent", value: "none", url: BASE_URL }]);
        await signInAs(page, "editor@rovers.test", "/");
        await page.goto("/admin/content/adverts", { waitUntil: "load" });
        await waitForHydration(page);
        // From the navigation, by keyboard.
        const link = (await consoleSections(page)).getByRole("link", { name: "News" });
        await link.focus();
        await page.keyboard.press("Enter");
        await page.waitForURL((url) => url.pathname === "/admin/news", { timeout: WAIT });
        const results = page.locator("#news-results");
        await expect.poll(() => results.textContent(), { timeout: WAIT }).toMatch(/^Articles 1 to 50 of \d+$/);
        expect(await page.locator("tbody tr").first().getAttribute("data-article")).toBe(newest!.slug);
        await expectAxeClean(page, `console-news-${viewport.width}`);

        // A word of the newest title finds it; the search is a URL.
        const word = newest!.title.split(/\s+/).find((w) => w.length > 4) ?? newest!.title;
        await page.getByLabel("Words in the title").fill(word);
        await page.getByLabel("Words in the title").press("Enter");
        await page.waitForURL((url) => url.searchParams.get("q") === word, { timeout: WAIT });
        await expect.poll(() => page.locator(`tr[data-article="${newest!.slug}"]`).count(), { timeout: WAIT }).toBe(1);

        // The next page of the whole list.
        await page.goto("/admin/news", { waitUntil: "load" });
        await waitForHydration(page);
        await page.getByRole("link", { name: "Older articles" }).click();
        await page.waitForURL((url) => url.searchParams.has("after") && url.searchParams.get("from") === "51", { timeout: WAIT });
        await expect.poll(() => results.textContent(), { timeout: WAIT }).toMatch(/^Articles 51 to \d+ of \d+$/);
        await expectAxeClean(page, `console-news-page-2-${viewport.width}`);
      } finally {
        await context.close();
      }
    }, 300_000);
  }
});
