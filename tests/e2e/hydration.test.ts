// Hydration adopts the server's HTML: no region the server rendered is thrown away and drawn again.
// A store update that reaches a Suspense boundary before its chunk has hydrated makes React drop
// that boundary's server HTML and render it afresh (the footer vanished and came back, and a click
// on it could land on an element that was about to be removed). The store's context never changes
// (components subscribe), and the lower regions (the footer; the lower sections of / and /videos),
// which hydrate only when wanted, sit behind props that stay the same: each keeps its HTML until
// the reader comes near it, or a navigation starts.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, waitForFooter, waitForHydration, watchProblems, type Viewport } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Watched = Window & { __removed?: string[] };
type Recorded = Window & { __lowerWithPage?: number };

/** The regions the server rendered that must stay: the page's frame and the footer adverts. */
const FRAME = "header, footer, main, nav, .footer-adverts";
/** The sections of the pages' lower regions (src/components/lower-region/). */
const LOWER_SECTIONS = "#home-lower > section, #videos-lower > section";

/** A page whose removals of `watched` elements are recorded from the first byte. */
async function watchedPage(viewport: Viewport, watched = FRAME) {
  const context = await browser.newContext({ viewport, baseURL: BASE_URL });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.addInitScript((selector) => {
    const removed: string[] = ((window as Watched).__removed = []);
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        for (const node of mutation.removedNodes)
          if (node instanceof Element && node.matches(selector)) removed.push(`${node.nodeName.toLowerCase()}.${node.className}`);
    }).observe(document, { childList: true, subtree: true });
  }, watched);
  const removed = () => page.evaluate(() => (window as Watched).__removed);
  return { context, page, problems, removed };
}

describe("hydration", () => {
  it.each(["/", "/news", "/videos"])("keeps every server-rendered region of %s, the footer too when the reader reaches it", async (pathname) => {
    const { context, page, problems, removed } = await watchedPage(DESKTOP, `${FRAME}, ${LOWER_SECTIONS}`);
    try {
      await page.goto(pathname, { waitUntil: "load" });
      await waitForHydration(page, problems);
      // the login check and the experiments call answer after hydration: give them time to land
      await page.waitForLoadState("networkidle");
      expect(await removed()).toEqual([]);
      await waitForFooter(page);
      await page.waitForLoadState("networkidle");
      expect(await removed()).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("keeps the footer's HTML when a navigation starts before the reader reached it (375 px)", async () => {
    const { context, page, problems, removed } = await watchedPage(MOBILE);
    try {
      await page.goto("/", { waitUntil: "load" });
      await waitForHydration(page, problems);
      await page.waitForLoadState("networkidle");
      expect(await page.locator("#footer-region[data-hydrated]").count()).toBe(0);
      // the header's menu button opens the drawer; its News link navigates client-side
      await page.evaluate(() => document.querySelector<HTMLAnchorElement>('header a[href="/news"], nav a[href="/news"]')?.click());
      await page.waitForURL(`${BASE_URL}/news`);
      await page.locator("#footer-region[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
      expect(await page.getByRole("contentinfo").count()).toBe(1);
      expect(await removed()).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([
    { pathname: "/", region: "#home-lower", button: null },
    { pathname: "/videos", region: "#videos-lower", button: "Next: Highlights" },
  ])("$pathname: its lower region keeps the server's HTML and downloads nothing until the reader comes near, then answers (375 px)", async ({ pathname, region, button }) => {
    const { context, page, problems, removed } = await watchedPage(MOBILE, `${FRAME}, ${LOWER_SECTIONS}`);
    try {
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      });
      const html = (await (await page.goto(pathname, { waitUntil: "load" }))?.text()) ?? "";
      await waitForHydration(page, problems);
      await page.waitForLoadState("networkidle");
      const lower = page.locator(region);
      const sections = await lower.locator("> section").count();
      expect(sections).toBeGreaterThan(0);
      // In place in the server's HTML: not a boundary left to an inline script (the CSP blocks those).
      expect(html).toMatch(new RegExp(`id="${region.slice(1)}"[^>]*><!--\\$--><section`));
      expect(await page.locator(`${region}[data-hydrated]`).count()).toBe(0);
      const before = scripts.length;

      await lower.scrollIntoViewIfNeeded();
      await page.locator(`${region}[data-hydrated]`).waitFor({ state: "attached", timeout: 30_000 });
      // Its own chunk came now, not with the page.
      expect(scripts.length).toBeGreaterThan(before);
      expect(await lower.locator("> section").count()).toBe(sections);
      if (button) {
        // A carousel's buttons answer: the first step enables 'Previous'.
        const carousel = lower.locator("section.carousel").filter({ has: page.getByRole("button", { name: button }) });
        await carousel.getByRole("button", { name: button }).click();
        await expect.poll(() => carousel.getByRole("button", { name: /^Previous: / }).getAttribute("aria-disabled")).toBe("false");
      }
      expect(await removed()).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a navigation to / shows its lower region with the page, not after it (375 px)", async () => {
    const { context, page, problems } = await watchedPage(MOBILE);
    try {
      await page.goto("/news", { waitUntil: "load" });
      await waitForHydration(page, problems);
      // Record, at the first moment the home page is in the document, whether its lower region is filled.
      await page.evaluate(() => {
        const observer = new MutationObserver(() => {
          if (!document.querySelector(".home")) return;
          (window as Recorded).__lowerWithPage = document.querySelectorAll("#home-lower > section").length;
          observer.disconnect();
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
      await page.evaluate(() => document.querySelector<HTMLAnchorElement>('header a[href="/"]')?.click());
      await page.waitForURL(`${BASE_URL}/`);
      await page.locator(".home").waitFor();
      expect(await page.evaluate(() => (window as Recorded).__lowerWithPage)).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("keeps the dates the server printed on / without downloading date code; after a navigation the browser prints them (375 px)", async () => {
    const { context, page, problems } = await watchedPage(MOBILE);
    try {
      // dayjs's default format: in the date chunk, nowhere else
      const dateCode: string[] = [];
      page.on("response", async (response) => {
        if (response.request().resourceType() !== "script") return;
        const body = await response.body().catch(() => Buffer.from(""));
        if (body.includes("YYYY-MM-DDTHH:mm:ssZ")) dateCode.push(new URL(response.url()).pathname);
      });
      const served = (await (await page.goto("/", { waitUntil: "load" }))?.text()) ?? "";
      const printed = [...served.matchAll(/<time[^>]*>([^<]*)<\/time>/g)].map((m) => m[1]);
      expect(printed.length).toBeGreaterThan(3);
      expect(printed.every((text) => text !== "")).toBe(true);
      await waitForHydration(page, problems);
      await page.waitForLoadState("networkidle");
      const times = (scope: string) => page.locator(`${scope} time`).evaluateAll((els) => els.map((el) => el.textContent ?? ""));
      expect(await times("body")).toEqual(printed);
      expect(dateCode).toEqual([]);

      await page.evaluate(() => document.querySelector<HTMLAnchorElement>('header a[href="/news"], nav a[href="/news"]')?.click());
      await page.waitForURL(`${BASE_URL}/news`);
      await page.locator("main .news-card time").first().waitFor();
      // The cards' dates only: a match day another test starts puts the takeover's long date on the page too
      const listed = await times("main .news-card");
      expect(listed.length).toBeGreaterThan(3);
      for (const text of listed) expect(text).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
      expect(dateCode.length).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
