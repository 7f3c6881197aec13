// Spec §1, §2 'Account', §5, §7, §8, §9: direct username/password login, off by default and on by
// the club's `login.direct` web setting. With it on, a supporter signs in from the account panel by
// keyboard alone at 375 px (the username typed in capitals: it is lowercased), and a wrong password
// shows the portal's message under the fields. The setting is site-wide: this file runs in the e2e
// suite's exclusive phase and turns it off again in afterAll.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, launchBrowser, openPage, saveScreenshot, type Viewport } from "./support/browser";
import { axeViolations } from "./support/axe";
import { setSetting } from "./support/site-settings";

let browser: Browser;
beforeAll(async () => {
  await setSetting("login.direct", "1");
  browser = await launchBrowser();
});
afterAll(async () => {
  await setSetting("login.direct", "0");
  await browser?.close();
});

/** Opens the account panel from the header by keyboard and returns it with the username field focused. */
async function openLoginForm(page: Page) {
  const logIn = page.locator("header.site-header").getByRole("button", { name: "Log In" });
  await logIn.focus();
  await page.keyboard.press("Enter");
  const panel = page.locator("#account-panel");
  const username = panel.getByLabel("Username");
  await expect.poll(() => username.isVisible()).toBe(true);
  await username.focus();
  return panel;
}

async function typeCredentials(page: Page, username: string, password: string) {
  await page.keyboard.type(username);
  await page.keyboard.press("Tab");
  await page.keyboard.type(password);
  await page.keyboard.press("Enter");
}

describe("direct login with login.direct on", () => {
  it("signs in through the account panel's form by keyboard at 375 px", async () => {
    const { page, context } = await openPage(browser, "/news", MOBILE);
    try {
      const panel = await openLoginForm(page);
      expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("username");
      await typeCredentials(page, "FAN@Rovers.Test", "rovers-demo");
      await expect.poll(() => page.getByText("Logged In").first().isVisible()).toBe(true);
      const session = (await page.evaluate(() => fetch("/api/session").then((r) => r.json()))) as { data: { attributes: { email: string } } | null };
      expect(session.data?.attributes.email).toBe("fan@rovers.test");
      expect(await panel.getByLabel("Password").count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  for (const [name, viewport] of [
    ["375", MOBILE],
    ["1440", DESKTOP],
  ] as [string, Viewport][]) {
    it(`a wrong password shows the message under the fields, axe clean at ${name} px`, async () => {
      const { page, context } = await openPage(browser, "/", viewport);
      try {
        const panel = await openLoginForm(page);
        await typeCredentials(page, "fan@rovers.test", "not-the-password");
        const error = panel.getByRole("alert");
        await expect.poll(() => error.textContent()).toBe("Your email address or password is incorrect");
        await saveScreenshot(page, `direct-login-error-${name}`);
        expect(await axeViolations(page)).toEqual([]);
        const session = (await page.evaluate(() => fetch("/api/session").then((r) => r.json()))) as { data: unknown };
        expect(session.data).toBeNull();
      } finally {
        await context.close();
      }
    });
  }
});
