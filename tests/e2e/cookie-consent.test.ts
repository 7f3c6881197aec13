// The cookie popup shows on a first visit; Accept hides it, and it stays hidden after a reload.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, launchBrowser, openPage, waitForFooter, waitForHydration } from "./support/browser";
import { waitUntilShown } from "./support/visibility";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("cookie consent popup", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`accept hides it, also after a reload (${viewport.width} px)`, async () => {
      const { page, context, problems } = await openPage(browser, "/", viewport);
      try {
        const popup = page.getByRole("dialog", { name: "Cookie consent" });
        await waitUntilShown(popup, true);
        const accept = popup.getByRole("button", { name: "Accept" });
        await waitUntilShown(accept, true);
        await accept.click();
        await waitUntilShown(popup, false);

        await page.reload({ waitUntil: "load" });
        await waitForHydration(page);
        // Give a late popup every chance to appear before saying it did not.
        // With consent the event queue sends a batch after load; network idle is a courtesy wait, not an assertion.
        await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
        await page.waitForTimeout(500);
        await waitUntilShown(popup, false, 0);

        // Another page of the site: still no popup.
        await page.goto("/news", { waitUntil: "load" });
        await waitForHydration(page);
        await page.waitForTimeout(500);
        await waitUntilShown(popup, false, 0);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it("shows again for a visitor who has not accepted", async () => {
    const first = await openPage(browser, "/", DESKTOP);
    await first.page.getByRole("dialog", { name: "Cookie consent" }).getByRole("button", { name: "Accept" }).click();
    await first.context.close();
    const second = await openPage(browser, "/", DESKTOP);
    try {
      await waitUntilShown(second.page.getByRole("dialog", { name: "Cookie consent" }), true);
    } finally {
      await second.context.close();
    }
  });

  it("'Cookie settings' in the footer reopens the choices with the current ones ticked, and a changed choice is kept", { timeout: 120_000 }, async () => {
    const { page, context, problems } = await openPage(browser, "/", DESKTOP);
    try {
      const popup = page.getByRole("dialog", { name: "Cookie consent" });
      await popup.getByRole("button", { name: "Accept" }).click();
      await waitUntilShown(popup, false);

      await waitForFooter(page);
      await page.getByRole("button", { name: "Cookie settings" }).click();
      await waitUntilShown(popup, true);
      for (const name of ["Analytics", "Marketing", "Personalisation"]) {
        expect(await popup.getByRole("checkbox", { name: new RegExp(name) }).isChecked(), name).toBe(true);
      }
      await popup.getByRole("checkbox", { name: /Analytics/ }).uncheck();
      await popup.getByRole("button", { name: "Confirm my choices" }).click();
      await waitUntilShown(popup, false);
      const cookie = (await context.cookies()).find((c) => c.name === "cookie_consent");
      expect(decodeURIComponent(cookie?.value ?? "")).toBe("marketing,personalisation");

      // The server reads the new choice: no popup on the next page, analytics off.
      await page.goto("/news", { waitUntil: "load" });
      await waitForHydration(page);
      await waitUntilShown(popup, false, 0);
      expect(await page.evaluate(() => document.documentElement.dataset.prefs)).toContain("marketing,personalisation");
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
