// Hydration adopts the server's HTML: no region the server rendered is thrown away and drawn again.
// A store update that reaches a Suspense boundary before its chunk has hydrated makes React drop
// that boundary's server HTML and render it afresh (the footer vanished and came back, and a click
// on it could land on an element that was about to be removed). Background updates are transitions.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, launchBrowser, waitForHydration, watchProblems } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Watched = Window & { __removed?: string[] };

describe("hydration", () => {
  it.each(["/", "/news", "/videos"])("keeps every server-rendered region of %s", async (pathname) => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
    const page = await context.newPage();
    const problems = watchProblems(page);
    try {
      await page.addInitScript(() => {
        const removed: string[] = ((window as Watched).__removed = []);
        new MutationObserver((mutations) => {
          for (const mutation of mutations)
            for (const node of mutation.removedNodes)
              if (node instanceof Element && node.matches("header, footer, main, nav, .footer-adverts")) removed.push(`${node.nodeName.toLowerCase()}.${node.className}`);
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(pathname, { waitUntil: "load" });
      await waitForHydration(page, problems);
      // the login check and the advert draw answer after hydration: give them time to land
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => (window as Watched).__removed)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
