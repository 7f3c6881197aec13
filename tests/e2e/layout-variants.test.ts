// Spec §2 'Layouts': the header (sticky or v3), footer advertising (v1, v2 or v3)
// and footer (v1 or v2) are chosen by web settings. Each is switched here through the admin API, as
// the club would, and the next request shows it, axe clean at 375 and 1440 px. The variants are
// site-wide: this file runs in the e2e suite's exclusive phase and puts the defaults back in afterAll.
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, SCREENSHOT_DIR, launchBrowser, saveScreenshot, waitForFooter, waitForHydration, watchProblems } from "./support/browser";
import { axeViolations } from "./support/axe";
import { setSetting, setting } from "./support/site-settings";
import { signInAs } from "./support/demo-account";

interface Layout {
  header: "sticky" | "v3";
  footer: "v1" | "v2";
  footerAdverts: "v1" | "v2" | "v3";
}
const DEFAULT_LAYOUT: Layout = { header: "sticky", footer: "v1", footerAdverts: "v1" };
// Every variant of each part appears at least once.
const LAYOUTS: Layout[] = [DEFAULT_LAYOUT, { header: "v3", footer: "v2", footerAdverts: "v2" }, { header: "v3", footer: "v1", footerAdverts: "v3" }];

async function putLayout(layout: Layout): Promise<void> {
  for (const [part, value] of Object.entries(layout)) await setSetting(`layout.${part}`, value);
}

const SEARCH_PLACEHOLDER = await setting("search.placeholder");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  // the rest of the suite expects the default layout, whatever happened here
  await putLayout(DEFAULT_LAYOUT);
  await setSetting("search.placeholder", SEARCH_PLACEHOLDER);
  await setSetting("account.debugHelp", "0");
  await setSetting("login.social.google", "0");
  await setSetting("login.social.facebook", "0");
  await browser?.close();
});

async function scrollBy(page: Page, y: number): Promise<void> {
  await page.mouse.wheel(0, y);
  await page.waitForTimeout(600);
}

describe("layout variants by configuration", () => {
  for (const layout of LAYOUTS) {
    const name = `header ${layout.header}, footer ${layout.footer}, footer advertising ${layout.footerAdverts}`;
    for (const viewport of [MOBILE, DESKTOP]) {
      it(`${name} (${viewport.width} px)`, async () => {
        await putLayout(layout);
        const context = await browser.newContext({ viewport, baseURL: BASE_URL });
        await context.addCookies([{ name: "cookie_consent", value: "1", url: BASE_URL }]);
        const page = await context.newPage();
        const problems = watchProblems(page);
        try {
          expect((await page.goto("/news", { waitUntil: "load" }))?.status()).toBe(200);
          await waitForHydration(page, problems);
          const header = page.locator("header.site-header");
          expect(await header.getAttribute("data-variant")).toBe(layout.header);
          expect(await page.locator("footer.site-footer").getAttribute("data-variant")).toBe(layout.footer);
          expect(await page.locator("aside.footer-adverts").getAttribute("data-variant")).toBe(layout.footerAdverts);
          // The compact footer has one row of quick links, the full one three titled columns.
          const quickLinks = page.getByRole("navigation", { name: "Quick links" });
          expect(await quickLinks.getByRole("heading").count()).toBe(layout.footer === "v1" ? 3 : 0);
          expect(await quickLinks.getByRole("link").count()).toBeGreaterThan(6);
          // The club name stays in the header (spec §2 'Header'), in both variants.
          await expect.poll(() => page.getByRole("link", { name: /Northbridge Rovers.* home/ }).first().isVisible()).toBe(true);

          expect(await axeViolations(page)).toEqual([]);
          await waitForFooter(page);
          await page.evaluate(() => window.scrollTo(0, 0));
          const shot = `layout-${layout.header}-${layout.footer}-${layout.footerAdverts}`;
          await saveScreenshot(page, shot);
          // Close-ups of the parts that change, the adverts' images loaded.
          await header.screenshot({ path: path.join(SCREENSHOT_DIR, `${shot}-header-${viewport.width}.png`) });
          const adverts = page.locator("aside.footer-adverts");
          await adverts.scrollIntoViewIfNeeded();
          await page.locator(".footer-adverts[data-chosen='true']").waitFor({ state: "attached" });
          await page.waitForFunction(() => [...document.querySelectorAll(".footer-adverts img")].every((img) => (img as HTMLImageElement).complete));
          await adverts.screenshot({ path: path.join(SCREENSHOT_DIR, `${shot}-adverts-${viewport.width}.png`) });
          await page.locator("footer.site-footer .site-footer__main").screenshot({ path: path.join(SCREENSHOT_DIR, `${shot}-footer-${viewport.width}.png`) });
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.waitForTimeout(300);

          // Scrolling down: the sticky header slides away (its sticky copy takes over on wide
          // screens); v3 stays where it is and has no sticky copy.
          await scrollBy(page, 900);
          await scrollBy(page, 300);
          if (layout.header === "sticky") {
            await expect.poll(() => header.getAttribute("data-hidden")).toBe("true");
            expect(await page.locator(".sticky-nav").count()).toBe(1);
          } else {
            expect(await header.getAttribute("data-hidden")).toBe("false");
            expect((await header.boundingBox())?.y).toBe(0);
            expect(await page.locator(".sticky-nav").count()).toBe(0);
          }
          expect(problems).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});

describe("search.placeholder (spec §3 web settings)", () => {
  it("is the search field's placeholder, and follows an admin change on the next page", async () => {
    expect(SEARCH_PLACEHOLDER).not.toBe("");
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
    await context.addCookies([{ name: "cookie_consent", value: "1", url: BASE_URL }]);
    const page = await context.newPage();
    const problems = watchProblems(page);
    try {
      const placeholderOnOpen = async () => {
        await page.goto("/news", { waitUntil: "load" });
        await waitForHydration(page, problems);
        await page.getByRole("button", { name: "Search", exact: true }).click();
        const field = page.getByRole("searchbox", { name: "Search news and videos" });
        await field.waitFor();
        return field.getAttribute("placeholder");
      };
      expect(await placeholderOnOpen()).toBe(SEARCH_PLACEHOLDER);
      await setSetting("search.placeholder", "Find a player, a match or a replay");
      expect(await placeholderOnOpen()).toBe("Find a player, a match or a replay");
    } finally {
      await setSetting("search.placeholder", SEARCH_PLACEHOLDER);
      await context.close();
    }
  });
});

describe("account.debugHelp (spec §2 'Account summary')", () => {
  it("off: no package list; on: the account summary lists the account's packages, axe clean", async () => {
    await setSetting("account.debugHelp", "0");
    const context = await browser.newContext({ viewport: MOBILE, baseURL: BASE_URL });
    await context.addCookies([{ name: "cookie_consent", value: "1", url: BASE_URL }]);
    const page = await context.newPage();
    const problems = watchProblems(page);
    try {
      await page.goto("/news", { waitUntil: "load" });
      await waitForHydration(page, problems);
      // a demo account, only read (docs/testing.md)
      await signInAs(page, "plus@rovers.test");
      const panel = page.locator("#account-panel");
      const openPanel = async () => {
        await page.locator("header.site-header").getByRole("button", { name: "Profile" }).click();
        await panel.getByText("Welcome back").waitFor();
      };
      await openPanel();
      expect(await panel.getByRole("heading", { name: "Packages on this account" }).count()).toBe(0);

      await setSetting("account.debugHelp", "1");
      await page.reload({ waitUntil: "load" });
      await waitForHydration(page, problems);
      await openPanel();
      const list = panel.locator(".account-summary__debug");
      await list.getByRole("heading", { name: "Packages on this account" }).waitFor();
      const codes = await list.locator("li").allTextContents();
      expect(codes.some((code) => code.startsWith("roverstv")), codes.join(", ")).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await saveScreenshot(page, "account-debug-help");
    } finally {
      await setSetting("account.debugHelp", "0");
      await context.close();
    }
  });
});

describe("social sign-in links (spec §2 'Login form': two providers, off by default)", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`off: none; on: both in the account panel, axe clean, and each opens the portal for it (${viewport.width} px)`, async () => {
      const context = await browser.newContext({ viewport, baseURL: BASE_URL });
      await context.addCookies([{ name: "cookie_consent", value: "1", url: BASE_URL }]);
      const page = await context.newPage();
      const problems = watchProblems(page);
      const panel = page.locator("#account-panel");
      const openPanel = async () => {
        await page.goto("/news", { waitUntil: "load" });
        await waitForHydration(page, problems);
        await page.locator("header.site-header").getByRole("button", { name: "Log In" }).click();
        await panel.getByRole("heading", { name: /Sign in to your/ }).waitFor();
      };
      try {
        await setSetting("login.social.google", "0");
        await setSetting("login.social.facebook", "0");
        await openPanel();
        expect(await panel.getByRole("link", { name: /Continue with/ }).count()).toBe(0);

        await setSetting("login.social.google", "1");
        await setSetting("login.social.facebook", "1");
        await openPanel();
        const google = panel.getByRole("link", { name: "Continue with Google" });
        await google.waitFor();
        await panel.getByRole("link", { name: "Continue with Facebook" }).waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await panel.screenshot({ path: path.join(SCREENSHOT_DIR, `account-social-links-${viewport.width}.png`) });
        await google.click();
        await page.waitForURL(/\/sso\/login/);
        expect(new URL(page.url()).searchParams.get("social")).toBe("google");
        await page.getByText("Google sign-in, development stand-in").waitFor();
      } finally {
        await setSetting("login.social.google", "0");
        await setSetting("login.social.facebook", "0");
        await context.close();
      }
    });
  }
});
