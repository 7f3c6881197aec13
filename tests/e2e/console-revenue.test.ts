// The console's 'Subscriptions and revenue': a visitor and a supporter get
// the site's 404 at /admin/revenue; a staff member (an account of the test's own, given the role in
// D1) sees the money taken and the MRR rise by exactly the price of a Rovers TV+ monthly plan bought
// through the dev checkout by another fresh account; the page is reached from the console's
// navigation (the browser's read), is axe clean at 375 and 1440 px, and is screenshotted at both.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import { DESKTOP, MOBILE, SCREENSHOT_DIR, launchBrowser, openPage, saveScreenshot, waitForHydration, type Viewport } from "./support/browser";
import { registerAs } from "./support/fresh-account";
import { queryD1 } from "./support/d1";
import { axeViolations } from "./support/axe";
import { expectConsoleNotFound, consoleSections } from "./support/console";

const PATH = "/admin/revenue";
const HEADING = "Subscriptions and revenue";
const PLUS_MONTHLY_PENCE = 599;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh account of this test, given the administrator role (every section, so 'Live now' links to revenue), on the revenue page. */
async function openAsStaff(viewport: Viewport = DESKTOP) {
  const opened = await openPage(browser, "/", viewport);
  const { email } = await registerAs(opened.page, "revenue-staff");
  const [row] = await queryD1<{ role: string }>(`INSERT INTO staff_roles (account, role, granted_by) SELECT sso_id, 'administrator', 'e2e' FROM accounts WHERE email = '${email}' RETURNING role`);
  expect(row?.role).toBe("administrator");
  const response = await opened.page.goto(PATH, { waitUntil: "load" });
  expect(response?.status()).toBe(200);
  await waitForHydration(opened.page);
  await expect.poll(() => opened.page.getByRole("heading", { name: HEADING }).isVisible()).toBe(true);
  return opened;
}

const stat = async (page: Page, key: string) => Number(await page.locator(`[data-stat="${key}"]`).getAttribute("data-value"));

describe("Subscriptions and revenue", () => {
  it("is the site's 404 for a visitor and for a signed-in supporter", async () => {
    const { page, context } = await openPage(browser, "/", DESKTOP);
    try {
      await expectConsoleNotFound(page, PATH, HEADING);
      await page.goto("/", { waitUntil: "load" });
      await waitForHydration(page);
      await registerAs(page, "revenue-fan");
      await expectConsoleNotFound(page, PATH, HEADING);
    } finally {
      await context.close();
    }
  });

  it("a dev-checkout purchase raises the money taken and the MRR by its price", async () => {
    const staff = await openAsStaff();
    const buyer = await openPage(browser, "/videos/subscriptions", DESKTOP);
    try {
      const takenBefore = await stat(staff.page, "gross");
      const mrrBefore = await stat(staff.page, "mrr");
      const subscribersBefore = await stat(staff.page, "subscribers");

      await registerAs(buyer.page, "revenue-buyer");
      const card = buyer.page.locator(".package-card", { hasText: "Rovers TV+ (Audio & Video)" });
      await card.getByRole("button", { name: "Buy - £5.99 p/m" }).click();
      await buyer.page.waitForURL(/\/dev-payments\/checkout\/cs_dev_/);
      await buyer.page.getByRole("button", { name: "Subscribe £5.99" }).click();
      await buyer.page.waitForURL((url) => url.pathname === "/payment-successful");

      await staff.page.reload({ waitUntil: "load" });
      await waitForHydration(staff.page);
      expect(await stat(staff.page, "gross")).toBe(takenBefore + PLUS_MONTHLY_PENCE);
      expect(await stat(staff.page, "mrr")).toBe(mrrBefore + PLUS_MONTHLY_PENCE);
      expect(await stat(staff.page, "subscribers")).toBe(subscribersBefore + 1);
      // the figure as staff read it: pounds, from the same pence
      const text = await staff.page.locator('[data-stat="gross"]').textContent();
      expect(text).toMatch(/^£[\d,]+\.\d{2}$/);
    } finally {
      await buyer.context.close();
      await staff.context.close();
    }
  });

  // One test a width: each with the whole of a test's time, since the page is long (ten charts and
  // tables) and axe reads it twice.
  it.each([MOBILE, DESKTOP])("opens from the console's navigation, and is axe clean at $width px", async (viewport) => {
    const { page, context } = await openAsStaff(viewport);
    try {
      // From 'Live now' through the sections' navigation: the browser's own read of the page's data.
      await page.goto("/admin", { waitUntil: "load" });
      await waitForHydration(page);
      await (await consoleSections(page)).getByRole("link", { name: HEADING }).click();
      await page.waitForURL((url) => url.pathname === PATH);
      await expect.poll(() => page.getByRole("heading", { name: HEADING }).isVisible()).toBe(true);
      expect(await page.locator(".chart").count()).toBeGreaterThanOrEqual(9);
      // Churn per month (six months) and the downloads, the days' CSV a file the browser saves
      expect(await page.locator("#churn-title").isVisible()).toBe(true);
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: "Download the 90 days (CSV)" }).click();
      expect((await download).suggestedFilename()).toMatch(/^revenue-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(await axeViolations(page)).toEqual([]);
      // the numbers behind a chart, opened
      await page.locator("#taken-title").locator("..").locator("summary").click();
      expect(await axeViolations(page)).toEqual([]);
      // nothing wider than the screen but the tables' own scrolling boxes
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.locator("#taken-title").locator("..").locator("summary").click();
      // The cookie popup (a fresh context) would cover the charts in the pictures.
      await page.getByRole("dialog", { name: "Cookie consent" }).getByRole("button", { name: /^Accept/ }).click();
      await saveScreenshot(page, "console-revenue");
      // one chart on its own, clear of the site's fixed header that a full-page shot paints over it
      const chart = page.locator("figure", { has: page.locator("#movements-title") });
      await chart.screenshot({ path: path.join(SCREENSHOT_DIR, `console-revenue-chart-${viewport.width}.png`) });
    } finally {
      await context.close();
    }
  });
});
