// Staff roles in the console, at 375 and 1440 px: the administrator (the demo account
// staff@rovers.test) grants the editor role to a fresh account on the Staff page, first meeting a
// field error beside the e-mail field with what was typed kept; the audit log shows the roles before
// and after; the editor then has the content pages; the grant is revoked through the page's
// confirmation at the end. The support demo account (support@rovers.test) sees no link to the
// content, the content page is a 403 without a publish control, and its API write answers 403
// CAPABILITY_REQUIRED. Every page checked is axe clean.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, launchBrowser, type Viewport } from "./support/browser";
import { createAccount } from "./support/fresh-account";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { openConsoleAs, consoleSections } from "./support/console";

/** Generous: the machine is shared. */
const WAIT = 120_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A demo account signed in, on `path` of the console (its status checked), hydrated. */
const openAs = (email: string, path: string, viewport: Viewport, status = 200) => openConsoleAs(browser, email, path, viewport, status);

const expectAxeClean = (page: Page, name: string) => expectAxeCleanWhenIdle(page, name, WAIT);

const sections = (page: Page) => consoleSections(page);

describe("staff roles in the console", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`an administrator grants the editor role by e-mail, the audit log shows before and after, at ${viewport.width} px`, async () => {
      const email = await createAccount(browser, "future-editor");
      const { context, page } = await openAs("staff@rovers.test", "/admin/staff", viewport);
      try {
        await expect.poll(() => page.getByRole("heading", { name: "Staff and their roles" }).isVisible(), { timeout: WAIT }).toBe(true);
        // A mistyped address: the error beside the field, focus on it, what was typed kept.
        const emailField = page.getByLabel("E-mail address of the account");
        const typo = `x${email}`;
        await emailField.fill(typo);
        await page.locator("#grant-role").selectOption("editor");
        await page.getByRole("button", { name: "Grant role" }).click();
        const error = page.locator("#grant-email-error");
        await expect.poll(() => error.textContent(), { timeout: WAIT }).toContain("No account uses this e-mail address");
        expect(await emailField.getAttribute("aria-invalid")).toBe("true");
        expect(await emailField.inputValue()).toBe(typo);
        expect(await emailField.evaluate((el) => el === document.activeElement)).toBe(true);
        await expectAxeClean(page, `console-staff-error-${viewport.width}`);

        // Corrected, by keyboard: the grant goes through and the list shows the new editor.
        await emailField.fill(email);
        await emailField.press("Enter");
        await expect.poll(() => page.getByRole("status").filter({ hasText: "Granted Editor" }).count(), { timeout: WAIT }).toBe(1);
        const row = page.locator(`tr[data-staff="${email}"]`);
        await expect.poll(() => row.textContent(), { timeout: WAIT }).toContain("Editor");
        await expectAxeClean(page, `console-staff-${viewport.width}`);

        // The audit log, filtered to role grants: the newest says before [] and after ["editor"].
        await (await sections(page)).getByRole("link", { name: "Audit log" }).click();
        await expect.poll(() => page.getByRole("heading", { name: "Audit log", level: 2 }).isVisible(), { timeout: WAIT }).toBe(true);
        await page.getByLabel("Action or target contains").fill("staff.grant");
        await page.getByRole("button", { name: "Filter" }).click();
        await page.waitForURL(/[?&]q=staff\.grant/, { timeout: WAIT });
        const newest = page.locator(".audit-table tbody tr").first();
        await expect.poll(() => newest.textContent(), { timeout: WAIT }).toContain('"before":[],"after":["editor"]');
        expect(await newest.textContent()).toContain("staff.grant");
        await expectAxeClean(page, `console-staff-audit-${viewport.width}`);

        // Revoked again through the page's confirmation, so the staff list does not grow run after run.
        await (await sections(page)).getByRole("link", { name: "Staff" }).click();
        await expect.poll(() => row.isVisible(), { timeout: WAIT }).toBe(true);
        await row.getByRole("button", { name: `Revoke Editor from ${email}` }).click();
        const confirm = page.getByRole("group", { name: `Revoke Editor from ${email}?` });
        await expect.poll(() => confirm.isVisible(), { timeout: WAIT }).toBe(true);
        await expectAxeClean(page, `console-staff-revoke-${viewport.width}`);
        // Cancel puts focus back on the Revoke that opened it; then revoke for real.
        await confirm.getByRole("button", { name: "Cancel" }).click();
        const revokeButton = row.getByRole("button", { name: `Revoke Editor from ${email}` });
        await expect.poll(() => revokeButton.evaluate((el) => el === document.activeElement), { timeout: WAIT }).toBe(true);
        await page.keyboard.press("Enter");
        await expect.poll(() => confirm.isVisible(), { timeout: WAIT }).toBe(true);
        await confirm.getByRole("button", { name: "Yes, revoke" }).click();
        await expect.poll(() => row.count(), { timeout: WAIT }).toBe(0);
      } finally {
        await context.close();
      }
    }, 300_000);

    it(`support sees no publish control and its API write answers 403, at ${viewport.width} px`, async () => {
      const { context, page } = await openAs("support@rovers.test", "/admin/accounts", viewport);
      try {
        await expect.poll(() => page.getByRole("heading", { name: "Find an account" }).isVisible(), { timeout: WAIT }).toBe(true);
        // Only the sections the role opens are linked.
        expect(await (await sections(page)).getByRole("link", { name: "Accounts" }).count()).toBe(1);
        for (const name of ["Content", "Staff", "Audit log", "Subscriptions and revenue"]) {
          expect(await (await sections(page)).getByRole("link", { name }).count(), name).toBe(0);
        }
        await expectAxeClean(page, `console-support-${viewport.width}`);

        const response = await page.goto("/admin/content/adverts", { waitUntil: "load" });
        expect(response?.status()).toBe(403);
        expect(await page.getByRole("button", { name: /^New / }).count()).toBe(0);
        expect(await page.getByRole("heading", { name: "403 error" }).isVisible()).toBe(true);

        const write = await page.evaluate(async () => {
          const res = await fetch("/api/console/content/adverts", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ name: "Support cannot publish", enabled: true }),
          });
          return { status: res.status, body: (await res.json()) as unknown };
        });
        expect(write).toEqual({ status: 403, body: { errors: [{ code: "CAPABILITY_REQUIRED", detail: "Your staff role does not allow this" }] } });
      } finally {
        await context.close();
      }
    }, 300_000);
  }
});
