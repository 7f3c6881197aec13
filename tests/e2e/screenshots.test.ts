// Full-page screenshots of the main pages at the smallest and a desktop breakpoint, kept in
// test-results/screenshots/ to look at. Each page must also fit its width (no sideways scroll).
import { readFileSync } from "node:fs";
import type { Browser, Page, Request } from "playwright-core";
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

/**
 * The page's requests in flight, but for the tracker's batches (POST /api/events): the page never
 * reads their answer, so Chromium never counts them finished and the page would never be idle.
 */
function requestsInFlight(page: Page): Set<Request> {
  const inFlight = new Set<Request>();
  page.on("request", (request) => {
    if (new URL(request.url()).pathname !== "/api/events") inFlight.add(request);
  });
  page.on("requestfinished", (request) => inFlight.delete(request));
  page.on("requestfailed", (request) => inFlight.delete(request));
  return inFlight;
}

/** Until no request has been in flight for 500 ms (as Playwright's network idle), or 10 s. */
async function networkQuiet(inFlight: Set<Request>): Promise<void> {
  const deadline = Date.now() + 10_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (inFlight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Scrolls through the page so lazy images load, then back to the top. */
async function loadLazyContent(page: Page, inFlight: Set<Request>): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => setTimeout(resolve, 50));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo({ top: y, behavior: "instant" });
      await frame();
    }
    window.scrollTo({ top: 0, behavior: "instant" });
  });
  // The lazy images the scroll asked for come in; a courtesy wait, not an assertion.
  await networkQuiet(inFlight);
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
        const inFlight = requestsInFlight(page);
        try {
          expect(response?.status()).toBe(target.status);
          const accept = page.getByRole("dialog", { name: "Cookie consent" }).getByRole("button", { name: "Accept" });
          if (await accept.count()) await accept.click();
          await loadLazyContent(page, inFlight);

          // Nothing may stick out sideways; the culprits are named to make a failure easy to fix.
          const overflow = await page.evaluate(() => {
            const width = document.documentElement.clientWidth;
            const name = (el: Element) => `${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join("")}`;
            // Fixed layers and clipping or scrolling boxes (carousels) do not widen the page.
            const contained = (el: Element) => {
              for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
                const style = getComputedStyle(e);
                if (style.position === "fixed" || style.overflowX !== "visible") return true;
              }
              return false;
            };
            const found = new Map<Element, string>();
            for (const el of document.body.querySelectorAll("*")) {
              if (contained(el)) continue;
              const style = getComputedStyle(el);
              if (style.position === "fixed") continue;
              const box = el.getBoundingClientRect();
              if (box.right > width + 1) found.set(el, `${name(el)} (right ${Math.round(box.right)})`);
              else if (style.overflowX === "visible" && box.left + el.scrollWidth > width + 1) {
                found.set(el, `${name(el)} (content to ${Math.round(box.left + el.scrollWidth)}: ${JSON.stringify((el.textContent ?? "").trim().slice(0, 50))})`);
              }
              if (style.overflowX !== "visible") continue;
              for (const pseudo of ["::before", "::after"]) {
                const ps = getComputedStyle(el, pseudo);
                if (ps.content === "none" || ps.position !== "absolute") continue;
                const right = box.left + parseFloat(ps.left) + parseFloat(ps.width);
                if (right > width + 1) found.set(el, `${name(el)}${pseudo} (right ${Math.round(right)})`);
              }
            }
            // The innermost offenders say where to look.
            const culprits = [...found].filter(([el]) => ![...found.keys()].some((other) => other !== el && el.contains(other))).map(([, text]) => text);
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
