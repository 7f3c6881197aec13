// A section sponsor slot (spec §3) shows under its section's heading, in the
// first paint, as a keyboard-reachable link with a label; axe clean at 375 and 1440 px. The
// rules (inactive, app, child-friendly) are worker tests (tests/worker/section-sponsors.test.ts).
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe";
import { DESKTOP, launchBrowser, MOBILE, openPage, saveScreenshot } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("section sponsors", () => {
  it.each([
    ["/matches", "Fixtures presented by Calder Motors", "Calder Motors"],
    ["/videos", "Rovers TV in association with Vale Fibre Broadband", "Vale Fibre Broadband"],
  ])("%s shows its sponsor under the heading, at 375 and 1440 px", async (path, label, sponsor) => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const { page, context, problems } = await openPage(browser, path, viewport);
      try {
        const aside = page.getByRole("complementary", { name: "Section sponsor" });
        expect(await aside.isVisible()).toBe(true);
        expect(await aside.locator(".section-sponsor__label").textContent()).toBe(label);
        const link = aside.getByRole("link", { name: `${sponsor} (opens in a new tab)` });
        expect(await link.getAttribute("target")).toBe("_blank");
        await link.focus();
        expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
        expect(problems).toEqual([]);
        await saveScreenshot(page, `section-sponsor${path.replace(/\//g, "-")}`);
      } finally {
        await context.close();
      }
    }
  });

  it("/news has no active web slot, so nothing shows", async () => {
    const { page, context } = await openPage(browser, "/news", DESKTOP);
    try {
      expect(await page.locator(".section-sponsor").count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
