// The CMS page tree in the console, at 375 and 1440 px: the administrator (the demo account
// staff@rovers.test) sees the tree as nested lists; adds a page whose slug a sibling has and meets
// the error beside the slug with what was typed kept; corrects it, with the parent chosen from the
// tree; the page shows on the site at once; moves it up among its siblings by keyboard; moves it
// under another parent with the edit form; deletes it after a confirmation (Cancel gives the focus
// back). Every state checked is axe clean. Each run's pages carry their own key and are deleted at the end.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, type Viewport } from "./support/browser";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { openConsoleAs } from "./support/console";
import { queryD1 } from "./support/d1";

const WAIT = 120_000;
const KEY = `e2e-page-${Date.now().toString(36)}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await queryD1("DELETE FROM menu_pages WHERE page_slug LIKE ?", [`${KEY}%`]);
  await browser?.close();
});

const openAs = (email: string, path: string, viewport: Viewport) => openConsoleAs(browser, email, path, viewport);

const expectAxeClean = (page: Page, name: string) => expectAxeCleanWhenIdle(page, name, WAIT);
const status = (path: string) => fetch(`${BASE_URL}${path}`, { redirect: "manual" }).then((r) => r.status);

describe("the page tree in the console", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`adds, orders, moves and deletes a page, at ${viewport.width} px`, async () => {
      const slug = `${KEY}-${viewport.width}`;
      const [club] = await queryD1<{ id: number; full_path: string }>("SELECT id, full_path FROM menu_pages WHERE full_path = 'club-information'");
      const [sibling] = await queryD1<{ page_slug: string }>("SELECT page_slug FROM menu_pages WHERE parent_id = ? ORDER BY page_order, id LIMIT 1", [club!.id]);
      const { context, page } = await openAs("staff@rovers.test", "/admin/pages", viewport);
      try {
        await expect.poll(() => page.getByRole("heading", { name: "Pages", level: 2 }).isVisible(), { timeout: WAIT }).toBe(true);
        expect(await page.locator(`li[data-page="club-information"] ul li[data-page="club-information/${sibling!.page_slug}"]`).count()).toBe(1);
        await expectAxeClean(page, "console-pages");

        // A slug a sibling has: the error beside the slug, typed text kept, focus on it.
        const add = page.locator('form[data-form="add"]');
        await add.getByLabel("Title").fill("E2E page");
        await add.getByLabel(/^Slug/).fill(sibling!.page_slug);
        await add.getByLabel("Parent page").selectOption(String(club!.id));
        expect(await add.getByLabel("Parent page").locator("option:checked").textContent()).toContain("Club Information");
        await add.getByRole("button", { name: "Add page" }).click();
        await expect.poll(() => page.locator("#add-slug-error").textContent(), { timeout: WAIT }).toBe("A page beside this one already has this slug");
        expect(await page.locator("#add-slug").inputValue()).toBe(sibling!.page_slug);
        expect(await page.locator("#add-slug").evaluate((el) => el === document.activeElement)).toBe(true);
        await expectAxeClean(page, "console-pages-error");

        await page.locator("#add-slug").fill(slug);
        // The body is the rich-text editor (its own chunk): typed as text, stored as HTML.
        await add.getByRole("textbox", { name: "Body" }).click();
        await page.keyboard.type("Made by the e2e test");
        await page.locator("#add-slug").press("Enter");
        await expect.poll(() => page.getByRole("status").filter({ hasText: "Added the page E2E page" }).count(), { timeout: WAIT }).toBe(1);
        const item = page.locator(`li[data-page="club-information/${slug}"]`);
        await expect.poll(() => item.count(), { timeout: WAIT }).toBe(1);
        expect(await status(`/club-information/${slug}`)).toBe(200);

        // Last among its siblings: Move up, by keyboard.
        const up = item.getByRole("button", { name: "Move up E2E page" });
        await up.focus();
        await page.keyboard.press("Enter");
        await expect.poll(() => page.getByRole("status").filter({ hasText: "Moved E2E page up" }).count(), { timeout: WAIT }).toBe(1);

        // Under another parent (the top level) with the edit form.
        await item.getByRole("button", { name: "Edit E2E page" }).click();
        const form = item.locator("form");
        const formId = await form.getAttribute("data-form");
        await page.locator(`#${formId}-parentId`).selectOption("");
        await expectAxeClean(page, "console-pages-edit");
        await form.getByRole("button", { name: "Save page" }).click();
        await expect.poll(() => page.getByRole("status").filter({ hasText: "Saved the page E2E page" }).count(), { timeout: WAIT }).toBe(1);
        const moved = page.locator(`li[data-page="${slug}"]`);
        await expect.poll(() => moved.count(), { timeout: WAIT }).toBe(1);
        expect(await status(`/${slug}`)).toBe(200);
        expect(await status(`/club-information/${slug}`)).toBe(404);

        // Delete asks first; Cancel gives the focus back.
        const del = moved.getByRole("button", { name: "Delete E2E page" });
        await del.click();
        const confirm = page.getByRole("group", { name: "Delete the page E2E page?" });
        await expect.poll(() => confirm.evaluate((el) => el === document.activeElement), { timeout: WAIT }).toBe(true);
        await expectAxeClean(page, "console-pages-confirm");
        await confirm.getByRole("button", { name: "Cancel" }).click();
        await expect.poll(() => del.evaluate((el) => el === document.activeElement), { timeout: WAIT }).toBe(true);
        await del.click();
        await confirm.getByRole("button", { name: "Yes, delete" }).click();
        await expect.poll(() => moved.count(), { timeout: WAIT }).toBe(0);
        expect(await status(`/${slug}`)).toBe(404);
      } finally {
        await context.close();
      }
    }, 300_000);
  }
});
