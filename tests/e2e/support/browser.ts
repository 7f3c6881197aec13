// One Chromium per test file (Debian's, at /usr/bin/chromium), a fresh context per test, and the
// page problems (console errors, uncaught errors, hydration warnings) collected for assertions.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page, type Response } from "playwright-core";
import { PROMO_SEEN_COOKIE_NAME } from "../../../src/domain/promo-window";
import { queryD1 } from "./d1";
import { BASE_URL } from "./base-url";

export { BASE_URL };
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../../../test-results/screenshots");

export const MOBILE = { width: 375, height: 812 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;
export type Viewport = { width: number; height: number };

/**
 * Every new context starts with the overlay promos already seen (the promo cookie listing every
 * promo id), so the seeded promo's modal does not cover the pages other tests drive;
 * tests/e2e/overlay-promo.test.ts clears the cookie to meet it. `ignoreDefaultArgs` drops some of
 * Playwright's own switches (the back/forward cache test needs the cache Playwright turns off).
 */
export async function launchBrowser(options: { ignoreDefaultArgs?: string[] } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    ...options,
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    // Each context a supporter of its own address: behind wrangler dev every browser would be one
    // address, and a file signing one demo account in more than 10 times a minute from one address
    // would meet the per-(account, address) burst limit (worker/auth/sign-in-guard.ts) and wait for
    // the next minute. Cloudflare sets this header itself in production; locally the worker takes
    // it from the request.
    const headers = { "cf-connecting-ip": nextAddress(), ...options?.extraHTTPHeaders };
    const context = await newContext({ ...options, extraHTTPHeaders: headers });
    await context.addCookies([{ name: PROMO_SEEN_COOKIE_NAME, value: await allPromoIds(), url: BASE_URL }]);
    return context;
  };
  return browser;
}

let contexts = 0;
/** 10.x.y.z, different for every context of every file of the run (the pid keeps files apart). */
function nextAddress(): string {
  contexts += 1;
  return `10.${process.pid % 256}.${(contexts >> 8) % 256}.${contexts % 256}`;
}

let promoIds: string | null = null;
async function allPromoIds(): Promise<string> {
  promoIds ??= (await queryD1<{ id: number }>("SELECT id FROM overlay_promos ORDER BY id")).map((r) => r.id).join(",");
  return promoIds;
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  response: Response | null;
  /** Console errors, uncaught page errors and any console message mentioning hydration. */
  problems: string[];
}

/**
 * Waits, up to 90 s, until the server answers at all. scripts/e2e.mjs starts it again when it
 * exits by itself; a test retried after such a crash then opens its page once the server is back
 * rather than failing a second time in the gap. A running server answers at once.
 */
export async function serverAnswering(): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const response = await fetch(`${BASE_URL}/favicon.svg`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`The e2e server at ${BASE_URL} did not answer for 90 s: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

/**
 * Opens `pathname` in a new context (no cookies) and waits until the client has hydrated. With
 * `clock`, Playwright's clock is installed before the page loads: its timers run in real time until
 * the test moves them on (`page.clock.runFor`, `fastForward`) instead of waiting for them.
 */
export async function openPage(browser: Browser, pathname: string, viewport: Viewport = DESKTOP, { clock = false } = {}): Promise<OpenedPage> {
  await serverAnswering();
  const context = await browser.newContext({ viewport, baseURL: BASE_URL });
  const page = await context.newPage();
  const problems = watchProblems(page);
  if (clock) await page.clock.install();
  const response = await page.goto(pathname, { waitUntil: "load" });
  await waitForHydration(page, problems);
  return { context, page, response, problems };
}

export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (message.type() === "error" || /hydrat/i.test(text)) {
      const where = message.location().url;
      problems.push(`console.${message.type()}: ${text}${where ? ` (at ${where})` : ""}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * Hydration is done when React has attached its props to the last link or button of the document
 * (React hydrates in document order; scripts it injects itself never get props) and a couple of
 * frames have passed for the commit and effects.
 * An explicit `data-hydrated` on <html> is taken as the signal if the app ever sets one.
 */
export async function waitForHydration(page: Page, problems: readonly string[] = []): Promise<void> {
  const hydrated = page.waitForFunction(
    () => {
      if (document.documentElement.dataset.hydrated) return true;
      const elements = document.querySelectorAll("a[href], button");
      const last = elements[elements.length - 1];
      return !!last && Object.keys(last).some((key) => key.startsWith("__reactProps$"));
    },
    undefined,
    { timeout: 30_000 },
  );
  await hydrated.catch((error: Error) => {
    throw new Error(`${page.url()} did not hydrate within 30 s (${error.message.split("\n")[0]}); page problems: ${JSON.stringify(problems)}`);
  });
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100)))),
  );
}

/**
 * A lower region (the footer and its adverts, the lower sections of / and /videos) hydrates when it
 * comes near the screen or at the first navigation (src/components/lower-region/), not with the
 * rest of the page: brings it into view, as a reader scrolling down does, and waits until its
 * parts answer.
 */
export async function waitForRegion(page: Page, id: string): Promise<void> {
  await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  await page.locator(`#${id}[data-hydrated]`).waitFor({ state: "attached", timeout: 30_000 });
}

/** The footer region (waitForRegion). */
export function waitForFooter(page: Page): Promise<void> {
  return waitForRegion(page, "footer-region");
}

/** Full-page screenshot saved as test-results/screenshots/<name>-<width>.png. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}-${page.viewportSize()?.width ?? 0}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
