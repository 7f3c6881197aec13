// Zero axe violations (WCAG 2.0/2.1/2.2 A and AA, best practices) on every route of spec §2 at
// 375 and 1440 px, after hydration, and with the popups a supporter meets open: the cookie popup,
// the main menu, the account panel. One browser, one page per width reused across the routes.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, waitForHydration, watchProblems, type Viewport } from "./support/browser";
import { axeViolations } from "./support/axe";
import { waitUntilShown } from "./support/visibility";

/** Every route family of spec §2, with slugs from the demo content. */
const routes: ReadonlyArray<{ path: string; status?: number }> = [
  { path: "/" },
  { path: "/news" },
  { path: "/news/callum-thornton-named-player-of-the-month-for-october" },
  { path: "/news/2024" },
  { path: "/news/2024/10" },
  { path: "/category" },
  { path: "/category/tickets" },
  { path: "/matches" },
  { path: "/matches/womens-first-team" },
  { path: "/matches/first-team/2023-24" },
  { path: "/match/first-team/2024-25/511" },
  { path: "/teams" },
  { path: "/teams/b-team" },
  { path: "/players" },
  { path: "/players/callum-thornton" },
  { path: "/videos" },
  { path: "/videos/browse" },
  { path: "/videos/categories" },
  { path: "/videos/faqs" },
  { path: "/videos/subscriptions" },
  { path: "/videos/channel/extended-highlights" },
  { path: "/videos/player/1_30pai5gt" },
  { path: "/videos/1_4vexy5f0" },
  { path: "/live" },
  { path: "/live/audio/men-audio-commentary" },
  { path: "/account/login" },
  { path: "/cookie-policy" },
  { path: "/website-privacy-policy" },
  { path: "/terms-of-use" },
  { path: "/club-information/company-details" },
  { path: "/club-information/contact-us" },
  { path: "/hospitality" },
  { path: "/payment-successful" },
  { path: "/payment-cancelled" },
  { path: "/your-club/fan-advisory-board" },
  { path: "/no/such/page", status: 404 },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function report(where: string, violations: string[]): string {
  return `${violations.length} axe violation(s) on ${where}:\n  ${violations.join("\n  ")}`;
}

for (const viewport of [MOBILE, DESKTOP] satisfies Viewport[]) {
  describe(`axe at ${viewport.width} px`, () => {
    let context: BrowserContext;
    let page: Page;
    let problems: string[];
    beforeAll(async () => {
      context = await browser.newContext({ viewport, baseURL: BASE_URL });
      // Consent given up front, so the popup does not cover the pages; it has its own check below.
      await context.addCookies([{ name: "cookie_consent", value: "1", url: BASE_URL }]);
      page = await context.newPage();
      problems = watchProblems(page);
    });
    afterAll(async () => {
      await context?.close();
    });

    for (const route of routes) {
      it(route.path, async () => {
        const response = await page.goto(route.path, { waitUntil: "load" });
        expect(response?.status(), route.path).toBe(route.status ?? 200);
        await waitForHydration(page, problems);
        const violations = await axeViolations(page);
        expect(violations, report(`${route.path} at ${viewport.width} px`, violations)).toEqual([]);
      });
    }

    it("with the main menu open", async () => {
      await page.goto("/", { waitUntil: "load" });
      await waitForHydration(page, problems);
      await page.getByRole("banner").getByRole("button", { name: "Open menu" }).press("Enter");
      await waitUntilShown(page.getByRole("navigation", { name: "Main menu" }), true);
      // A branch of the page tree open too, so its children are checked.
      await page.locator(".main-menu summary").first().press("Enter");
      const violations = await axeViolations(page);
      expect(violations, report(`the open main menu at ${viewport.width} px`, violations)).toEqual([]);
      await page.keyboard.press("Escape");
    });

    it("with every menu layout open", async () => {
      await page.goto("/", { waitUntil: "load" });
      await waitForHydration(page, problems);
      await page.getByRole("banner").getByRole("button", { name: "Open menu" }).press("Enter");
      await waitUntilShown(page.getByRole("navigation", { name: "Main menu" }), true);
      // full-menu and feature-menu are open already; open every component-menu and auto-only-menu group too.
      const summaries = page.locator(".main-menu summary");
      for (let i = 0; i < (await summaries.count()); i++) await summaries.nth(i).press("Enter");
      const violations = await axeViolations(page);
      expect(violations, report(`every menu layout open at ${viewport.width} px`, violations)).toEqual([]);
      await page.keyboard.press("Escape");
    });

    it("in spoiler-free mode", async () => {
      await context.addCookies([{ name: "rovers_spoiler_free", value: "1", url: BASE_URL }]);
      try {
        for (const path of ["/matches/first-team/2023-24", "/match/first-team/2024-25/511", "/"]) {
          await page.goto(path, { waitUntil: "load" });
          await waitForHydration(page, problems);
          // The results list has a 'Reveal score' in every row (match 511 may be a fixture, the home card below the fold).
          if (path.startsWith("/matches/")) await page.getByRole("button", { name: /^Reveal score: / }).first().waitFor({ state: "attached", timeout: 10_000 });
          const violations = await axeViolations(page);
          expect(violations, report(`${path} spoiler-free at ${viewport.width} px`, violations)).toEqual([]);
        }
        await page.getByRole("banner").getByRole("button", { name: "Open menu" }).press("Enter");
        await waitUntilShown(page.getByRole("switch", { name: /Spoiler-free mode/ }), true);
        const violations = await axeViolations(page);
        expect(violations, report(`the spoiler-free switch at ${viewport.width} px`, violations)).toEqual([]);
        await page.keyboard.press("Escape");
      } finally {
        await context.clearCookies({ name: "rovers_spoiler_free" });
      }
    });

    it("with the account panel open", async () => {
      await page.goto("/news", { waitUntil: "load" });
      await waitForHydration(page, problems);
      await page.getByRole("banner").getByRole("button", { name: "Log In" }).press("Enter");
      await waitUntilShown(page.getByRole("dialog"), true);
      const violations = await axeViolations(page);
      expect(violations, report(`the open account panel at ${viewport.width} px`, violations)).toEqual([]);
      await page.keyboard.press("Escape");
    });

    it("with a package card turned to its back", async () => {
      await page.goto("/videos/subscriptions", { waitUntil: "load" });
      await waitForHydration(page, problems);
      await page.getByRole("button", { name: /^More about / }).first().press("Enter");
      await waitUntilShown(page.getByRole("button", { name: /^Close more about / }).first(), true);
      const violations = await axeViolations(page);
      expect(violations, report(`a turned package card at ${viewport.width} px`, violations)).toEqual([]);
    });

    it("with the cookie popup shown", async () => {
      await context.clearCookies();
      await page.goto("/", { waitUntil: "load" });
      await waitForHydration(page, problems);
      await waitUntilShown(page.getByRole("dialog", { name: "Cookie consent" }), true);
      const violations = await axeViolations(page);
      expect(violations, report(`the cookie popup at ${viewport.width} px`, violations)).toEqual([]);
    });
  });
}

describe("axe when signed in", () => {
  it("the page with 'Logged In' showing, and the account panel with the account summary, at both widths", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
    try {
      await context.addCookies([{ name: "cookie_consent", value: "1", url: BASE_URL }]);
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto("/news", { waitUntil: "load" });
      await waitForHydration(page, problems);
      // Through the embedded dev portal, as the account with the most to show (restrictions bypassed).
      await page.getByRole("banner").getByRole("button", { name: "Log In" }).press("Enter");
      await page.getByRole("dialog").getByRole("link", { name: "Log In" }).press("Enter");
      await page.waitForURL(/\/sso\//);
      await page.getByLabel("Email address").fill("bypass@rovers.test");
      await page.getByLabel("Password").fill("rovers-demo");
      await page.getByRole("button", { name: "Log In" }).press("Enter");
      await page.waitForURL((url) => url.pathname === "/news");
      await waitForHydration(page, problems);
      await waitUntilShown(page.getByRole("status").filter({ hasText: "Logged In" }), true);
      let violations = await axeViolations(page);
      expect(violations, report("/news signed in, 'Logged In' showing", violations)).toEqual([]);

      const profile = page.getByRole("banner").getByRole("button", { name: "Profile" });
      for (const viewport of [DESKTOP, MOBILE]) {
        await page.setViewportSize(viewport);
        await profile.press("Enter");
        const panel = page.getByRole("dialog");
        await waitUntilShown(panel.getByText("Welcome back"), true);
        violations = await axeViolations(page);
        expect(violations, report(`the account summary at ${viewport.width} px`, violations)).toEqual([]);
        await page.keyboard.press("Escape");
        await waitUntilShown(panel, false);
      }
    } finally {
      await context.close();
    }
  });
});
