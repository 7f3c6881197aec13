// The club's console: a visitor and a supporter get the site's 404 at
// /admin; staff (the demo account staff@rovers.test, only read here) see 'Live now' count two
// fresh Rovers TV+ accounts' live audio in other browser contexts, and drop back when they stop;
// the console is axe clean at 375 and 1440 px, where its sections are a 'Sections' menu and a list.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, openPage, saveScreenshot, waitForHydration, type Viewport } from "./support/browser";
import { signInAs } from "./support/demo-account";
import { expectConsoleNotFound } from "./support/console";
import { createAccount } from "./support/fresh-account";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { club } from "../../src/config/club";
import { LIVE_NOW_POLL_MS } from "../../src/domain/live-now";
import { readFileSync } from "node:fs";
import path from "node:path";

const STREAM_PATH = "/live/audio/men-audio-commentary";
const STREAM_ID = "men-audio-commentary";
/** Generous: the machine is shared. A session left by another file ends 75 s after its last ping. */
const WAIT = 120_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The staff member's console, signed in and hydrated. With `clock`, the console's page runs on a
 * clock the test can move (Playwright's), so it reaches the next 'Live now' poll at once (`polledViewers`).
 */
async function openConsole(viewport: Viewport = DESKTOP, { clock = false } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openPage(browser, "/", viewport);
  await signInAs(page, "staff@rovers.test", "/");
  // Installed before the console loads, so its poll timer is one the clock moves.
  if (clock) await page.clock.install();
  const response = await page.goto("/admin", { waitUntil: "load" });
  expect(response?.status()).toBe(200);
  await expect.poll(() => page.getByRole("heading", { name: "Live now" }).isVisible()).toBe(true);
  return { context, page };
}

const streamViewers = (page: Page) =>
  page
    .locator(`tr[data-stream="${STREAM_ID}"] [data-viewers]`)
    .textContent()
    .then((t) => Number(t));

/**
 * The stream's viewers as 'Live now' shows them after its next poll: each try moves the page's clock
 * on by the poll's interval rather than waiting it out (the page skips a poll while one is under way).
 */
const polledViewers = async (page: Page) => {
  await page.clock.fastForward(LIVE_NOW_POLL_MS);
  return streamViewers(page);
};

/** A fresh Rovers TV+ account playing the live commentary in a context of its own. */
async function listen(label: string): Promise<BrowserContext> {
  const email = await createAccount(browser, label, [club.entitlements.top]);
  const { context, page } = await openPage(browser, STREAM_PATH, DESKTOP);
  await signInAs(page, email, STREAM_PATH);
  await page.locator(".theatre__play").click({ timeout: WAIT });
  const bar = page.getByRole("region", { name: "Live Audio" });
  // One press on the live page plays: no 'Play stream' to press again.
  await expect.poll(() => bar.getAttribute("data-state"), { timeout: WAIT }).toBe("playing");
  return context;
}

/** The build's files only the console uses: its page chunks no other page shares, and its stylesheet. */
function consoleOnlyFiles(): string[] {
  const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../public/build/manifest.json"), "utf8")) as {
    pages: Record<string, string[]>;
    styles: Record<string, string[]>;
  };
  const others = new Set(Object.entries(manifest.pages).flatMap(([page, files]) => (page === "Console" ? [] : files)));
  const own = (manifest.pages.Console ?? []).filter((file) => !others.has(file));
  return [...own, ...(manifest.styles.Console ?? [])];
}

describe("the console", () => {
  it("is not downloaded by a first visit of the home page", async () => {
    const files = consoleOnlyFiles();
    expect(files.length).toBeGreaterThanOrEqual(2); // the page's chunk and its stylesheet
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
    try {
      await page.goto("/", { waitUntil: "load" });
      await waitForHydration(page);
      expect(fetched.some((p) => p.startsWith("/build/"))).toBe(true);
      expect(fetched.filter((p) => files.includes(p) || /console/i.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("is the site's 404 page for a visitor and for a signed-in supporter", async () => {
    const { context, page } = await openPage(browser, "/");
    try {
      await expectConsoleNotFound(page, "/admin", "Live now");
      await page.goto("/", { waitUntil: "load" });
      await signInAs(page, "fan@rovers.test", "/");
      await expectConsoleNotFound(page, "/admin", "Live now");
    } finally {
      await context.close();
    }
  }, 120_000);

  it("'Live now' goes from 0 to 2 viewers as two supporters start the live audio, and back when they stop", async () => {
    const { context, page } = await openConsole(DESKTOP, { clock: true });
    const listeners: BrowserContext[] = [];
    try {
      // No reload from here on: the page asks again at each poll.
      await expect.poll(() => polledViewers(page), { timeout: WAIT }).toBe(0);
      // Both supporters start side by side, each in a browser of their own.
      const started = await Promise.allSettled([listen("console-a"), listen("console-b")]);
      for (const one of started) if (one.status === "fulfilled") listeners.push(one.value);
      for (const one of started) if (one.status === "rejected") throw one.reason;
      await expect.poll(() => polledViewers(page), { timeout: WAIT }).toBe(2);
      await expect.poll(() => page.locator("[data-stat=viewers]").textContent().then(Number)).toBeGreaterThanOrEqual(2);
      await saveScreenshot(page, "console-live-now");
      // Closing a listener's browser closes its stream socket: the session is released at once.
      for (const listener of listeners.splice(0)) await listener.close();
      await expect.poll(() => polledViewers(page), { timeout: WAIT }).toBe(0);
    } finally {
      for (const listener of listeners) await listener.close();
      await context.close();
    }
  }, 600_000);

  it("shows its sections behind a 'Sections' menu button at 375 px, keyboard operable, and as a list at 1440 px", async () => {
    const { context, page } = await openConsole(MOBILE);
    try {
      await waitForHydration(page);
      const nav = page.getByRole("navigation", { name: "Console sections" });
      const toggle = nav.getByRole("button", { name: /^Sections/ });
      expect(await toggle.textContent()).toBe("Sections: Live now");
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await nav.getByRole("link").count()).toBe(0);
      // Closed, the navigation is one line, not a wall of pills.
      expect((await nav.boundingBox())!.height).toBeLessThan(70);
      await toggle.focus();
      await page.keyboard.press("Enter");
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      const links = nav.getByRole("link");
      expect(await links.count()).toBeGreaterThan(3);
      expect(await nav.getByRole("link", { name: "Live now" }).getAttribute("aria-current")).toBe("page");
      await expectAxeCleanWhenIdle(page, "console-sections-open");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Live now");
      await page.keyboard.press("Escape");
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await page.evaluate(() => document.activeElement?.className)).toBe("console__nav-toggle");
      // A section chosen from the menu: the menu closes and names it.
      await toggle.click();
      await nav.getByRole("link", { name: "Accounts" }).click();
      await page.waitForURL((url) => url.pathname === "/admin/accounts", { timeout: WAIT });
      await expect.poll(() => toggle.textContent(), { timeout: WAIT }).toBe("Sections: Accounts");
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    } finally {
      await context.close();
    }
    const wide = await openConsole(DESKTOP);
    try {
      await waitForHydration(wide.page);
      const nav = wide.page.getByRole("navigation", { name: "Console sections" });
      expect(await nav.getByRole("button", { name: /^Sections/ }).count()).toBe(0);
      expect(await nav.getByRole("link", { name: "Accounts" }).isVisible()).toBe(true);
      await expectAxeCleanWhenIdle(wide.page, "console-sections-wide");
    } finally {
      await wide.context.close();
    }
  }, 240_000);

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`is axe clean at ${viewport.width} px`, async () => {
      const { context, page } = await openConsole(viewport);
      try {
        await expectAxeCleanWhenIdle(page, "console");
      } finally {
        await context.close();
      }
    }, 120_000);
  }
});
