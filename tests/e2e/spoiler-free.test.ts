// Spoiler-free mode from the main menu's switch: the results list loses its scores without a full
// reload, one match's score comes back on request, a reload stays spoiler-free (SSR), and the
// switch turns it off again.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, launchBrowser, openPage, saveScreenshot, waitForHydration } from "./support/browser";
import { waitUntilShown } from "./support/visibility";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A finished season: every row is a result with a score. */
const RESULTS = "/matches/first-team/2023-24";

describe("spoiler-free mode", () => {
  it("hides scores from the menu's switch without a reload, reveals one match, and survives a reload", async () => {
    const { page, context, problems } = await openPage(browser, RESULTS, DESKTOP);
    try {
      const scores = page.locator(".matches-list .scoreline__score");
      const reveal = page.getByRole("button", { name: /^Reveal score: / });
      await waitUntilShown(scores.first(), true);
      expect(await reveal.count()).toBe(0);
      // Marks this document: if the switch reloaded the page, the mark would be gone.
      await page.evaluate(() => ((window as Window & { sameDocument?: boolean }).sameDocument = true));

      await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
      const toggle = page.getByRole("switch", { name: /Spoiler-free mode/ });
      await waitUntilShown(toggle, true);
      expect(await toggle.getAttribute("aria-checked")).toBe("false");
      await toggle.click();
      await page.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute("aria-checked") === "true");
      await page.keyboard.press("Escape");

      await page.waitForFunction(() => document.querySelectorAll(".matches-list .scoreline__score").length === 0, undefined, { timeout: 15_000 });
      await waitUntilShown(reveal.first(), true);
      expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(await page.locator(".match-outcome").count()).toBe(0);

      // One match revealed: its score only.
      const rows = await reveal.count();
      await reveal.first().click();
      await waitUntilShown(scores.first(), true);
      expect(await scores.count()).toBe(1);
      expect(await reveal.count()).toBe(rows - 1);

      // A reload is rendered spoiler-free by the worker: no score in the HTML at all.
      const html = await (await page.reload({ waitUntil: "load" }))!.text();
      expect(html).not.toContain("scoreline__score");
      expect(html).not.toMatch(/"goalsFor":\d/);
      await waitForHydration(page, problems);
      await waitUntilShown(reveal.first(), true);
      for (const viewport of [MOBILE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await saveScreenshot(page, "fixtures-spoiler-free");
      }

      // Off again: the scores come back.
      await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
      await waitUntilShown(toggle, true);
      expect(await toggle.getAttribute("aria-checked")).toBe("true");
      await toggle.click();
      await page.keyboard.press("Escape");
      await waitUntilShown(scores.first(), true, 15_000);
      expect(await reveal.count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
    // Full-page screenshots of a long results list take a while on a loaded 2-core machine.
  }, 180_000);
});
