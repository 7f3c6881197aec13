// Preseason mode in the console, at 375 and 1440 px: the administrator (the demo account
// staff@rovers.test) turns it on for the season in play, confirming first (Cancel gives the focus
// back), sees the home page give its fixtures way to 'New fixtures coming soon', and turns it off
// again. Axe clean. While on, it hides fixtures from every visitor, so this file runs in the
// exclusive phase, and it turns the mode off at the end whatever happened.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser } from "./support/browser";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { openConsoleAs } from "./support/console";
import { queryD1 } from "./support/d1";

const WAIT = 120_000;
const NOTICE = "New fixtures coming soon";
const SEASON = "2024/25";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await queryD1("UPDATE seasons SET preseason = 0");
  await browser?.close();
});

const home = () => fetch(`${BASE_URL}/`, { headers: { "cache-control": "no-cache" } }).then((r) => r.text());
const expectAxeClean = (page: Page, name: string) => expectAxeCleanWhenIdle(page, name, WAIT);

describe("preseason mode in the console", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`turns it on for the season in play after a confirmation, and off again, at ${viewport.width} px`, async () => {
      const { context, page } = await openConsoleAs(browser, "staff@rovers.test", "/admin/seasons", viewport);
      try {
        await expect.poll(() => page.getByRole("heading", { name: "Seasons", level: 2 }).isVisible(), { timeout: WAIT }).toBe(true);
        const toggle = page.getByRole("switch", { name: `Preseason mode for ${SEASON}` });
        expect(await toggle.getAttribute("aria-checked")).toBe("false");
        await expectAxeClean(page, "console-seasons");

        await toggle.click();
        const cancel = page.getByRole("button", { name: "Cancel" });
        await expect.poll(() => cancel.isVisible(), { timeout: WAIT }).toBe(true);
        await expectAxeClean(page, "console-seasons-confirm");
        await cancel.click();
        await expect.poll(() => toggle.evaluate((el) => el === document.activeElement), { timeout: WAIT }).toBe(true);
        expect(await home()).not.toContain(NOTICE);

        await toggle.click();
        await page.getByRole("button", { name: "Yes, turn it on" }).click();
        await expect.poll(() => page.getByRole("status").filter({ hasText: `Preseason mode is on for ${SEASON}.` }).count(), { timeout: WAIT }).toBe(1);
        await expect.poll(() => toggle.getAttribute("aria-checked"), { timeout: WAIT }).toBe("true");
        expect(await home()).toContain(NOTICE);

        await toggle.click();
        await expect.poll(() => page.getByRole("status").filter({ hasText: `Preseason mode is off for ${SEASON}.` }).count(), { timeout: WAIT }).toBe(1);
        expect(await home()).not.toContain(NOTICE);
      } finally {
        await context.close();
      }
    }, WAIT * 3);
  }
});
