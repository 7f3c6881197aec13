// A supporter signs in through the club login portal (the embedded dev portal), comes back to
// the page they started from, sees their account, and logs out.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage, saveScreenshot, waitForHydration } from "./support/browser";
import { submitPortalForm } from "./support/portal-form";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = "rovers-demo";

/** From a logged-out page: Log In → panel → portal → back on the same page. */
async function signIn(page: Page, email: string) {
  const startPath = new URL(page.url()).pathname;
  await page.locator("header.site-header").getByRole("button", { name: "Log In" }).click();
  const panel = page.locator("#account-panel");
  await expect.poll(() => panel.getByRole("heading", { name: "Sign in to your Northbridge Rovers FC account" }).isVisible()).toBe(true);
  await panel.getByRole("link", { name: "Log In" }).click();
  await page.waitForURL(/\/sso\//);
  await submitPortalForm(
    page,
    async () => {
      await page.getByLabel("Email address").fill(email.toUpperCase()); // the username is lowercased (spec §5)
      await page.getByLabel("Password").fill(PASSWORD);
    },
    "Log In",
    startPath,
  );
  await waitForHydration(page);
}

describe("sign-in", () => {
  it("signs in as the Rovers TV subscriber, lands back where they were, then logs out", async () => {
    const { page, context, problems } = await openPage(browser, "/teams", DESKTOP);
    try {
      await signIn(page, "tv@rovers.test");
      // Logged In notification, and the code/tokenpayload and loginSuccess are gone from the URL.
      await expect.poll(() => page.getByRole("status").filter({ hasText: "Logged In" }).isVisible()).toBe(true);
      await expect.poll(() => page.url()).not.toMatch(/loginSuccess|code=|tokenpayload/);
      const profile = page.locator("header.site-header").getByRole("button", { name: "Profile" });
      await expect.poll(() => profile.isVisible()).toBe(true);

      await profile.click();
      const panel = page.locator("#account-panel");
      await expect.poll(() => panel.getByText("Welcome back").isVisible()).toBe(true);
      await expect(await panel.textContent()).toContain("Account ID");
      await expect(await panel.textContent()).not.toContain("Account Restrictions Bypassed");
      await saveScreenshot(page, "account-panel");

      await panel.getByRole("button", { name: "Log Out" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: "Logged Out" }).isVisible(), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => page.locator("header.site-header").getByRole("button", { name: "Log In" }).isVisible()).toBe(true);

      // The session is gone server-side too: a reload stays logged out.
      await page.reload({ waitUntil: "load" });
      await waitForHydration(page);
      const session = await page.evaluate(async () => (await fetch("/api/session")).json());
      expect(session).toEqual({ data: null, meta: { directLogin: false } });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows 'Account Restrictions Bypassed' for the bypassed account", async () => {
    const { page, context } = await openPage(browser, "/news", DESKTOP);
    try {
      await signIn(page, "bypass@rovers.test");
      const profile = page.locator("header.site-header").getByRole("button", { name: "Profile" });
      await expect.poll(() => profile.isVisible()).toBe(true);
      await profile.click();
      await expect.poll(() => page.locator("#account-panel").getByText("Account Restrictions Bypassed").isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
