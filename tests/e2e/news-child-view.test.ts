// The news item child view (spec §2 Layouts, default layout): an article opened from a listing
// opens over it with its own URL; the listing stays underneath, keeps its scroll position and gets
// the focus back on the card when the article closes (Escape, the close button, Back); Forward
// reopens it; from /news, a category listing, a dated listing, the home page's rail and the search
// overlay's results (focus then back on the search button); a modified click stays the
// browser's; the article's URL loaded directly is the full server-rendered page.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, openPage, saveScreenshot, waitForHydration } from "./support/browser";
import { axeViolations } from "./support/axe";
import { waitUntilShown } from "./support/visibility";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const childView = (page: Page) => page.locator(".child-view");
const listingHeading = (page: Page) => page.locator(".child-view-under h1");
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
/** The focused link's href, or the focused element's tag and name (what a failure shows). */
const focusedHref = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    return focused?.getAttribute("href") ?? `${focused?.tagName} ${focused?.getAttribute("aria-label") ?? focused?.textContent?.trim().slice(0, 40) ?? ""}`;
  });

/** A promise the test resolves when it chooses: a response held until then. */
function gate(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** Scrolls /news down to a card below the fold, focuses it by keyboard and opens it with Enter. */
async function openCardByKeyboard(page: Page): Promise<{ href: string; title: string; y: number }> {
  const cards = page.locator("main .news-card__link");
  const card = cards.nth(Math.min(5, (await cards.count()) - 1));
  await card.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 120));
  const y = await scrollY(page);
  expect(y).toBeGreaterThan(200);
  await card.focus({ preventScroll: true } as never);
  const href = (await card.getAttribute("href"))!;
  const title = (await card.locator(".news-card__title").textContent())!.trim();
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === href);
  await waitUntilShown(childView(page), true, 30_000);
  return { href, title, y };
}

describe("news item child view", { timeout: 120_000 }, () => {
  it("opens over /news by keyboard, closes with Escape, Back and Forward, and keeps the listing's place", async () => {
    const { page, context, problems } = await openPage(browser, "/news", DESKTOP);
    try {
      let listingRequests = 0;
      page.on("request", (request) => {
        // the listing's data, as a navigation asks the worker for it (the route-data header)
        if (new URL(request.url()).pathname === "/news" && request.headers()["x-route-data"] !== undefined) listingRequests++;
      });
      const { href, title, y } = await openCardByKeyboard(page);

      // The article in the dialog, named by and focused on its heading; the listing underneath.
      const dialog = childView(page);
      await expect.poll(() => dialog.getAttribute("aria-modal")).toBe("true");
      expect((await dialog.getByRole("heading", { level: 1 }).textContent())?.trim()).toBe(title);
      expect(await page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null)).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
      expect(await listingHeading(page).count()).toBe(1);
      expect(await listingHeading(page).textContent()).toBe("News");
      expect(await page.locator(`.child-view-under a[href="${href}"]`).count()).toBeGreaterThan(0);
      expect(await scrollY(page)).toBe(y);
      // One head, the article's.
      expect(await page.title()).toContain(title.slice(0, 20));
      expect(await page.locator("head title").count()).toBe(1);
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(new RegExp(`${href}$`));

      // Escape: back to /news, same place, focus on the card; the listing was not fetched again.
      await page.keyboard.press("Escape");
      await page.waitForURL((url) => url.pathname === "/news");
      await waitUntilShown(dialog, false, 30_000);
      await expect.poll(() => focusedHref(page)).toBe(href);
      expect(await scrollY(page)).toBe(y);
      expect(listingRequests).toBe(0);
      expect(await page.title()).toMatch(/^News \|/);

      // Forward reopens the article over the listing; Back closes it again.
      await page.goForward();
      await page.waitForURL((url) => url.pathname === href);
      await waitUntilShown(dialog, true, 30_000);
      expect(await listingHeading(page).count()).toBe(1);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === "/news");
      await waitUntilShown(dialog, false, 30_000);
      expect(await scrollY(page)).toBe(y);

      // The close button does the same.
      await page.goForward();
      await waitUntilShown(dialog, true, 30_000);
      await page.getByRole("button", { name: "Close article" }).click();
      await page.waitForURL((url) => url.pathname === "/news");
      await waitUntilShown(dialog, false, 30_000);
      expect(await scrollY(page)).toBe(y);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // The slowest order a navigation can take: the footer (a lower region still waiting for its code,
  // which a navigation must hydrate first) holds the router's transition until the article's data
  // has come, so its loading state is never drawn; the listing then turns inert and drops the
  // focus to the body, and the dialog's own code comes last. Focus must still start on the
  // article's heading and go back to the card that opened it.
  for (const { viewport, closeBy } of [
    { viewport: DESKTOP, closeBy: "Escape" },
    { viewport: MOBILE, closeBy: "the close button" },
  ] as const) {
    it(`on a slow connection at ${viewport.width} px focus is on the article's heading as the dialog shows, and back on the card after ${closeBy}`, async () => {
      const { page, context, problems } = await openPage(browser, "/news", viewport);
      try {
        const held = { dialog: gate(), footer: gate() };
        await page.route("**/build/*.js", async (route) => {
          const response = await route.fetch();
          const code = await response.text();
          if (code.includes("child-view__close")) await held.dialog.promise;
          if (code.includes("site-footer__bottom")) await held.footer.promise;
          await route.fulfill({ response });
        });
        // Where focus is at the first moment the dialog is in the page (an observer's callback runs
        // once the commit that added it is done, before anything is painted).
        await page.evaluate(() => {
          const observer = new MutationObserver(() => {
            const dialog = document.querySelector(".child-view");
            if (!dialog) return;
            observer.disconnect();
            document.documentElement.dataset.focusAsShown = `${document.activeElement?.tagName} inside=${dialog.contains(document.activeElement)}`;
          });
          observer.observe(document.body, { childList: true });
        });
        const card = page.locator("main .news-card__link").nth(2);
        const href = (await card.getAttribute("href"))!;
        await card.focus();
        // The footer's code has not come yet: the navigation asks for it, and waits for it.
        expect(await page.locator("#footer-region[data-hydrated]").count()).toBe(0);
        await page.keyboard.press("Enter");
        await page.waitForURL((url) => url.pathname === href);
        held.footer.resolve();
        await page.locator(".child-view-under[inert]").waitFor({ state: "attached" });
        await expect.poll(() => page.evaluate(() => document.activeElement === document.body)).toBe(true);
        held.dialog.resolve();
        await waitUntilShown(childView(page), true, 30_000);
        expect(await page.locator("html").getAttribute("data-focus-as-shown")).toBe("H1 inside=true");

        if (closeBy === "Escape") await page.keyboard.press("Escape");
        else {
          // The close button comes before the article: Shift+Tab from its heading, past the
          // article's links above the heading (its category).
          for (let i = 0; i < 5 && (await focusedHref(page)) !== "BUTTON Close article"; i++) await page.keyboard.press("Shift+Tab");
          expect(await focusedHref(page)).toBe("BUTTON Close article");
          await page.keyboard.press("Enter");
        }
        await page.waitForURL((url) => url.pathname === "/news");
        await waitUntilShown(childView(page), false, 30_000);
        await expect.poll(() => focusedHref(page)).toBe(href);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it("opens from a category listing and the home page's news rail by click, not from a modified click", async () => {
    const { page, context } = await openPage(browser, "/category/tickets", DESKTOP);
    try {
      const card = page.locator("main .news-card__link").first();
      const href = (await card.getAttribute("href"))!;
      // Ctrl+click is the browser's (a new tab): this page stays the category listing.
      const opened = context.waitForEvent("page");
      await card.click({ modifiers: ["ControlOrMeta"] });
      await (await opened).close();
      expect(new URL(page.url()).pathname).toBe("/category/tickets");
      expect(await childView(page).count()).toBe(0);

      await card.click();
      await page.waitForURL((url) => url.pathname === href);
      await waitUntilShown(childView(page), true, 30_000);
      expect(await page.locator(".child-view-under .news-card__link").count()).toBeGreaterThan(0);

      await page.goto("/", { waitUntil: "load" });
      await waitForHydration(page);
      const homeCard = page.locator("main .news-card__link").first();
      await homeCard.scrollIntoViewIfNeeded();
      await homeCard.waitFor();
      const homeHref = (await homeCard.getAttribute("href"))!;
      await homeCard.click();
      await page.waitForURL((url) => url.pathname === homeHref);
      await waitUntilShown(childView(page), true, 30_000);
      await page.getByRole("button", { name: "Close article" }).click();
      await page.waitForURL((url) => url.pathname === "/");
    } finally {
      await context.close();
    }
  });

  it("opens from a dated listing by keyboard: Escape, Back and Forward, focus back on the card", async () => {
    const { page, context, problems } = await openPage(browser, "/news/2024/11", DESKTOP);
    try {
      expect((await page.locator("main h1").textContent())?.trim()).toBe("News November 2024");
      const card = page.locator("main .news-card__link").first();
      const href = (await card.getAttribute("href"))!;
      await card.focus();
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === href);
      await waitUntilShown(childView(page), true, 30_000);
      expect((await listingHeading(page).textContent())?.trim()).toBe("News November 2024");
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("H1");

      await page.keyboard.press("Escape");
      await page.waitForURL((url) => url.pathname === "/news/2024/11");
      await waitUntilShown(childView(page), false, 30_000);
      await expect.poll(() => focusedHref(page)).toBe(href);
      await page.goForward();
      await waitUntilShown(childView(page), true, 30_000);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === "/news/2024/11");
      await waitUntilShown(childView(page), false, 30_000);
      expect(await page.locator("main h1").count()).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`opens from the search overlay's results over any page at ${viewport.width} px: Escape, Back and Forward, focus back on the search button; axe clean`, async () => {
      const { page, context, problems } = await openPage(browser, "/teams", viewport);
      try {
        const searchButton = page.getByRole("banner").getByRole("button", { name: "Search" });
        await searchButton.press("Enter");
        await page.waitForFunction(() => document.activeElement?.id === "search-term", undefined, { timeout: 45_000 });
        await page.keyboard.type("Thornton");
        const hit = page.getByRole("dialog", { name: "Search" }).locator(".search-hit__link").first();
        await hit.waitFor({ timeout: 45_000 });
        const href = (await hit.getAttribute("href"))!;
        const title = (await hit.locator(".search-hit__title").textContent())!.trim();
        await hit.focus();
        await page.keyboard.press("Enter");
        await page.waitForURL((url) => url.pathname === href);

        // The search overlay closed with the route change; the article is over the teams page.
        const dialog = childView(page);
        await waitUntilShown(dialog, true, 30_000);
        await waitUntilShown(page.getByRole("dialog", { name: "Search" }), false, 30_000);
        expect((await dialog.getByRole("heading", { level: 1 }).textContent())?.trim()).toBe(title);
        expect((await listingHeading(page).textContent())?.trim()).toBe("Teams");
        await expect.poll(() => page.evaluate(() => document.body.classList.contains("is-locked"))).toBe(true);
        await saveScreenshot(page, "news-child-view-from-search");
        expect(await axeViolations(page)).toEqual([]);

        const onSearchButton = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent?.trim() ?? "");
        const searchName = (await searchButton.getAttribute("aria-label")) ?? (await searchButton.textContent())?.trim() ?? "";
        await page.keyboard.press("Escape");
        await page.waitForURL((url) => url.pathname === "/teams");
        await waitUntilShown(dialog, false, 30_000);
        await expect.poll(onSearchButton).toBe(searchName);
        expect(await page.evaluate(() => document.body.classList.contains("is-locked"))).toBe(false);

        await page.goForward();
        await page.waitForURL((url) => url.pathname === href);
        await waitUntilShown(dialog, true, 30_000);
        await page.goBack();
        await page.waitForURL((url) => url.pathname === "/teams");
        await waitUntilShown(dialog, false, 30_000);
        await expect.poll(onSearchButton).toBe(searchName);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it("a direct load of an article is the full page, with no listing underneath", async () => {
    const { page, context } = await openPage(browser, "/news/callum-thornton-named-player-of-the-month-for-october", DESKTOP);
    try {
      expect(await page.locator(".child-view").count()).toBe(0);
      // The article alone: one h1, its own, and no listing's cards or pagination.
      const headings = page.locator("main h1");
      expect(await headings.count()).toBe(1);
      expect(await headings.textContent()).toContain("Callum Thornton");
      expect(await page.locator("main .pagination, main nav[aria-label*='agination']").count()).toBe(0);
      // The server never renders a child view: a reload of a child view's entry is this page too.
      const html = await (await page.request.get(`${BASE_URL}/news/callum-thornton-named-player-of-the-month-for-october`)).text();
      expect(html).not.toContain('class="child-view"');
    } finally {
      await context.close();
    }
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`is axe clean with the child view open at ${viewport.width} px`, async () => {
      const { page, context } = await openPage(browser, "/news", viewport);
      try {
        await openCardByKeyboard(page);
        await saveScreenshot(page, "news-child-view");
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
