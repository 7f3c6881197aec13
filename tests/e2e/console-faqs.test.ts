// The FAQs in the console, at 375 and 1440 px: the administrator (the demo account
// staff@rovers.test) adds a question, first meeting the errors beside the empty fields with what
// was typed kept; the question is on /videos/faqs at once; edits it; deletes it after a
// confirmation (Cancel gives the focus back), and it leaves the page. Every state checked is axe
// clean. The question shows on the public FAQ page while it lives, so this file runs in the
// exclusive phase; it deletes its questions at the end.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, type Viewport } from "./support/browser";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { openConsoleAs } from "./support/console";
import { queryD1 } from "./support/d1";

const WAIT = 120_000;
const KEY = `E2E question ${Date.now().toString(36)}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await queryD1("DELETE FROM faq_questions WHERE heading LIKE ?", [`${KEY}%`]);
  await browser?.close();
});

const openAs = (email: string, path: string, viewport: Viewport) => openConsoleAs(browser, email, path, viewport);

const expectAxeClean = (page: Page, name: string) => expectAxeCleanWhenIdle(page, name, WAIT);
const publicFaqs = () => fetch(`${BASE_URL}/videos/faqs`).then((r) => r.text());

describe("the FAQs in the console", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`adds, edits and deletes a question, at ${viewport.width} px`, async () => {
      const heading = `${KEY} at ${viewport.width}?`;
      const { context, page } = await openAs("staff@rovers.test", "/admin/faqs", viewport);
      try {
        await expect.poll(() => page.getByRole("heading", { name: "FAQs", level: 2 }).isVisible(), { timeout: WAIT }).toBe(true);
        await page.locator("#faq-add-heading").fill(heading);
        await page.getByRole("button", { name: "Add question" }).click();
        await expect.poll(() => page.locator("#faq-add-bodyHtml-error").textContent(), { timeout: WAIT }).toBe("Enter the answer");
        expect(await page.locator("#faq-add-heading").inputValue()).toBe(heading);
        expect(await page.locator("#faq-add-bodyHtml").evaluate((el) => el === document.activeElement)).toBe(true);
        await expectAxeClean(page, "console-faqs-error");

        await page.locator("#faq-add-bodyHtml").fill("<p>Made by the e2e test.</p>");
        await page.getByRole("button", { name: "Add question" }).click();
        await expect.poll(() => page.getByRole("status").filter({ hasText: `Added the question ${heading}` }).count(), { timeout: WAIT }).toBe(1);
        expect(await publicFaqs()).toContain(heading);
        await expectAxeClean(page, "console-faqs");

        const item = page.locator(`li[data-faq="${heading}"]`);
        await item.getByRole("button", { name: `Edit ${heading}` }).click();
        const formId = await item.locator("form").getAttribute("data-form");
        await page.locator(`#${formId}-bodyHtml`).fill("<p>Changed by the e2e test.</p>");
        await item.getByRole("button", { name: "Save question" }).click();
        await expect.poll(() => page.getByRole("status").filter({ hasText: `Saved the question ${heading}` }).count(), { timeout: WAIT }).toBe(1);
        expect(await publicFaqs()).toContain("Changed by the e2e test.");

        const del = item.getByRole("button", { name: `Delete ${heading}` });
        await del.click();
        const confirm = page.getByRole("group", { name: `Delete the question ${heading}?` });
        await expect.poll(() => confirm.evaluate((el) => el === document.activeElement), { timeout: WAIT }).toBe(true);
        await expectAxeClean(page, "console-faqs-confirm");
        await confirm.getByRole("button", { name: "Cancel" }).click();
        await expect.poll(() => del.evaluate((el) => el === document.activeElement), { timeout: WAIT }).toBe(true);
        await del.click();
        await confirm.getByRole("button", { name: "Yes, delete" }).click();
        await expect.poll(() => item.count(), { timeout: WAIT }).toBe(0);
        expect(await publicFaqs()).not.toContain(heading);
      } finally {
        await context.close();
      }
    }, 300_000);
  }
});
