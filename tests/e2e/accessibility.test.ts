// Zero axe violations (WCAG 2.0/2.1/2.2 A and AA, best practices) on every route of spec §2 at
// 375 and 1440 px, after hydration, and with the popups a supporter meets open: the cookie popup,
// the main menu, the account panel, the search overlay, a news article open as a child view. One browser, one page per width reused across the routes.
// The site lock screen's sweep is in site-lock.test.ts, which turns the lock on for its own phase.
// The home page's match-day takeover (live and counting down) is swept at both widths in
// matchday-takeover.test.ts, which makes a match live in the exclusive phase.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, waitForHydration, watchProblems, type Viewport } from "./support/browser";
import { axeViolations } from "./support/axe";
import { waitUntilShown } from "./support/visibility";
import { PROMO_SEEN_COOKIE_NAME } from "../../src/domain/promo-window";
import { midTierReplay, signInAs } from "./support/demo-account";
import { createAccount } from "./support/fresh-account";
import { submitPortalForm } from "./support/portal-form";
import { queryD1 } from "./support/d1";
import { club } from "../../src/config/club";

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
  { path: "/streamer" },
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

    it("the match centre of a match with a live video stream (its locked panel; open and docked: match-video.test.ts)", async () => {
      const [row] = await queryD1<{ match_id: number }>("SELECT match_id FROM live_stream_assets WHERE id = 'women-live'");
      const path = `/match/womens-first-team/${row?.match_id}`;
      expect((await page.goto(path, { waitUntil: "load" }))?.status()).toBe(200);
      await waitForHydration(page, problems);
      await page.getByRole("region", { name: "Locked stream" }).waitFor({ timeout: 10_000 });
      const violations = await axeViolations(page);
      expect(violations, report(`${path} at ${viewport.width} px`, violations)).toEqual([]);
    });

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

    it("with a news article open as a child view over /news", async () => {
      await page.goto("/news", { waitUntil: "load" });
      await waitForHydration(page, problems);
      const card = page.locator("main .news-card__link").first();
      const href = await card.getAttribute("href");
      await card.press("Enter");
      await page.waitForURL((url) => url.pathname === href);
      await waitUntilShown(page.locator(".child-view"), true);
      const violations = await axeViolations(page);
      expect(violations, report(`the news child view at ${viewport.width} px`, violations)).toEqual([]);
      await page.keyboard.press("Escape");
      await page.waitForURL((url) => url.pathname === "/news");
    });

    it("with the search overlay open, with results and with 'No results found'", { timeout: 180_000 }, async () => {
      await page.goto("/", { waitUntil: "load" });
      await waitForHydration(page, problems);
      await page.getByRole("banner").getByRole("button", { name: "Search" }).press("Enter");
      const dialog = page.getByRole("dialog", { name: "Search" });
      await page.waitForFunction(() => document.activeElement?.id === "search-term", undefined, { timeout: 45_000 });
      await page.keyboard.type("highlights");
      await dialog.getByText(/^Showing \d+ of \d+ results$/).first().waitFor({ timeout: 45_000 });
      await dialog.getByRole("region", { name: "Videos" }).waitFor({ timeout: 45_000 });
      let violations = await axeViolations(page);
      expect(violations, report(`the search overlay with results at ${viewport.width} px`, violations)).toEqual([]);
      await dialog.getByRole("searchbox").fill("zqxwvunmatched");
      await dialog.getByText("No results found").waitFor({ timeout: 45_000 });
      violations = await axeViolations(page);
      expect(violations, report(`the search overlay with no results at ${viewport.width} px`, violations)).toEqual([]);
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

    it("with the overlay promo shown", async () => {
      // In a context of its own (consent given, no promo seen yet), as a supporter meets it: the
      // promo stays out of this sweep's shared page, where it would cover the checks that follow.
      const promoContext = await browser.newContext({ viewport, baseURL: BASE_URL });
      try {
        await promoContext.addCookies([{ name: "cookie_consent", value: "1", url: BASE_URL }]);
        await promoContext.clearCookies({ name: PROMO_SEEN_COOKIE_NAME });
        const promoPage = await promoContext.newPage();
        const promoProblems = watchProblems(promoPage);
        await promoPage.goto("/news", { waitUntil: "load" });
        await waitForHydration(promoPage, promoProblems);
        await waitUntilShown(promoPage.locator(".overlay-promo [role=dialog]"), true, 45_000);
        const violations = await axeViolations(promoPage);
        expect(violations, report(`the overlay promo at ${viewport.width} px`, violations)).toEqual([]);
      } finally {
        await promoContext.close();
      }
    });

    it("/videos/subscriptions with a plan's price chosen in the widget", async () => {
      await page.goto("/videos/subscriptions", { waitUntil: "load" });
      await waitForHydration(page, problems);
      await page.locator(".subscription-plans__plan").getByRole("button").first().press("Enter");
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest(".price-option") !== null)).toBe(true);
      const violations = await axeViolations(page);
      expect(violations, report(`/videos/subscriptions with a price chosen at ${viewport.width} px`, violations)).toEqual([]);
    });

    it("with the packages modal open over a locked video", async () => {
      const video = await midTierReplay();
      await page.goto(`/videos/${video.entryId}`, { waitUntil: "load" });
      await waitForHydration(page, problems);
      await page.getByRole("region", { name: "Locked video" }).getByRole("button", { name: "View Packages" }).press("Enter");
      const modal = page.getByRole("dialog", { name: "Choose a subscription" });
      await waitUntilShown(modal, true, 15_000);
      await expect.poll(() => modal.getByRole("listitem").count()).toBeGreaterThan(0);
      const violations = await axeViolations(page);
      expect(violations, report(`the packages modal at ${viewport.width} px`, violations)).toEqual([]);
      await page.keyboard.press("Escape");
    });

    it("/streamer with the sticky header copy shown", async () => {
      await page.goto("/streamer", { waitUntil: "load" });
      await waitForHydration(page, problems);
      await page.evaluate(() => document.getElementById("fixtures")?.scrollIntoView());
      await waitUntilShown(page.getByRole("navigation", { name: "Sections (sticky copy)" }), true);
      const violations = await axeViolations(page);
      expect(violations, report(`/streamer scrolled, sticky copy shown, at ${viewport.width} px`, violations)).toEqual([]);
    });

    it("with the cookie popup shown", async () => {
      // only the consent: the promos stay seen, so the popup is checked on its own
      await context.clearCookies({ name: "cookie_consent" });
      await page.goto("/", { waitUntil: "load" });
      await waitForHydration(page, problems);
      await waitUntilShown(page.getByRole("dialog", { name: "Cookie consent" }), true);
      const violations = await axeViolations(page);
      expect(violations, report(`the cookie popup at ${viewport.width} px`, violations)).toEqual([]);
      // and with its 'Manage choices' open (the three categories)
      await page.getByRole("dialog", { name: "Cookie consent" }).getByRole("button", { name: "Manage choices" }).click();
      await waitUntilShown(page.getByRole("checkbox", { name: /Analytics/ }), true);
      // axe reads colours as they are drawn: let the buttons' transitions finish first.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"), undefined, { timeout: 10_000 });
      const choices = await axeViolations(page);
      expect(choices, report(`the cookie choices at ${viewport.width} px`, choices)).toEqual([]);
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
      await submitPortalForm(
        page,
        async () => {
          await page.getByLabel("Email address").fill("bypass@rovers.test");
          await page.getByLabel("Password").fill("rovers-demo");
        },
        "Log In",
        "/news",
      );
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

describe("axe on live audio", () => {
  const STREAM = "/live/audio/men-audio-commentary";
  const bar = (page: Page) => page.getByRole("region", { name: "Live Audio" });

  /** Signs in on the live audio page and opens the bottom bar. */
  async function openAudio(email: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
    await context.addCookies([{ name: "cookie_consent", value: "1", url: BASE_URL }]);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(STREAM, { waitUntil: "load" });
    await waitForHydration(page, problems);
    await signInAs(page, email, STREAM);
    const start = page.locator(".theatre__play");
    await waitUntilShown(start, true, 60_000);
    await start.click({ timeout: 60_000 });
    await waitUntilShown(page.locator(".audio-player.is-visible"), true, 60_000);
    return { context, page };
  }

  async function sweep(page: Page, where: string) {
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      const violations = await axeViolations(page);
      expect(violations, report(`${where} at ${viewport.width} px`, violations)).toEqual([]);
    }
  }

  it("the bar playing, and the account panel listing the account's live devices", async () => {
    // Two stream sessions: an account of the test's own, so no other file's sessions are counted.
    const plus = await createAccount(browser, "a11y-plus", [club.entitlements.top]);
    const first = await openAudio(plus);
    const second = await openAudio(plus);
    try {
      const page = first.page;
      // One press on the live page plays: no 'Play stream' to press again.
      await expect.poll(() => bar(page).getAttribute("data-state"), { timeout: 60_000 }).toBe("playing");
      await sweep(page, "the live audio bar playing");

      await page.setViewportSize(DESKTOP);
      await page.locator("header.site-header").getByRole("button", { name: "Profile" }).click({ timeout: 60_000 });
      const panel = page.locator("#account-panel");
      await expect.poll(() => panel.getByRole("button", { name: "Sign out other devices" }).count(), { timeout: 60_000 }).toBe(1);
      await sweep(page, "the account panel's live devices");
    } finally {
      await Promise.all([first.context.close(), second.context.close()]);
    }
  }, 360_000);

  it("the bar with its not-subscribed error, and the live page's upgrade offer", async () => {
    const { context, page } = await openAudio("fan@rovers.test");
    try {
      await waitUntilShown(bar(page).getByRole("alert"), true, 60_000);
      await expect.poll(() => page.locator(".live-upgrade").count(), { timeout: 60_000 }).toBe(1);
      await sweep(page, "the live audio bar's error and the upgrade offer");
    } finally {
      await context.close();
    }
  }, 240_000);
});
