// Full-page screenshots of the main pages at the smallest and a desktop breakpoint, kept in
// test-results/screenshots/ to look at. Each page must also fit its width (no sideways scroll).
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, launchBrowser, openPage, saveScreenshot } from "./support/browser";

const pages = [
  { name: "home", path: "/", status: 200 },
  { name: "contact-us", path: "/club-information/contact-us", status: 200 },
  { name: "404", path: "/no/such/page/here/x", status: 404 },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Scrolls through the page so lazy images load, then back to the top. */
async function loadLazyContent(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => setTimeout(resolve, 50));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo({ top: y, behavior: "instant" });
      await frame();
    }
    window.scrollTo({ top: 0, behavior: "instant" });
  });
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(400); // header transition back in
}

function pngSize(file: string): { width: number; height: number } {
  const png = readFileSync(file);
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe("screenshots", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    for (const target of pages) {
      it(`${target.name} at ${viewport.width} px`, async () => {
        const { page, context, response } = await openPage(browser, target.path, viewport);
        try {
          expect(response?.status()).toBe(target.status);
          const accept = page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept" });
          if (await accept.count()) await accept.click();
          await loadLazyContent(page);

          // Nothing may stick out sideways; the culprits are named to make a failure easy to fix.
          const overflow = await page.evaluate(() => {
            const width = document.documentElement.clientWidth;
            const name = (el: Element) => `${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join("")}`;
            // Fixed layers and scrolling strips (carousels) do not widen the page; skip what is inside them.
            const contained = (el: Element) => {
              for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
                const style = getComputedStyle(e);
                if (style.position === "fixed" || style.overflowX !== "visible") return true;
              }
              return false;
            };
            const culprits: string[] = [];
            for (const el of document.body.querySelectorAll("*")) {
              if (contained(el)) continue;
              const box = el.getBoundingClientRect();
              if (box.right > width + 1 && getComputedStyle(el).position !== "fixed") culprits.push(`${name(el)} (right ${Math.round(box.right)})`);
              for (const pseudo of ["::before", "::after"]) {
                const style = getComputedStyle(el, pseudo);
                if (style.content === "none" || style.position !== "absolute") continue;
                const right = box.left + parseFloat(style.left) + parseFloat(style.width);
                if (right > width + 1) culprits.push(`${name(el)}${pseudo} (right ${Math.round(right)})`);
              }
            }
            return { excess: document.documentElement.scrollWidth - width, culprits: culprits.slice(0, 8) };
          });
          expect(overflow.excess, `page wider than the window: ${overflow.culprits.join(", ")}`).toBeLessThanOrEqual(0);

          const file = await saveScreenshot(page, target.name);
          const size = pngSize(file);
          expect(size.width).toBe(viewport.width);
          expect(size.height).toBeGreaterThanOrEqual(viewport.height);
        } finally {
          await context.close();
        }
      });
    }
  }
});
