// The video carousel with category cards on /videos (spec §2 Shared widgets, §9
// per-view counts): laid out by the server's HTML, stepped by keyboard, axe clean at 375 and 1440 px.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import { DESKTOP, MOBILE, BASE_URL, SCREENSHOT_DIR, launchBrowser, openPage, waitForRegion, type Viewport } from "./support/browser";
import { axeViolations } from "./support/axe";
import { carouselPerView } from "../../src/domain/carousel-per-view";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The demo feed's category carousel: type full-4, every one of the eight categories. */
const TYPE = "full-4";
const CATEGORIES = 8;

/** Indexes of the cards wholly inside the track's box: what the supporter sees. */
const visibleCards = (carousel: Locator) =>
  carousel.locator(".carousel__track").evaluate((track) => {
    const box = track.getBoundingClientRect();
    return [...track.children].flatMap((card, i) => {
      const r = card.getBoundingClientRect();
      return r.left >= box.left - 1 && r.right <= box.right + 1 ? [i] : [];
    });
  });

const carouselIn = (page: Page) => page.locator("section.category-carousel");

describe.each([
  ["375 px", MOBILE, 1],
  ["1440 px", DESKTOP, 4],
] as Array<[string, Viewport, number]>)("category carousel at %s", (_name, viewport, perView) => {
  it(`shows ${perView} per view in the server's HTML already (no script), the same once hydrated`, async () => {
    expect(carouselPerView(TYPE, viewport.width)).toBe(perView);
    const context = await browser.newContext({ viewport, baseURL: BASE_URL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/videos", { waitUntil: "load" });
      const carousel = carouselIn(page);
      await carousel.scrollIntoViewIfNeeded();
      expect(await carousel.getAttribute("data-type")).toBe(TYPE);
      expect(await visibleCards(carousel)).toEqual([...Array(perView).keys()]);
      const before = await carousel.locator(".carousel__slide").first().boundingBox();

      const hydrated = await openPage(browser, "/videos", viewport);
      try {
        const live = carouselIn(hydrated.page);
        await live.scrollIntoViewIfNeeded();
        expect(await visibleCards(live)).toEqual([...Array(perView).keys()]);
        const after = await live.locator(".carousel__slide").first().boundingBox();
        expect(after?.width).toBeCloseTo(before?.width ?? 0, 0);
        expect(after?.height).toBeCloseTo(before?.height ?? 0, 0);
        expect(hydrated.problems).toEqual([]);
      } finally {
        await hydrated.context.close();
      }
    } finally {
      await context.close();
    }
  });

  it("steps by keyboard one card at a time: previous disabled at the first, next at the end, focus kept", async () => {
    const { context, page, problems } = await openPage(browser, "/videos", viewport);
    try {
      const carousel = carouselIn(page);
      const prev = carousel.getByRole("button", { name: "Previous: Browse by category" });
      const next = carousel.getByRole("button", { name: "Next: Browse by category" });
      await carousel.scrollIntoViewIfNeeded();
      // The feed's carousels are the page's lower region: they answer once it has hydrated.
      await waitForRegion(page, "videos-lower");
      await prev.focus();
      expect(await prev.getAttribute("aria-disabled")).toBe("true");
      await page.keyboard.press("Tab");
      expect(await next.evaluate((el) => el === document.activeElement)).toBe(true);

      const steps = CATEGORIES - perView;
      for (let step = 1; step <= steps; step++) {
        await page.keyboard.press("Enter");
        await expect.poll(() => visibleCards(carousel)).toEqual([...Array(perView).keys()].map((i) => i + step));
        expect(await prev.getAttribute("aria-disabled")).toBe("false");
      }
      await expect.poll(() => next.getAttribute("aria-disabled")).toBe("true");
      // At the end Enter does nothing, and the button keeps focus.
      await page.keyboard.press("Enter");
      await page.waitForTimeout(300);
      expect(await visibleCards(carousel)).toEqual([...Array(perView).keys()].map((i) => i + steps));
      expect(await next.evaluate((el) => el === document.activeElement)).toBe(true);
      await carousel.screenshot({ path: path.join(SCREENSHOT_DIR, `category-carousel-end-${viewport.width}.png`) });

      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Enter");
      await expect.poll(() => visibleCards(carousel)).toEqual([...Array(perView).keys()].map((i) => i + steps - 1));
      expect(await next.getAttribute("aria-disabled")).toBe("false");

      // Each card is a link to its category.
      const first = carousel.locator(".category-card").first();
      expect(await first.getAttribute("href")).toBe("/videos/channel/highlights");
      expect(await carousel.locator(".category-card").count()).toBe(CATEGORIES);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("the light style and the full-6 and full-3 types: axe clean, their own per-view counts", async () => {
    // The server renders the section row's type and style (tests/worker/category-carousel.test.ts);
    // here the rendered carousel takes the other values in place, so the site's data stays as it is.
    const { context, page } = await openPage(browser, "/videos", viewport);
    try {
      const carousel = carouselIn(page);
      await carousel.scrollIntoViewIfNeeded();
      for (const type of ["full-6", "full-3"] as const) {
        await carousel.evaluate((el, t) => {
          el.classList.replace("carousel--dark", "carousel--light");
          el.setAttribute("data-type", t);
        }, type);
        expect(await visibleCards(carousel)).toEqual([...Array(carouselPerView(type, viewport.width)).keys()]);
        await carousel.screenshot({ path: path.join(SCREENSHOT_DIR, `category-carousel-light-${type}-${viewport.width}.png`) });
        expect(await axeViolations(page)).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });

  it("is axe clean", async () => {
    const { context, page } = await openPage(browser, "/videos", viewport);
    try {
      await carouselIn(page).scrollIntoViewIfNeeded();
      await carouselIn(page).screenshot({ path: path.join(SCREENSHOT_DIR, `category-carousel-${viewport.width}.png`) });
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
