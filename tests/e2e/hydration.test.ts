// Hydration adopts the server's HTML: no region the server rendered is thrown away and drawn again.
// A store update that reaches a Suspense boundary before its chunk has hydrated makes React drop
// that boundary's server HTML and render it afresh (the footer vanished and came back, and a click
// on it could land on an element that was about to be removed). The store's context never changes
// (components subscribe), and the footer, which hydrates only when wanted, sits behind props that
// stay the same: it keeps its HTML until the reader comes near it, or a navigation starts.
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

/** A page whose removals of header, footer, main, nav and the footer adverts are recorded from the first byte. */
async function watchedPage(viewport: Viewport) {
  const context = await browser.newContext({ viewport, baseURL: BASE_URL });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.addInitScript(() => {
    const removed: string[] = ((window as Watched).__removed = []);
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        for (const node of mutation.removedNodes)
          if (node instanceof Element && node.matches("header, footer, main, nav, .footer-adverts")) removed.push(`${node.nodeName.toLowerCase()}.${node.className}`);
    }).observe(document, { childList: true, subtree: true });
  });
  const removed = () => page.evaluate(() => (window as Watched).__removed);
  return { context, page, problems, removed };
}

describe("hydration", () => {
  it.each(["/", "/news", "/videos"])("keeps every server-rendered region of %s, the footer too when the reader reaches it", async (pathname) => {
    const { context, page, problems, removed } = await watchedPage(DESKTOP);
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
      const listed = await times("main");
      expect(listed.length).toBeGreaterThan(3);
      for (const text of listed) expect(text).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
      expect(dateCode.length).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
