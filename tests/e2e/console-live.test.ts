// The console's Live streams screen at 375 px, by keyboard where it matters: the administrator (the
// demo account staff@rovers.test) creates a live event, first meeting a field error beside the
// title with the focus on it; the new event's stream key shows once with its SRT address and Copy
// buttons, and after 'Done' only masked; the ingest details name the SRT port; rotating the key asks
// first (Cancel gives the focus back), then shows a different key; ending asks first and the event
// reads Ended with no more actions. Every state checked is axe clean. The run's events carry their
// own title and are deleted at the end.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOBILE, launchBrowser, saveScreenshot } from "./support/browser";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { openConsoleAs } from "./support/console";
import { queryD1 } from "./support/d1";

/** Generous: the machine is shared. */
const WAIT = 120_000;
const TITLE = `E2E live ${Date.now().toString(36)}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await queryD1("DELETE FROM live_stream_assets WHERE title LIKE ?", [`${TITLE}%`]);
  await browser?.close();
});

const expectAxeClean = (page: Page, name: string) => expectAxeCleanWhenIdle(page, name, WAIT);
const isFocused = (page: Page, selector: string) => page.locator(selector).evaluate((el) => el === document.activeElement);
const issuedKey = (page: Page) => page.locator('[data-issued-key] [data-copy="Passphrase (stream key)"]').textContent();

describe("live streams in the console", () => {
  it("creates an event with its key shown once, rotates the key and ends the event after confirmations, at 375 px", async () => {
    const { context, page } = await openConsoleAs(browser, "staff@rovers.test", "/admin/live", MOBILE);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    try {
      await expect.poll(() => page.getByRole("heading", { name: "Live streams", level: 2 }).isVisible(), { timeout: WAIT }).toBe(true);
      const add = page.locator('form[data-form="add"]');
      await add.getByRole("button", { name: "Create event" }).click();
      await expect.poll(() => page.locator("#add-title-error").textContent(), { timeout: WAIT }).toBe("Enter a title");
      expect(await page.locator("#add-title").getAttribute("aria-invalid")).toBe("true");
      expect(await isFocused(page, "#add-title")).toBe(true);
      await expectAxeClean(page, "console-live-error");

      // Corrected, a fixture picked by its name, sent by keyboard.
      await page.locator("#add-title").fill(TITLE);
      const fixture = await page.locator("#add-matchId option").nth(1).textContent();
      await page.locator("#add-matchId").selectOption({ label: fixture ?? "" });
      await page.locator("#add-matchPass").check();
      await page.locator("#add-startsAt").fill("2026-12-24T15:00");
      await page.locator("#add-title").press("Enter");
      await expect.poll(() => page.getByRole("status").filter({ hasText: `Created ${TITLE}.` }).count(), { timeout: WAIT }).toBe(1);
      const first = await issuedKey(page);
      expect(first).toMatch(/^[0-9a-f]{48}$/);
      expect(await page.locator('[data-issued-key] [data-copy="Full push address (OBS Server)"]').textContent()).toMatch(/^srt:\/\/[^:]+:\d+\?passphrase=[0-9a-f]{48}&pbkeylen=32$/);
      // RTMP beside it: the one server for every event, the same key as its stream key.
      expect(await page.locator('[data-issued-key] [data-copy="RTMP server"]').textContent()).toMatch(/^rtmp:\/\/[^:]+:\d+\/live$/);
      expect(await page.locator('[data-issued-key] [data-copy="RTMP stream key"]').textContent()).toBe(first);
      expect(await isFocused(page, "#issued-heading")).toBe(true);
      await page.getByRole("button", { name: "Copy the passphrase (stream key)" }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), { timeout: WAIT }).toBe(first);
      await expectAxeClean(page, "console-live-issued");
      await saveScreenshot(page, "console-live-issued");

      const card = page.locator("article").filter({ has: page.getByRole("heading", { name: TITLE, level: 4 }) });
      await expect.poll(() => card.count(), { timeout: WAIT }).toBe(1);
      expect(await card.textContent()).toContain("Idle (no push)");
      expect(await card.textContent()).toContain(fixture?.split(",")[0] ?? "?");
      await page.getByRole("button", { name: "Done, hide the key" }).click();
      expect(await page.locator("[data-issued-key]").count()).toBe(0);
      expect(await page.content()).not.toContain(first);

      // The ingest details: the SRT address and port, the key masked.
      await card.locator("summary").focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => card.getByText(/^srt:\/\/[^:]+:\d+$/).isVisible(), { timeout: WAIT }).toBe(true);
      expect(await card.textContent()).toContain("key 1, shown once when issued");
      expect(await card.textContent()).toContain("Service “Custom…”");
      await expectAxeClean(page, "console-live-ingest");

      // Rotate: asked first; Cancel gives the focus back.
      const rotate = card.getByRole("button", { name: `Rotate key of ${TITLE}` });
      await rotate.click();
      await expect.poll(() => card.getByRole("button", { name: "Yes, rotate the key" }).isVisible(), { timeout: WAIT }).toBe(true);
      await expectAxeClean(page, "console-live-rotate-confirm");
      await card.getByRole("button", { name: "Cancel" }).click();
      await expect.poll(() => rotate.evaluate((el) => el === document.activeElement), { timeout: WAIT }).toBe(true);
      await rotate.click();
      await card.getByRole("button", { name: "Yes, rotate the key" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: "the old key no longer connects" }).count(), { timeout: WAIT }).toBe(1);
      const second = await issuedKey(page);
      expect(second).toMatch(/^[0-9a-f]{48}$/);
      expect(second).not.toBe(first);
      await page.getByRole("button", { name: "Done, hide the key" }).click();
      await expect.poll(async () => (await card.textContent()) ?? "", { timeout: WAIT }).toContain("key 2, shown once when issued");

      // End: asked first, then Ended with no more actions.
      await card.getByRole("button", { name: `End event: ${TITLE}` }).click();
      await card.getByRole("button", { name: "Yes, end the event" }).click();
      await expect.poll(() => card.locator('[data-status="disabled"]').textContent(), { timeout: WAIT }).toBe("Ended");
      expect(await card.getByRole("button", { name: `Rotate key of ${TITLE}` }).count()).toBe(0);
      await expectAxeClean(page, "console-live-ended");
      await saveScreenshot(page, "console-live-ended");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      const audit = await queryD1("SELECT action, detail FROM admin_audit_log WHERE action LIKE 'live-event.%' AND detail LIKE ? ORDER BY id", [`%${TITLE}%`]);
      expect(audit.map((r) => r.action)).toEqual(["live-event.create", "live-event.rotate-key", "live-event.end"]);
      for (const r of audit) {
        expect(String(r.detail)).not.toContain(first);
        expect(String(r.detail)).not.toContain(second);
      }
    } finally {
      await context.close();
    }
  }, 300_000);
});
