// The packages modal of the default layout (spec §2) opens from any page:
// from a locked player and from the account panel, by keyboard. Focus moves in and stays inside,
// Escape closes it and focus goes back; its code and the packages come only when it first opens.
import path from "node:path";
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, SCREENSHOT_DIR, launchBrowser, openPage, waitForHydration } from "./support/browser";
import { midTierReplay, signInAs } from "./support/demo-account";
import { waitUntilShown } from "./support/visibility";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const focusInside = (page: Page) =>
  page.evaluate(() => document.querySelector("[role=dialog][aria-modal=true].packages-panel__dialog")?.contains(document.activeElement) ?? false);

/** Tab and Shift+Tab a few times: focus never leaves the modal. */
async function expectFocusTrapped(page: Page): Promise<void> {
  await expect.poll(() => focusInside(page)).toBe(true);
  for (const key of ["Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab"]) {
    await page.keyboard.press(key);
    expect(await focusInside(page), key).toBe(true);
  }
}

describe("packages modal", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`opens over a locked video's page from 'View Packages' by keyboard; Escape closes it and focus returns (${viewport.width} px)`, async () => {
      const video = await midTierReplay();
      const packageRequests: string[] = [];
      const { page, context, problems } = await openPage(browser, `/videos/${video.entryId}`, viewport);
      try {
        page.on("request", (request) => {
          if (new URL(request.url()).pathname === "/api/packages") packageRequests.push(request.url());
        });
        const locked = page.getByRole("region", { name: "Locked video" });
        const viewPackages = locked.getByRole("button", { name: "View Packages" });
        await viewPackages.focus();
        // nothing of the modal before it is asked for
        expect(packageRequests).toEqual([]);
        await page.keyboard.press("Enter");
        const modal = page.getByRole("dialog", { name: "Choose a subscription" });
        await waitUntilShown(modal, true, 15_000);
        expect(page.url()).toMatch(new RegExp(`/videos/${video.entryId}$`));
        await expect.poll(() => modal.getByRole("listitem").count()).toBeGreaterThan(0);
        expect(packageRequests.length).toBeGreaterThan(0);
        await expectFocusTrapped(page);
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `packages-modal-${viewport.width}.png`) });

        await page.keyboard.press("Escape");
        await waitUntilShown(modal, false);
        await expect.poll(() => viewPackages.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await page.evaluate(() => document.body.classList.contains("is-locked"))).toBe(false);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);
  }

  it("opens from the account panel's 'View Packages' in the panel's place; Escape returns focus to 'Profile'", async () => {
    const { page, context, problems } = await openPage(browser, "/news", DESKTOP);
    try {
      await signInAs(page, "fan@rovers.test");
      const profile = page.locator("header.site-header").getByRole("button", { name: "Profile" });
      await expect.poll(() => profile.isVisible()).toBe(true);
      await profile.focus();
      await page.keyboard.press("Enter");
      const panel = page.locator("#account-panel");
      const viewPackages = panel.getByRole("button", { name: "View Packages" });
      await waitUntilShown(viewPackages, true, 15_000);
      await viewPackages.focus();
      await page.keyboard.press("Enter");
      const modal = page.getByRole("dialog", { name: "Choose a subscription" });
      await waitUntilShown(modal, true, 15_000);
      // one modal at a time: the account panel gave way
      await waitUntilShown(viewPackages, false);
      // every price with its period
      await expect.poll(() => modal.getByRole("button", { name: /^Buy - / }).allTextContents()).toEqual(["Buy - £44.99 p/a", "Buy - £5.99 p/m", "Buy - £14.99 p/a", "Buy - £1.99 p/m"]);
      await expect.poll(() => page.evaluate(() => document.body.classList.contains("is-locked"))).toBe(true);
      await expectFocusTrapped(page);

      await page.keyboard.press("Escape");
      await waitUntilShown(modal, false);
      await expect.poll(() => profile.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(page.url()).toMatch(/\/news$/);
      await waitForHydration(page, problems);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
