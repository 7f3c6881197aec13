// Client navigations take their data from the worker (one route-data request per navigation, the
// route's loader run on the server): Back and Forward show the right page with its data, a
// navigation without a network shows the error page, and the app goes on once the network is back.
import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage } from "./support/browser";
import { textOf } from "./support/visibility";
import { ROUTE_DATA_HEADER } from "../../src/app/route-data";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const heading = (page: Page) => page.getByRole("main").getByRole("heading", { level: 1 });
const clickHeaderLink = (page: Page, name: string) => page.locator("header.site-header").getByRole("link", { name, exact: true }).first().click();
const isRouteData = (request: Request) => request.headers()[ROUTE_DATA_HEADER.toLowerCase()] !== undefined;

describe("navigation data from the worker", { timeout: 120_000 }, () => {
  it("asks once per navigation; Back and Forward show each page with its own data", async () => {
    const { page, context, problems } = await openPage(browser, "/", DESKTOP);
    try {
      const asked: string[] = [];
      page.on("request", (request) => {
        if (isRouteData(request)) asked.push(`${new URL(request.url()).pathname} ${request.headers()[ROUTE_DATA_HEADER.toLowerCase()]}`);
      });
      await clickHeaderLink(page, "News");
      await page.waitForURL((url) => url.pathname === "/news");
      await expect.poll(() => textOf(heading(page))).toBe("News");
      expect(await page.locator("main .news-card").count()).toBeGreaterThan(0);
      expect(asked).toEqual(["/news news"]);

      await clickHeaderLink(page, "Teams");
      await page.waitForURL((url) => url.pathname === "/teams");
      await expect.poll(() => page.locator("main a[href^='/teams/']").count()).toBeGreaterThan(0);
      const teamsHeading = await textOf(heading(page));
      expect(asked).toEqual(["/news news", "/teams teams"]);

      await page.goBack();
      await page.waitForURL((url) => url.pathname === "/news");
      await expect.poll(() => textOf(heading(page))).toBe("News");
      expect(await page.locator("main .news-card").count()).toBeGreaterThan(0);
      expect(await page.locator("main a[href^='/teams/']").count()).toBe(0);

      await page.goBack();
      await page.waitForURL((url) => url.pathname === "/");
      // The News page has news cards too: wait for the home page's own title, not for a card.
      await expect.poll(() => page.title()).not.toMatch(/^News \|/);
      expect(await page.locator("main .news-card").count()).toBeGreaterThan(0);

      await page.goForward();
      await page.waitForURL((url) => url.pathname === "/news");
      await expect.poll(() => textOf(heading(page))).toBe("News");
      await page.goForward();
      await page.waitForURL((url) => url.pathname === "/teams");
      await expect.poll(() => textOf(heading(page))).toBe(teamsHeading);
      // Every navigation asked for its own route's data, and only that (the root's never again).
      expect(asked.every((a) => !a.endsWith(" root"))).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("without a network a navigation shows the error page; back online, the next navigation works", async () => {
    const { page, context } = await openPage(browser, "/", DESKTOP);
    try {
      // The News page's code first (a page chunk that fails reloads the document, spec §8), so
      // only its data is missing when the network goes.
      await clickHeaderLink(page, "News");
      await page.waitForURL((url) => url.pathname === "/news");
      await expect.poll(() => textOf(heading(page))).toBe("News");
      await page.goBack();
      await page.waitForURL((url) => url.pathname === "/");
      await expect.poll(() => page.locator("main .news-card").count()).toBeGreaterThan(0);
      await page.waitForLoadState("networkidle");
      await context.setOffline(true);
      await clickHeaderLink(page, "News");
      await expect.poll(() => textOf(heading(page)), { timeout: 30_000 }).toBe("500 error");
      expect(await page.getByText("Sorry, it looks like the page you are looking for isn't available right now.").isVisible()).toBe(true);
      // The header still works, and so does the app once the network is back.
      await context.setOffline(false);
      await clickHeaderLink(page, "Teams");
      await page.waitForURL((url) => url.pathname === "/teams");
      await expect.poll(() => page.locator("main a[href^='/teams/']").count(), { timeout: 30_000 }).toBeGreaterThan(0);
      expect(await textOf(heading(page))).not.toMatch(/error/);
      await clickHeaderLink(page, "News");
      await page.waitForURL((url) => url.pathname === "/news");
      await expect.poll(() => textOf(heading(page)), { timeout: 30_000 }).toBe("News");
    } finally {
      await context.close();
    }
  });
});
