// Redirects in the console, at 375 and 1440 px: the administrator (the demo account
// staff@rovers.test) adds a redirect on /admin/redirects, first meeting field errors beside both
// fields with what was typed kept and the focus on the first; finds it with the search; edits it
// to a 302 elsewhere; a visitor's browser then lands on the new location from the old path;
// Delete asks first (Cancel gives the focus back), and after it the old path is the 404 again.
// Every state checked is axe clean. Each run's redirects carry their own key and are deleted at the end.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, openPage, type Viewport } from "./support/browser";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { openConsoleAs } from "./support/console";
import { queryD1 } from "./support/d1";

/** Generous: the machine is shared. */
const WAIT = 120_000;
const KEY = `e2e-redirect-${Date.now().toString(36)}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await queryD1("DELETE FROM redirects WHERE from_path LIKE ?", [`/${KEY}%`]);
  await browser?.close();
});

const openAs = (email: string, path: string, viewport: Viewport) => openConsoleAs(browser, email, path, viewport);

const expectAxeClean = (page: Page, name: string) => expectAxeCleanWhenIdle(page, name, WAIT);
const isFocused = (page: Page, selector: string) => page.locator(selector).evaluate((el) => el === document.activeElement);

describe("redirects in the console", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`are added with field errors beside their fields, found, edited, followed and deleted after a confirmation, at ${viewport.width} px`, async () => {
      const oldPath = `/${KEY}-${viewport.width}`;
      const { context, page } = await openAs("staff@rovers.test", "/admin/redirects", viewport);
      try {
        await expect.poll(() => page.getByRole("heading", { name: "Redirects", level: 2 }).isVisible(), { timeout: WAIT }).toBe(true);
        const add = page.locator('form[data-form="add"]');
        await add.getByLabel(/^Old path/).fill("//evil.example/x");
        await add.getByLabel(/^New location/).fill("javascript:alert(1)");
        await add.getByRole("button", { name: "Add redirect" }).click();
        await expect.poll(() => page.locator("#add-from-error").textContent(), { timeout: WAIT }).toContain("The old path must be a path on this site");
        expect(await page.locator("#add-to-error").textContent()).toContain("The new location must be");
        expect(await page.locator("#add-from").getAttribute("aria-invalid")).toBe("true");
        expect(await page.locator("#add-from").inputValue()).toBe("//evil.example/x");
        expect(await page.locator("#add-to").inputValue()).toBe("javascript:alert(1)");
        expect(await isFocused(page, "#add-from")).toBe(true);
        await expectAxeClean(page, "console-redirects-error");

        // Corrected, sent by keyboard.
        await page.locator("#add-from").fill(oldPath);
        await page.locator("#add-to").fill("/news");
        await page.locator("#add-to").press("Enter");
        await expect.poll(() => page.getByRole("status").filter({ hasText: `Added a redirect from ${oldPath} to /news` }).count(), { timeout: WAIT }).toBe(1);
        const row = page.locator(`tr[data-redirect="${oldPath}"]`);
        await expect.poll(() => row.count(), { timeout: WAIT }).toBe(1);
        expect(await page.locator("#add-from").inputValue()).toBe("");

        // Found by a word of its path.
        await page.getByLabel("Words in either path").fill(`${KEY}-${viewport.width}`);
        await page.getByRole("search").getByRole("button", { name: "Search" }).click();
        await page.waitForURL(/[?&]q=/, { timeout: WAIT });
        await expect.poll(() => page.locator("tr[data-redirect]").count(), { timeout: WAIT }).toBe(1);
        await expectAxeClean(page, "console-redirects");

        // Edited to a 302 to the teams page.
        await row.getByRole("button", { name: `Edit the redirect from ${oldPath}` }).click();
        const editId = await row.locator("form").getAttribute("data-form");
        expect(await isFocused(page, `#${editId}-from`)).toBe(true);
        await page.locator(`#${editId}-to`).fill("/teams");
        await page.locator(`#${editId}-status`).selectOption("302");
        await expectAxeClean(page, "console-redirects-edit");
        await row.getByRole("button", { name: "Save redirect" }).click();
        await expect.poll(() => page.getByRole("status").filter({ hasText: `Saved the redirect from ${oldPath}` }).count(), { timeout: WAIT }).toBe(1);
        await expect.poll(() => row.textContent(), { timeout: WAIT }).toContain("/teams");
        expect(await row.textContent()).toContain("302");

        // A visitor's browser follows it.
        const visitor = await openPage(browser, "/", viewport);
        try {
          await visitor.page.goto(oldPath, { waitUntil: "load" });
          expect(new URL(visitor.page.url()).pathname).toBe("/teams");
        } finally {
          await visitor.context.close();
        }

        // Delete asks first; Cancel gives the focus back to Delete.
        const del = row.getByRole("button", { name: `Delete the redirect from ${oldPath}` });
        await del.click();
        const confirm = page.getByRole("group", { name: `Delete the redirect from ${oldPath}?` });
        await expect.poll(() => confirm.evaluate((el) => el === document.activeElement), { timeout: WAIT }).toBe(true);
        await expectAxeClean(page, "console-redirects-confirm");
        await confirm.getByRole("button", { name: "Cancel" }).click();
        await expect.poll(() => del.evaluate((el) => el === document.activeElement), { timeout: WAIT }).toBe(true);
        await del.click();
        await confirm.getByRole("button", { name: "Yes, delete" }).click();
        await expect.poll(() => page.getByRole("status").filter({ hasText: `Deleted the redirect from ${oldPath}` }).count(), { timeout: WAIT }).toBe(1);
        await expect.poll(() => row.count(), { timeout: WAIT }).toBe(0);
        const gone = await fetch(`${BASE_URL}${oldPath}`, { redirect: "manual" });
        expect(gone.status).toBe(404);
      } finally {
        await context.close();
      }
    }, 300_000);
  }
});
