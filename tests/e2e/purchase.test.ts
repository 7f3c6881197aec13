// A freemium account buys Rovers TV monthly through the dev checkout with FIRSTMONTH,
// lands on payment-successful, and a replay that was locked now plays; View Subscriptions opens
// the dev portal, and cancelling there removes the entitlement (the 'now' option). The buyer is an
// account of the test's own: fan@ stays freemium for the files that read it.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import { BASE_URL, DESKTOP, MOBILE, SCREENSHOT_DIR, launchBrowser, openPage, saveScreenshot, waitForHydration } from "./support/browser";
import { signInAs, midTierReplay } from "./support/demo-account";
import { registerAs } from "./support/fresh-account";
import { club } from "../../src/config/club";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const playbackStatus = (page: Page, entryId: string) =>
  page.evaluate(async (id) => {
    const res = await fetch("/api/playback", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ entryId: id }) });
    return res.status;
  }, entryId);

describe("buying Rovers TV", () => {
  it("a new freemium account → dev checkout with FIRSTMONTH → payment-successful → the locked replay plays → portal cancel removes it", async () => {
    const replay = await midTierReplay();
    const { page, context } = await openPage(browser, "/videos/subscriptions", DESKTOP);
    try {
      await registerAs(page, "buyer", { entitlements: [club.entitlements.freemium] });
      expect(await playbackStatus(page, replay.entryId)).not.toBe(200);

      const card = page.locator(".package-card", { hasText: "Rovers TV (Video)" });
      await card.getByRole("button", { name: "Buy - £1.99 p/m" }).click();
      await page.waitForURL(/\/dev-payments\/checkout\/cs_dev_/);
      await page.getByLabel("Promotion code").fill("FIRSTMONTH");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect.poll(() => page.getByTestId("due-today").textContent()).toBe("£0.00");
      await saveScreenshot(page, "dev-checkout");
      await page.setViewportSize(MOBILE);
      await saveScreenshot(page, "dev-checkout");
      await page.setViewportSize(DESKTOP);
      await page.getByRole("button", { name: "Subscribe £0.00" }).click();
      await page.waitForURL((url) => url.pathname === "/payment-successful");
      await waitForHydration(page);

      expect(await playbackStatus(page, replay.entryId)).toBe(200);
      await page.goto(`/videos/${replay.entryId}`);
      await waitForHydration(page);
      const play = page.getByRole("button", { name: `Play ${replay.title}` });
      await expect.poll(() => play.isVisible(), { timeout: 15_000 }).toBe(true);
      await play.click();
      const dialog = page.getByRole("dialog", { name: replay.title });
      await expect.poll(() => dialog.locator(".video-overlay__stage").getAttribute("data-phase"), { timeout: 20_000 }).toBe("playing");
      await expect.poll(() => dialog.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(1);
      await page.keyboard.press("Escape");

      // The subscriptions page's video variant: the owned-state box, whose Manage Subscriptions opens the portal
      await page.goto("/videos/subscriptions?variant=video");
      await waitForHydration(page);
      const owned = page.locator(".subscription-plans__owned");
      await expect.poll(() => owned.isVisible(), { timeout: 15_000 }).toBe(true);
      await owned.getByRole("button", { name: "Manage Subscriptions" }).click();
      await page.waitForURL(/\/dev-payments\/portal/);
      await page.goto("/videos");
      await waitForHydration(page);

      // View Subscriptions → the dev portal; 'Cancel now' removes the entitlement
      await page.locator("header.site-header").getByRole("button", { name: /Profile/ }).click();
      await page.locator("#account-panel").getByRole("button", { name: "View Subscriptions" }).click();
      await page.waitForURL(/\/dev-payments\/portal/);
      await expect.poll(() => page.getByText("Rovers TV (Video)").isVisible()).toBe(true);
      await page.getByRole("button", { name: "Cancel now (testing)" }).click();
      await page.waitForURL(/\/dev-payments\/portal/);
      await expect.poll(() => page.getByText("Cancelled").isVisible()).toBe(true);
      expect(await playbackStatus(page, replay.entryId)).not.toBe(200);
    } finally {
      await context.close();
    }
    // a registration, a whole purchase, playback and two portal visits: minutes on a loaded 2-core machine
  }, 300_000);
});

describe("packages widget", () => {
  it("configured style and texts; the voucher overlay locks scroll and, signed out, asks the supporter to sign in", async () => {
    const { page, context } = await openPage(browser, "/videos/subscriptions", DESKTOP);
    try {
      // packages.style is 'dark' in the seed: a dark package gets a border, a light one a shadow (spec §5)
      await expect.poll(() => page.locator(".package-card--dark.package-card--border").count()).toBeGreaterThan(0);
      expect(await page.locator(".package-card--light.package-card--shadow").count()).toBeGreaterThan(0);
      await page.getByRole("button", { name: "Redeem a voucher" }).click();
      const dialog = page.getByRole("dialog", { name: "Redeem a voucher code" });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      // The lock is applied by an effect after the dialog renders: wait for it.
      await expect.poll(() => page.evaluate(() => document.body.classList.contains("is-locked"))).toBe(true);
      await saveScreenshot(page, "voucher-overlay");
      await dialog.getByLabel("Voucher code").fill("ROVERS2025");
      // Redemption is a call now (docs/spec-departures.md): signed out, the overlay gives way to the sign-in, as a purchase does.
      await dialog.getByRole("button", { name: "Redeem", exact: true }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => page.locator("#account-panel").getByText("Sign in to redeem a voucher.").isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe("selling without shouting", () => {
  it("every package card is the spec's height (480 px with two prices) at 375 and 1440 px; a club-given account's 'Manage Subscriptions' says there is no payment to manage", async () => {
    const { page, context } = await openPage(browser, "/videos/subscriptions", MOBILE);
    try {
      await expect.poll(() => page.locator(".package-card").count(), { timeout: 15_000 }).toBeGreaterThan(0);
      for (const viewport of [MOBILE, DESKTOP]) {
        await page.setViewportSize(viewport);
        const cards = await page.locator(".package-card").evaluateAll((els) => els.map((el) => ({ height: Math.round(el.getBoundingClientRect().height), prices: el.querySelectorAll(".price-option").length })));
        expect(cards.length).toBeGreaterThan(0);
        for (const card of cards) expect(card.height).toBe(480 + 80 * Math.max(0, card.prices - 2));
      }
      await registerAs(page, "club-given", { entitlements: [club.entitlements.mid] });
      const card = page.locator(".package-card", { hasText: "Rovers TV (Video)" });
      await card.getByRole("button", { name: "Manage Subscriptions" }).first().click();
      const panel = page.locator("#account-panel");
      await expect.poll(() => panel.getByText(`Your ${club.tvName} access was given by the club, so there is no payment to manage.`).isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await panel.getByRole("button", { name: "View Subscriptions" }).count()).toBe(0);
      await saveScreenshot(page, "manage-subscriptions-club-given");
    } finally {
      await context.close();
    }
  });
});

describe("packages carousel", () => {
  it("one card per view below 400 px; previous disabled at the first slide, next at the end; tabs switch lists", async () => {
    const { page, context } = await openPage(browser, "/videos/subscriptions", MOBILE);
    try {
      await page.getByRole("dialog", { name: "Cookie consent" }).getByRole("button", { name: "Accept" }).click();
      const carousel = page.getByRole("group", { name: "Subscriptions" });
      const prev = carousel.getByRole("button", { name: "Previous" });
      const next = carousel.getByRole("button", { name: "Next" });
      await expect.poll(() => prev.isDisabled()).toBe(true);
      // Both buttons stay disabled until the packages have come and the track is measured.
      await expect.poll(() => next.isDisabled()).toBe(false);
      await next.click();
      await expect.poll(() => next.isDisabled(), { timeout: 5_000 }).toBe(true);
      expect(await prev.isDisabled()).toBe(false);
      await saveScreenshot(page, "packages-widget");
      // the back of a card
      await page.getByRole("button", { name: /^More about Rovers TV \(Video\)/ }).click();
      await expect.poll(() => page.locator(".package-card.is-flipped").count()).toBe(1);
      await saveScreenshot(page, "packages-widget-back");
      await page.setViewportSize(DESKTOP);
      await saveScreenshot(page, "packages-widget-back");
      await page.getByRole("button", { name: /^Close more about Rovers TV \(Video\)/ }).click();
      await expect.poll(() => page.locator(".package-card.is-flipped").count()).toBe(0);
      await saveScreenshot(page, "packages-widget");
      await page.setViewportSize(MOBILE);
      await page.getByRole("tab", { name: "Match passes" }).click();
      await expect.poll(() => page.getByRole("group", { name: "Match passes" }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe("subscriptions page variants", () => {
  it("switcher of three; logged out 'You must be logged in to purchase' once, with prices; a plan's button takes the visitor to its buy button in the widget, the page's one place to buy", async () => {
    const { page, context } = await openPage(browser, "/videos/subscriptions?variant=monthly-audio", DESKTOP);
    try {
      await page.getByRole("dialog", { name: "Cookie consent" }).getByRole("button", { name: "Accept" }).click();
      const switcher = page.getByRole("radiogroup", { name: "Subscription" });
      expect(await switcher.getByRole("radio").allTextContents()).toEqual(["Yearly audio", "Monthly audio", "Video"]);
      await expect.poll(() => switcher.getByRole("radio", { name: "Monthly audio" }).getAttribute("aria-checked")).toBe("true");
      const plan = page.locator(".subscription-plans__plan");
      expect(await plan.getByRole("button").allTextContents()).toEqual(["Choose £5.99 per month"]);
      // the spec's phrase once, in the logged-out note; every price button names its price
      await expect.poll(() => page.locator(".package-card").count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const main = (await page.locator("main").innerText()).toLowerCase();
      expect(main.split("you must be logged in to purchase").length - 1).toBe(1);
      expect(await page.getByRole("note").innerText()).toContain("You must be logged in to purchase");
      expect(await page.locator(".package-card .price-option button").allTextContents()).toEqual(["Buy - £44.99 p/a", "Buy - £5.99 p/m", "Buy - £14.99 p/a", "Buy - £1.99 p/m"]);
      expect(await page.getByRole("button", { name: "Choose a subscription" }).count()).toBe(0);

      for (const viewport of [DESKTOP, MOBILE]) {
        await page.setViewportSize(viewport);
        for (const variant of ["Yearly audio", "Monthly audio", "Video"]) {
          await switcher.getByRole("radio", { name: variant }).click();
          await expect.poll(() => switcher.getByRole("radio", { name: variant }).getAttribute("aria-checked")).toBe("true");
          expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${variant} at ${viewport.width} px`).toBeLessThanOrEqual(0);
          await saveScreenshot(page, `subscriptions-${variant.toLowerCase().replace(" ", "-")}`);
        }
      }
      expect(new URL(page.url()).searchParams.get("variant")).toBe("video");
      expect(await plan.locator("h2").textContent()).toBe("Rovers TV (Video)");

      // at 375 px the widget shows one card at a time: the video package's monthly price is on the second
      const focused = () => page.evaluate(() => document.activeElement?.textContent ?? "");
      const inView = () =>
        page.evaluate(() => {
          const box = document.activeElement?.getBoundingClientRect();
          return !!box && box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth;
        });
      await plan.getByRole("button", { name: "Choose £1.99 per month" }).press("Enter");
      await expect.poll(focused).toBe("Buy - £1.99 p/m");
      await expect.poll(inView).toBe(true);
      // the window, not the whole page: a full-page picture resizes the window and the carousel with it
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, "subscriptions-chosen-375.png") });
      // from the Match passes tab too: the Subscriptions tab comes back with the price
      await page.getByRole("tab", { name: "Match passes" }).click();
      await plan.getByRole("button", { name: "Choose £14.99 per year" }).click();
      await expect.poll(focused).toBe("Buy - £14.99 p/a");
      expect(await page.getByRole("tab", { name: "Subscriptions" }).getAttribute("aria-selected")).toBe("true");
      // a press while signed out opens the login prompt, which says why
      await page.keyboard.press("Enter");
      await expect.poll(() => page.locator(".account-login__prompt").filter({ hasText: "You must be logged in to purchase" }).isVisible()).toBe(true);

      await page.goto("/videos/subscriptions?variant=monthly-audio", { waitUntil: "load" });
      await page.setViewportSize(DESKTOP);
      await signInAs(page, "fan@rovers.test");
      await switcher.getByRole("radio", { name: "Monthly audio" }).click();
      expect(await plan.getByRole("button").allTextContents()).toEqual(["Choose £5.99 per month"]);
      expect(await page.getByRole("note").count()).toBe(0);
      await plan.getByRole("button", { name: "Choose £5.99 per month" }).click();
      await expect.poll(focused).toBe("Buy - £5.99 p/m");
    } finally {
      await context.close();
    }
    // eight full-page screenshots and a sign-in
  }, 180_000);
});

describe("packages widget loading", () => {
  it("each tab loads until its own fetch of /api/packages?filter.packageType=… ends", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
    try {
      const page = await context.newPage();
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const asked: string[] = [];
      await page.route("**/api/packages?*", async (route) => {
        const type = new URL(route.request().url()).searchParams.get("filter.packageType") ?? "";
        asked.push(type);
        if (type === "match-pass") await held;
        await route.continue();
      });
      await page.goto("/videos/subscriptions", { waitUntil: "load" });
      await waitForHydration(page);
      // Subscriptions arrive while match passes are still held back
      await expect.poll(() => page.locator(".package-card").count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await page.getByRole("tab", { name: "Match passes" }).click();
      const status = page.getByRole("status").filter({ hasText: "Loading match passes" });
      await expect.poll(() => status.isVisible()).toBe(true);
      expect(await page.getByRole("tabpanel").getAttribute("aria-busy")).toBe("true");
      release();
      await expect.poll(() => page.getByRole("group", { name: "Match passes" }).isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await status.count()).toBe(0);
      expect(asked.sort()).toEqual(["match-pass", "membership"]);
    } finally {
      await context.close();
    }
  });
});
