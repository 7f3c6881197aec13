// Vouchers end to end: commerce (the demo account commerce@rovers.test, only read: the batch it
// issues is new) issues a batch of three codes in the console after a refused form, and downloads
// them as CSV; a fresh free supporter redeems one in the packages widget's voucher overlay, is told
// what it granted and until when, and plays a mid-tier replay; the same code again is refused
// beside the field and the overlay stays open. The console's screens and the overlay are axe clean
// at 375 and 1440 px.
import { readFile } from "node:fs/promises";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, launchBrowser, openPage } from "./support/browser";
import { openConsoleAs } from "./support/console";
import { midTierReplay } from "./support/demo-account";
import { registerAs } from "./support/fresh-account";
import { expectAxeCleanWhenIdle } from "./support/axe";

/** Generous: the machine is shared. */
const WAIT = 120_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A London date `days` from now, as a date input takes it. */
const londonDate = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/London" });

describe("vouchers", () => {
  it("commerce issues three codes and downloads them; a free supporter redeems one, plays a paid replay, and cannot use it twice", async () => {
    const name = `E2E gift ${Date.now().toString(36)}`;
    const staff = await openConsoleAs(browser, "commerce@rovers.test", "/admin/vouchers", DESKTOP);
    let codes: string[] = [];
    try {
      const { page } = staff;
      const form = page.locator('[data-form="voucher-batch"]');
      // Sent empty: each field that needs a change says so beside it, and the first takes the focus.
      await form.getByLabel("How many codes").fill("");
      await form.getByRole("button", { name: "Issue vouchers" }).click();
      await expect.poll(() => form.locator(".cfield__error").count(), { timeout: WAIT }).toBe(4);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("voucher-batch-name");
      await expectAxeCleanWhenIdle(page, "console-vouchers-refused-1440");

      await form.getByLabel("Name (who or what it is for)").fill(name);
      await form.getByRole("checkbox", { name: /^Rovers TV \(Video\)/ }).check();
      await form.getByLabel("How many codes").fill("3");
      await form.getByLabel("Days of access from redemption").fill("30");
      await form.getByLabel("Redeem by (last day, London time)").fill(londonDate(10));
      await form.getByRole("button", { name: "Issue vouchers" }).click();
      await page.waitForURL(/\/admin\/vouchers\/\d+$/, { timeout: WAIT });
      await expect.poll(() => page.getByRole("status").filter({ hasText: "Issued 3 codes." }).count(), { timeout: WAIT }).toBe(1);
      const rows = page.locator("[data-code]");
      await expect.poll(() => rows.count(), { timeout: WAIT }).toBe(3);
      codes = await rows.evaluateAll((els) => els.map((el) => el.getAttribute("data-code") ?? ""));
      for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
      expect(await page.locator("[data-counts]").textContent()).toBe("3 issued, 0 redeemed");
      expect(await page.getByText("access already redeemed stays").count()).toBe(1);

      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: "Download the codes (CSV)" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^vouchers-\d+\.csv$/);
      const csv = (await readFile(await file.path(), "utf8")).trimEnd().split("\r\n");
      expect(csv).toEqual(["code,status,redeemed_by,redeemed_at", ...codes.map((c) => `${c},unused,,`)]);
      await expectAxeCleanWhenIdle(page, "console-voucher-batch-1440");

      // The list shows the batch with its counts.
      await page.getByRole("link", { name: "All voucher batches" }).click();
      await expect.poll(() => page.getByRole("link", { name }).isVisible(), { timeout: WAIT }).toBe(true);
    } finally {
      await staff.context.close();
    }

    const replay = await midTierReplay();
    const { page, context } = await openPage(browser, "/videos/subscriptions", DESKTOP);
    try {
      await registerAs(page, "voucher");
      await expect.poll(() => page.locator("header.site-header").getByRole("button", { name: /Profile/ }).isVisible(), { timeout: WAIT }).toBe(true);
      await page.getByRole("button", { name: "Redeem a voucher" }).click();
      const dialog = page.getByRole("dialog", { name: "Redeem a voucher code" });
      await expect.poll(() => dialog.isVisible(), { timeout: WAIT }).toBe(true);
      // Typed as a supporter might: lower case, spaces for the dashes.
      await dialog.getByLabel("Voucher code").fill(codes[0]!.toLowerCase().replaceAll("-", " "));
      await dialog.getByRole("button", { name: "Redeem", exact: true }).click();
      const done = dialog.getByRole("status");
      await expect.poll(() => done.textContent().catch(() => ""), { timeout: WAIT }).toMatch(
        /^Voucher redeemed: you now have Rovers TV \(Video\) until \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \(UK time\)\.$/,
      );
      // Redeeming unlocks the page's scroll (spec §4), as closing does.
      await expect.poll(() => page.evaluate(() => document.body.classList.contains("is-locked"))).toBe(false);
      await expectAxeCleanWhenIdle(page, "voucher-redeemed-1440");
      await dialog.getByRole("button", { name: "Done" }).click();
      await expect.poll(() => dialog.count()).toBe(0);

      // The same code again: refused beside the field, the overlay stays open.
      await page.getByRole("button", { name: "Redeem a voucher" }).click();
      await dialog.getByLabel("Voucher code").fill(codes[0]!);
      await dialog.getByRole("button", { name: "Redeem", exact: true }).click();
      const refusal = dialog.locator(".voucher-overlay__error");
      await expect.poll(() => refusal.textContent().catch(() => ""), { timeout: WAIT }).toBe("That code has already been used.");
      expect(await dialog.getByLabel("Voucher code").getAttribute("aria-invalid")).toBe("true");
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("INPUT");
      await page.setViewportSize(MOBILE);
      await expectAxeCleanWhenIdle(page, "voucher-refused-375");
      await page.keyboard.press("Escape");
      await expect.poll(() => dialog.count()).toBe(0);
      await page.setViewportSize(DESKTOP);

      // The paid replay plays.
      await page.goto(`/videos/${replay.entryId}`, { waitUntil: "load" });
      const play = page.getByRole("button", { name: `Play ${replay.title}` });
      await expect.poll(() => play.isVisible(), { timeout: WAIT }).toBe(true);
      await play.click();
      const player = page.getByRole("dialog", { name: replay.title });
      await expect.poll(() => player.locator(".video-overlay__stage").getAttribute("data-phase").catch(() => null), { timeout: WAIT }).toBe("playing");
      const currentTime = () => player.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime);
      await expect.poll(currentTime, { timeout: WAIT }).toBeGreaterThan(1);
    } finally {
      await context.close();
    }
  }, 600_000);

  it("the console's list, a batch's page and its revoke confirmation are axe clean at 375 px", async () => {
    const { page, context } = await openConsoleAs(browser, "commerce@rovers.test", "/admin/vouchers", MOBILE);
    try {
      // A batch of this test's own, issued through the console's API from the page (its Origin).
      const id = await page.evaluate(async (redeemBy) => {
        const response = await fetch("/api/console/vouchers", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: "E2E phone check", entitlements: ["roverstv"], count: 2, periodDays: 7, redeemBy }),
        });
        return ((await response.json()) as { data: { attributes: { batch: { id: number } } } }).data.attributes.batch.id;
      }, londonDate(5));
      await page.reload({ waitUntil: "load" });
      await expect.poll(() => page.locator(`[data-batch="${id}"]`).count(), { timeout: WAIT }).toBe(1);
      await expectAxeCleanWhenIdle(page, "console-vouchers-375");
      await page.locator(`[data-batch="${id}"] a`).click();
      await page.waitForURL(new RegExp(`/admin/vouchers/${id}$`), { timeout: WAIT });
      await expect.poll(() => page.locator("[data-code]").count(), { timeout: WAIT }).toBe(2);
      await page.getByRole("button", { name: "Revoke unused codes" }).click();
      const confirm = page.getByRole("group", { name: "Revoke the 2 unused codes?" });
      await expect.poll(() => confirm.isVisible(), { timeout: WAIT }).toBe(true);
      expect(await confirm.textContent()).toContain("keep their access until it ends");
      await expectAxeCleanWhenIdle(page, "console-voucher-revoke-375");
      await confirm.getByRole("button", { name: "Yes, revoke" }).click();
      await expect.poll(() => page.locator('[data-status="revoked"]').count(), { timeout: WAIT }).toBe(2);
      expect(await page.locator(".console-accounts__done").textContent()).toContain("Access already redeemed stays.");
    } finally {
      await context.close();
    }
  }, 300_000);
});
