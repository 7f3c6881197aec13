// The club's console, its Accounts and webhook health: staff (the demo account staff@rovers.test, only read
// here) find a fresh Rovers TV+ account that is playing the live commentary in another browser
// context and block it through the Accounts page, with the page's own confirmation: the player stops
// and says the account is blocked. A visitor and a fresh supporter get the site's 404 at
// /admin/accounts and /admin/webhooks; both pages are axe clean at 375 and 1440 px.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, launchBrowser, openPage, saveScreenshot, type Viewport } from "./support/browser";
import { signInAs } from "./support/demo-account";
import { expectConsoleNotFound, consoleSections } from "./support/console";
import { createAccount, registerAs } from "./support/fresh-account";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { club } from "../../src/config/club";

const STREAM_PATH = "/live/audio/men-audio-commentary";
/** Generous: the machine is shared. */
const WAIT = 120_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Staff signed in, on `path` of the console, hydrated. */
async function openConsole(path: string, heading: string, viewport: Viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openPage(browser, "/", viewport);
  await signInAs(page, "staff@rovers.test", "/");
  const response = await page.goto(path, { waitUntil: "load" });
  expect(response?.status()).toBe(200);
  await expect.poll(() => page.getByRole("heading", { name: heading, exact: true }).first().isVisible(), { timeout: WAIT }).toBe(true);
  return { context, page };
}

/** Finds the account by e-mail through the search form and opens its page. */
async function openAccount(page: Page, email: string): Promise<void> {
  await page.getByLabel("E-mail address, or account id").fill(email);
  await page.locator(".console-accounts__search").getByRole("button", { name: "Search" }).click();
  const link = page.getByRole("link", { name: email });
  await expect.poll(() => link.isVisible(), { timeout: WAIT }).toBe(true);
  await link.click();
  await expect.poll(() => page.getByRole("heading", { name: email, level: 2 }).isVisible(), { timeout: WAIT }).toBe(true);
}

const bar = (page: Page) => page.getByRole("region", { name: "Live Audio" });

/** A fresh account holding `entitlements`, playing the live commentary in a context of its own. */
async function listen(email: string): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openPage(browser, STREAM_PATH, DESKTOP);
  await signInAs(page, email, STREAM_PATH);
  await page.locator(".theatre__play").click({ timeout: WAIT });
  // One press on the live page plays: no 'Play stream' to press again.
  await expect.poll(() => bar(page).getAttribute("data-state"), { timeout: WAIT }).toBe("playing");
  return { context, page };
}

describe("the console's Accounts", () => {
  it("a block from the account page, after its confirmation, stops that account's live audio", async () => {
    const email = await createAccount(browser, "console-block", [club.entitlements.top]);
    const listener = await listen(email);
    const { context, page } = await openConsole("/admin/accounts", "Find an account");
    try {
      await openAccount(page, email);
      await expect.poll(() => page.locator("[data-state]").textContent()).toContain("Active");
      // The devices and live sessions show the listener.
      await expect.poll(() => page.locator("[data-session]").count(), { timeout: WAIT }).toBe(1);

      await page.getByRole("button", { name: "Block", exact: true }).click();
      const confirm = page.getByRole("group", { name: `Block account: ${email}?` });
      await expect.poll(() => confirm.isVisible()).toBe(true);
      // Focus moves into the confirmation, which says what will happen.
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-confirm"))).toBe("block");
      expect(await confirm.textContent()).toContain("Their videos and live streams stop now");
      await saveScreenshot(page, "console-account-confirm");
      // Cancel first: nothing happens, the focus goes back to the button.
      await confirm.getByRole("button", { name: "Cancel" }).click();
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-action"))).toBe("block");
      expect(await bar(listener.page).getAttribute("data-state")).toBe("playing");

      await page.getByRole("button", { name: "Block", exact: true }).click();
      await confirm.getByRole("button", { name: "Yes, block account" }).click();
      await expect.poll(() => page.locator(".console-accounts__actions").getByRole("status").textContent(), { timeout: WAIT }).toBe("Blocked.");
      await expect.poll(() => page.locator("[data-state]").textContent(), { timeout: WAIT }).toContain("Blocked");
      expect(await page.getByRole("button", { name: "Unblock" }).isVisible()).toBe(true);
      expect(await page.getByRole("table", { name: "Latest changes" }).textContent()).toContain("accounts.block");

      // The listener's player stops and says why.
      const alert = bar(listener.page).getByRole("alert");
      await expect.poll(() => alert.textContent().catch(() => ""), { timeout: 30_000 }).toContain("Your account has been blocked by an administrator");
      expect(await bar(listener.page).locator("audio").evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
      await saveScreenshot(listener.page, "console-blocked-listener");
      await saveScreenshot(page, "console-account-blocked");
    } finally {
      await listener.context.close();
      await context.close();
    }
  }, 600_000);

  it("is the site's 404 page for a visitor and for a signed-in supporter, on both pages", async () => {
    const { context, page } = await openPage(browser, "/");
    try {
      await expectConsoleNotFound(page, "/admin/accounts");
      await expectConsoleNotFound(page, "/admin/webhooks");
      await page.goto("/", { waitUntil: "load" });
      await registerAs(page, "console-nosy", { entitlements: [club.entitlements.top] });
      await expectConsoleNotFound(page, "/admin/accounts");
      await expectConsoleNotFound(page, "/admin/accounts?q=staff");
      await expectConsoleNotFound(page, "/admin/webhooks");
    } finally {
      await context.close();
    }
  }, 240_000);

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`the search, an account and webhook health are axe clean at ${viewport.width} px`, async () => {
      const { context, page } = await openConsole("/admin/accounts?q=staff%40rovers.test", "Find an account", viewport);
      try {
        const check = (name: string) => expectAxeCleanWhenIdle(page, name);
        await check("console-accounts");
        await page.getByRole("link", { name: "staff@rovers.test" }).click();
        await expect.poll(() => page.getByRole("heading", { name: "staff@rovers.test", level: 2 }).isVisible(), { timeout: WAIT }).toBe(true);
        await check("console-account");
        await (await consoleSections(page)).getByRole("link", { name: "Webhook health" }).click();
        await expect.poll(() => page.getByRole("heading", { name: "Deliveries per hour (UTC)" }).isVisible(), { timeout: WAIT }).toBe(true);
        await check("console-webhooks");
      } finally {
        await context.close();
      }
    }, 240_000);
  }
});
