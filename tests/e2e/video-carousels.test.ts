// The video feed's sections on /videos are carousels (spec §2 Shared widgets, §9 per-view
// counts by type, one below 400 px): laid out by the server's HTML, no jump on hydration, stepped by
// keyboard, the lower ones filled in as the reader nears them, axe clean at 375 and 1440 px.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, BASE_URL, launchBrowser, openPage, waitForRegion, saveScreenshot, type Viewport } from "./support/browser";
import { axeViolations } from "./support/axe";
import { carouselPerView } from "../../src/domain/carousel-per-view";
import { videoHomeSchema } from "../../src/schemas/videos";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The carousel section headed `title`. */
const carouselNamed = (page: Page, title: string) => page.locator("section.carousel").filter({ has: page.getByRole("heading", { level: 2, name: title, exact: true }) });

/** Indexes of the slides wholly inside the track's box: what the supporter sees. */
const visibleSlides = (carousel: Locator) =>
  carousel.locator(".carousel__track").evaluate((track) => {
    const box = track.getBoundingClientRect();
    return [...track.children].flatMap((slide, i) => {
      const r = slide.getBoundingClientRect();
      return r.left >= box.left - 1 && r.right <= box.right + 1 ? [i] : [];
    });
  });
const range = (from: number, count: number) => [...Array(count).keys()].map((i) => i + from);

/** The feed as the page renders it: each video section's title, type and number of videos. */
async function feedSections(page: Page) {
  const home = videoHomeSchema.parse(await (await page.request.get(`${BASE_URL}/api/content/videos/home`)).json());
  return home.sections.filter((s) => s.videos.length > 0);
}

describe.each([
  ["375 px", MOBILE],
  ["1440 px", DESKTOP],
] as Array<[string, Viewport]>)("video carousels at %s", (_name, viewport) => {
  it("every video section is a carousel of its type, laid out by the server's HTML and unmoved by hydration", async () => {
    const context = await browser.newContext({ viewport, baseURL: BASE_URL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/videos", { waitUntil: "load" });
      const sections = await feedSections(page);
      expect(await page.locator("section.carousel:not(.category-carousel)").count()).toBe(sections.length);
      const [first] = sections;
      const carousel = carouselNamed(page, first!.title);
      expect(await carousel.getAttribute("data-type")).toBe(first!.type);
      const perView = carouselPerView(first!.type, viewport.width);
      expect(perView).toBe(viewport.width < 400 ? 1 : 3);
      await carousel.scrollIntoViewIfNeeded();
      expect(await visibleSlides(carousel)).toEqual(range(0, perView));
      const before = await carousel.boundingBox();
      const slideBefore = await carousel.locator(".carousel__slide").first().boundingBox();

      const hydrated = await openPage(browser, "/videos", viewport);
      try {
        const live = carouselNamed(hydrated.page, first!.title);
        await live.scrollIntoViewIfNeeded();
        expect(await visibleSlides(live)).toEqual(range(0, perView));
        const after = await live.boundingBox();
        const slideAfter = await live.locator(".carousel__slide").first().boundingBox();
        expect(after?.height).toBeCloseTo(before?.height ?? 0, 0);
        expect(slideAfter?.width).toBeCloseTo(slideBefore?.width ?? 0, 0);
        // Nothing in view moved while the page loaded and hydrated; a failure names what moved.
        const shifts = await hydrated.page.evaluate(
          () =>
            new Promise<{ total: number; moved: string[] }>((resolve) => {
              let total = 0;
              const moved: string[] = [];
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries() as Array<PerformanceEntry & { value?: number; sources?: Array<{ node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }> }>) {
                  total += entry.value ?? 0;
                  for (const source of entry.sources ?? []) {
                    const el = source.node instanceof Element ? source.node : source.node?.parentElement;
                    const name = el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.classList.length ? `.${[...el.classList].join(".")}` : ""}` : "?";
                    moved.push(`${name} @${Math.round(entry.startTime)}ms y ${Math.round(source.previousRect.y)}→${Math.round(source.currentRect.y)} h ${Math.round(source.previousRect.height)}→${Math.round(source.currentRect.height)}`);
                  }
                }
              }).observe({ type: "layout-shift", buffered: true });
              setTimeout(() => resolve({ total, moved }), 300);
            }),
        );
        expect(shifts.total, shifts.moved.join("\n")).toBeLessThan(0.01);
        expect(hydrated.problems).toEqual([]);
      } finally {
        await hydrated.context.close();
      }
    } finally {
      await context.close();
    }
  });

  it("steps by keyboard one slide at a time, previous disabled at the first; a lower carousel fills in as the reader nears it", async () => {
    const { context, page, problems } = await openPage(browser, "/videos", viewport);
    try {
      const sections = await feedSections(page);
      const [first] = sections;
      const perView = carouselPerView(first!.type, viewport.width);
      const carousel = carouselNamed(page, first!.title);
      const prev = carousel.getByRole("button", { name: `Previous: ${first!.title}` });
      const next = carousel.getByRole("button", { name: `Next: ${first!.title}` });
      await carousel.scrollIntoViewIfNeeded();
      // The feed's carousels are the page's lower region: they answer once it has hydrated.
      await waitForRegion(page, "videos-lower");
      expect(await carousel.locator(".carousel__slide").count()).toBe(first!.videos.length);
      await next.focus();
      expect(await prev.getAttribute("aria-disabled")).toBe("true");
      await page.keyboard.press("Enter");
      await expect.poll(() => visibleSlides(carousel)).toEqual(range(1, perView));
      await expect.poll(() => prev.getAttribute("aria-disabled")).toBe("false");
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Enter");
      await expect.poll(() => visibleSlides(carousel)).toEqual(range(0, perView));
      expect(await prev.evaluate((el) => el === document.activeElement)).toBe(true);
      // Each slide is a video's link, reached by Tab.
      expect(await carousel.locator(".carousel__slide a").first().getAttribute("href")).toBe(`/videos/${first!.videos[0]!.entryId}`);

      // The last section rendered its first view with the page and the rest once near the viewport.
      const last = sections.at(-1)!;
      const lower = carouselNamed(page, last.title);
      await lower.scrollIntoViewIfNeeded();
      await expect.poll(() => lower.locator(".carousel__slide").count()).toBe(last.videos.length);
      expect(await visibleSlides(lower)).toEqual(range(0, carouselPerView(last.type, viewport.width)));
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("is axe clean with every carousel filled in, each as tall as its first view was", async () => {
    const { context, page } = await openPage(browser, "/videos", viewport);
    try {
      const heights = () => page.locator("section.carousel").evaluateAll((sections) => sections.map((s) => Math.round(s.getBoundingClientRect().height)));
      const firstViews = await heights();
      const sections = await feedSections(page);
      for (const carousel of await page.locator("section.carousel").all()) await carousel.scrollIntoViewIfNeeded();
      // Filling in the rest of a carousel's slides moves nothing below it (a longer title among them too).
      const last = carouselNamed(page, sections.at(-1)!.title);
      await expect.poll(() => last.locator(".carousel__slide").count()).toBe(sections.at(-1)!.videos.length);
      expect(await heights()).toEqual(firstViews);
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, "video-carousels");
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
