// After sign-in the server's HTML already says 'Profile' (the signed-in hint cookie selects the
// signed-in variant of the cached page); after logout it says 'Log In' again.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage, waitForHydration } from "./support/browser";
import { submitPortalForm } from "./support/portal-form";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The header's account label in the HTML the server sent (before any script ran). */
async function serverLabel(fetchHtml: () => Promise<string>): Promise<string | undefined> {
  return /<span class="header-action__label">([^<]*)<\/span>/.exec(await fetchHtml())?.[1];
}

describe("signed-in first paint", () => {
  it("the server HTML says Profile once signed in, Log In after logout", async () => {
    const { page, context, problems } = await openPage(browser, "/matches", DESKTOP);
    try {
      const html = () => context.request.get(new URL("/matches", page.url()).toString()).then((r) => r.text());
      expect(await serverLabel(html)).toBe("Log In");

      await page.goto(new URL("/auth/login?returnUrl=%2Fmatches", page.url()).toString());
      await page.waitForURL(/\/sso\//);
      await submitPortalForm(
        page,
        async () => {
          await page.getByLabel("Email address").fill("fan@rovers.test");
          await page.getByLabel("Password").fill("rovers-demo");
        },
        "Log In",
        "/matches",
      );
      await waitForHydration(page);

      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === "rovers_signed_in")).toMatchObject({ value: "1", httpOnly: false });
      expect(await serverLabel(html)).toBe("Profile");
      // the signed-in variant hydrates cleanly and the login check agrees
      await page.reload({ waitUntil: "load" });
      await waitForHydration(page);
      await expect.poll(() => page.locator("header.site-header").getByRole("button", { name: "Profile" }).isVisible()).toBe(true);

      const out = await page.evaluate(async () => (await fetch("/auth/logout", { method: "POST", headers: { accept: "application/json" } })).status);
      expect(out).toBe(200);
      expect(await serverLabel(html)).toBe("Log In");
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
