// Subscription packages from the console, end to end: the demo commerce account (commerce@rovers.test,
// commerce.manage) adds a package on /admin/packages at 375 px (an empty form's problems shown beside
// their fields first; axe clean at 375 and 1440 px), with its first monthly price; it is on sale on
// /videos/subscriptions at once, with its price and period; a new amount makes a new price that the
// card shows; Move up; archiving it (confirmed) takes it off the page. The file's packages (titles
// 'E2E Package …') are deleted at the start and the end, so it runs alone and in any order.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, launchBrowser, openPage, saveScreenshot } from "./support/browser";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { openConsoleAs } from "./support/console";
import { queryD1 } from "./support/d1";

const WAIT = 120_000;
const TITLE = `E2E Package ${Date.now().toString(36)}`;
const MINE = "SELECT id FROM packages WHERE title LIKE 'E2E Package %'";

async function reset() {
  await queryD1(`DELETE FROM prices WHERE package_id IN (${MINE})`);
  await queryD1(`DELETE FROM packages WHERE id IN (${MINE})`);
}

/** The titles and prices of the Subscriptions tab as a visitor sees them. */
async function subscriptionsTab(browser: Browser): Promise<string> {
  const { page, context } = await openPage(browser, "/videos/subscriptions", DESKTOP);
  try {
    await expect.poll(() => page.locator(".package-card").count(), { timeout: WAIT }).toBeGreaterThan(0);
    return (await page.locator(".packages-widget").first().textContent() ?? "").replace(/\s+/g, " ");
  } finally {
    await context.close();
  }
}

let browser: Browser;
beforeAll(async () => {
  await reset();
  browser = await launchBrowser();
});
afterAll(async () => {
  await reset();
  await browser?.close();
});

describe("packages from the console", () => {
  it("commerce adds a package with a monthly price; it is on sale at once; a new amount is a new price; Move up; archive takes it off sale", async () => {
    const staff = await openConsoleAs(browser, "commerce@rovers.test", "/admin/packages", MOBILE);
    try {
      const { page } = staff;
      await page.getByRole("button", { name: "New package" }).click();
      const form = page.getByRole("form", { name: "New package" });
      await expect.poll(() => form.isVisible(), { timeout: WAIT }).toBe(true);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("package-new-title");

      // Sent empty: each problem beside its field, the first field in error takes the focus.
      await form.getByRole("button", { name: "Add package" }).click();
      await expect.poll(() => page.locator("#package-new-title-error").textContent(), { timeout: WAIT }).toBe("Enter the package's name");
      expect(await page.locator("#package-new-amount-error").textContent()).toBe("A price in pounds and pence: 9.99");
      expect(await page.locator("#package-new-entitlements-error").textContent()).toBe("Choose what the price gives");
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("package-new-title");
      await expectAxeCleanWhenIdle(page, "console-packages-form-375");
      await saveScreenshot(page, "console-packages-form");

      await page.locator("#package-new-title").fill(TITLE);
      await form.getByRole("textbox", { name: "What it gives (required)" }).click();
      await page.keyboard.type("Every replay, made by the e2e test.");
      await page.locator("#package-new-amount").fill("6.50");
      await form.getByRole("checkbox", { name: "roverstv", exact: true }).check();
      await form.getByRole("button", { name: "Add package" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: `Added ${TITLE}` }).count(), { timeout: WAIT }).toBe(1);
      const card = page.locator("li.console-packages__package", { hasText: TITLE });
      await expect.poll(() => card.innerText(), { timeout: WAIT }).toContain("£6.50 per month");
      await saveScreenshot(page, "console-packages");
      expect(await subscriptionsTab(browser)).toContain(`${TITLE}`);
      expect(await subscriptionsTab(browser)).toMatch(/£6\.50/);

      // A new amount: a new price in its place.
      await card.getByRole("button", { name: `Edit the £6.50 per month price of ${TITLE}` }).click();
      const priceForm = page.getByRole("form", { name: `Edit the £6.50 per month price of ${TITLE}` });
      await expect.poll(() => priceForm.isVisible(), { timeout: WAIT }).toBe(true);
      await priceForm.locator("input[name=amount]").fill("7.00");
      await priceForm.getByRole("button", { name: "Save price" }).click();
      await expect.poll(() => card.innerText(), { timeout: WAIT }).toContain("£7.00 per month");
      const [row] = await queryD1<{ n: number }>(`SELECT COUNT(*) AS n FROM prices WHERE package_id IN (${MINE}) AND active = 0`);
      expect(row!.n).toBe(1);

      // Last on the tab: Move up, by keyboard.
      const up = card.getByRole("button", { name: `Move up ${TITLE}` });
      await up.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => page.getByRole("status").filter({ hasText: `Moved ${TITLE} up` }).count(), { timeout: WAIT }).toBe(1);

      // Archive, after its confirmation.
      await card.getByRole("button", { name: `Archive ${TITLE}` }).click();
      await page.getByRole("button", { name: "Yes, archive" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: `Archived ${TITLE}` }).count(), { timeout: WAIT }).toBe(1);
      expect(await subscriptionsTab(browser)).not.toContain(TITLE);
    } finally {
      await staff.context.close();
    }
  });

  it("is axe clean at 1440 px with a package's price form open", async () => {
    const staff = await openConsoleAs(browser, "commerce@rovers.test", "/admin/packages", DESKTOP);
    try {
      const { page } = staff;
      const first = page.locator("li.console-packages__package").first();
      await expect.poll(() => first.isVisible(), { timeout: WAIT }).toBe(true);
      await first.getByRole("button", { name: /^Add a price to / }).click();
      await expect.poll(() => first.locator("form").isVisible(), { timeout: WAIT }).toBe(true);
      await expectAxeCleanWhenIdle(page, "console-packages-1440");
      await saveScreenshot(page, "console-packages-price-form");
    } finally {
      await staff.context.close();
    }
  });
});
