// Supporter care from the console's account page: support (the demo account support@rovers.test,
// only read here) grants complimentary Rovers TV+ to a fresh free account, which then plays a
// top-tier video; signs out one of a fresh account's two listening devices, the other carries on;
// adds a note; refunds a fresh supporter's Rovers TV+ from the payments table, which stops the
// supporter's live audio. The account page with its grant form open is axe clean at 375 and 1440 px.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, launchBrowser, openPage, saveScreenshot, waitForHydration, type Viewport } from "./support/browser";
import { signInAs, topTierVideo } from "./support/demo-account";
import { createAccount, registerAs } from "./support/fresh-account";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { club } from "../../src/config/club";

const STREAM_PATH = "/live/audio/men-audio-commentary";
/** Generous: the machine is shared. */
const WAIT = 120_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Support signed in, on the account page of `email`, found through the search, hydrated. */
async function openAccount(email: string, viewport: Viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openPage(browser, "/", viewport);
  await signInAs(page, "support@rovers.test", "/");
  const response = await page.goto(`/admin/accounts?q=${encodeURIComponent(email)}`, { waitUntil: "load" });
  expect(response?.status()).toBe(200);
  const link = page.getByRole("link", { name: email });
  await expect.poll(() => link.isVisible(), { timeout: WAIT }).toBe(true);
  await link.click();
  await expect.poll(() => page.getByRole("heading", { name: email, level: 2 }).isVisible(), { timeout: WAIT }).toBe(true);
  return { context, page };
}

/** A London date `days` from now, as a date input takes it. */
const londonDate = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/London" });

async function grant(page: Page, code: string, reason: string): Promise<void> {
  await page.getByRole("button", { name: "Grant complimentary access" }).click();
  const form = page.locator('[data-form="care-grant"]');
  await expect.poll(() => form.isVisible(), { timeout: WAIT }).toBe(true);
  // Sent empty first: each field says what it needs, beside it, and the first takes the focus.
  await form.getByRole("button", { name: "Grant access" }).click();
  await expect.poll(() => form.locator(".cfield__error").count(), { timeout: WAIT }).toBe(3);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("care-grant-entitlements");
  await form.getByRole("checkbox", { name: code, exact: true }).check();
  await form.getByLabel("Until (last day, London time)").fill(londonDate(3));
  await form.getByLabel("Reason").fill(reason);
  await form.getByRole("button", { name: "Grant access" }).click();
  await expect.poll(() => page.locator(`[data-entitlement="${code}"] [data-source="complimentary"]`).textContent().catch(() => ""), { timeout: WAIT }).toContain(
    `: ${reason}`,
  );
}

describe("supporter care", () => {
  it("complimentary access granted by support lets a free account play a paid video", async () => {
    const email = await createAccount(browser, "care-comp");
    const video = await topTierVideo();
    const { context, page } = await openAccount(email);
    try {
      await grant(page, club.entitlements.top, "Stream failed on the derby");
      expect(await page.locator(`[data-entitlement="${club.entitlements.top}"]`).textContent()).toMatch(/Complimentary until \d{1,2} \w{3} \d{4}: Stream failed on the derby/);
      expect(await page.getByRole("table", { name: "Latest changes" }).textContent()).toContain("accounts.grant");
      await saveScreenshot(page, "console-care-granted");
    } finally {
      await context.close();
    }

    const fan = await openPage(browser, `/videos/${video.entryId}`, DESKTOP);
    try {
      await signInAs(fan.page, email);
      const play = fan.page.getByRole("button", { name: `Play ${video.title}` });
      await expect.poll(() => play.isVisible(), { timeout: WAIT }).toBe(true);
      await play.click();
      const dialog = fan.page.getByRole("dialog", { name: video.title });
      await expect.poll(() => dialog.locator(".video-overlay__stage").getAttribute("data-phase").catch(() => null), { timeout: WAIT }).toBe("playing");
      const currentTime = () => dialog.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime);
      await expect.poll(currentTime, { timeout: WAIT }).toBeGreaterThan(1);
      expect(await fan.page.getByRole("dialog", { name: "Upgrade to Rovers TV+" }).count()).toBe(0);
    } finally {
      await fan.context.close();
    }
  }, 600_000);

  it("signs out one device after its confirmation; the other keeps listening", async () => {
    const email = await createAccount(browser, "care-devices", [club.entitlements.top]);
    const listeners: { context: BrowserContext; page: Page }[] = [];
    const bar = (p: Page) => p.getByRole("region", { name: "Live Audio" });
    // The console opens before the two players start: on a shared machine a first page load beside
    // two playing streams can outlast openPage's 30 s navigation timeout.
    const { context, page } = await openAccount(email);
    page.setDefaultNavigationTimeout(WAIT);
    try {
      for (let i = 0; i < 2; i += 1) {
        const opened = await openPage(browser, STREAM_PATH, DESKTOP);
        listeners.push(opened);
        await signInAs(opened.page, email, STREAM_PATH);
        await opened.page.locator(".theatre__play").click({ timeout: WAIT });
        await expect.poll(() => bar(opened.page).getAttribute("data-state"), { timeout: WAIT }).toBe("playing");
      }
      await page.reload({ waitUntil: "load" });
      await waitForHydration(page);
      {
        await expect.poll(() => page.locator("[data-session]").count(), { timeout: WAIT }).toBe(2);
        const first = page.locator("[data-session]").first();
        await first.getByRole("button", { name: /^Sign out / }).click();
        const confirm = first.getByRole("group");
        await expect.poll(() => confirm.isVisible()).toBe(true);
        expect(await confirm.textContent()).toContain("The account's other devices carry on");
        await confirm.getByRole("button", { name: "Yes, sign out this device" }).click();
        await expect.poll(() => page.locator("[data-session]").count(), { timeout: WAIT }).toBe(1);
        expect(await page.getByRole("table", { name: "Latest changes" }).textContent()).toContain("accounts.sign-out-device");
        await saveScreenshot(page, "console-care-device-signed-out");
      }
      // One player stopped, the other still plays.
      const states = async () => (await Promise.all(listeners.map((l) => bar(l.page).getAttribute("data-state")))).sort();
      await expect.poll(async () => (await states()).filter((s) => s === "playing").length, { timeout: 60_000 }).toBe(1);
    } finally {
      await context.close();
      for (const l of listeners) await l.context.close();
    }
  }, 600_000);

  it("support refunds a supporter's subscription from the payments table: the access goes and the running live stream stops", async () => {
    // The supporter buys Rovers TV+ through the dev checkout and starts the men's live audio.
    const fan = await openPage(browser, "/videos/subscriptions", DESKTOP);
    fan.page.setDefaultNavigationTimeout(WAIT);
    const { email } = await registerAs(fan.page, "care-refund");
    const bar = fan.page.getByRole("region", { name: "Live Audio" });
    let support: { context: BrowserContext; page: Page } | null = null;
    try {
      const card = fan.page.locator(".package-card", { hasText: "Rovers TV+ (Audio & Video)" });
      await card.getByRole("button", { name: "Buy - £5.99 p/m" }).click({ timeout: WAIT });
      await fan.page.waitForURL(/\/dev-payments\/checkout\/cs_dev_/, { timeout: WAIT });
      await fan.page.getByRole("button", { name: "Subscribe £5.99" }).click();
      await fan.page.waitForURL((url) => url.pathname === "/payment-successful", { timeout: WAIT });
      await fan.page.goto(STREAM_PATH, { waitUntil: "load" });
      await waitForHydration(fan.page);
      await fan.page.locator(".theatre__play").click({ timeout: WAIT });
      await expect.poll(() => bar.getAttribute("data-state"), { timeout: WAIT }).toBe("playing");

      support = await openAccount(email);
      const row = support.page.getByRole("table", { name: "Payments" }).locator("tbody tr", { hasText: "Rovers TV+" });
      await row.getByRole("button", { name: /^Refund / }).click();
      const confirm = row.getByRole("group");
      await expect.poll(() => confirm.isVisible()).toBe(true);
      // Too much is said beside the field, before anything is sent.
      await confirm.getByLabel("Amount in pounds (empty: all of it)").fill("9");
      await confirm.getByRole("button", { name: "Yes, refund" }).click();
      await expect.poll(() => confirm.getByRole("alert").textContent().catch(() => "")).toBe("At most £5.99, what is left of this payment");
      await expectAxeCleanWhenIdle(support.page, "console-care-refund");
      await saveScreenshot(support.page, "console-care-refund");
      await confirm.getByLabel("Amount in pounds (empty: all of it)").fill("");
      await confirm.getByRole("button", { name: "Yes, refund £5.99" }).click();
      await expect.poll(() => row.textContent(), { timeout: WAIT }).toContain("refunded or disputed");
      expect(await support.page.getByRole("table", { name: "Latest changes" }).textContent()).toContain("accounts.refund");
      // The supporter's stream stops: the webhook took Rovers TV+ back and ended the account's streams.
      await expect.poll(() => bar.getAttribute("data-state"), { timeout: 60_000 }).not.toBe("playing");
    } finally {
      await support?.context.close();
      await fan.context.close();
    }
  }, 600_000);

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`a note, and the account page with the grant form open, axe clean at ${viewport.width} px`, async () => {
      const email = await createAccount(browser, `care-axe-${viewport.width}`);
      const { context, page } = await openAccount(email, viewport);
      try {
        const form = page.locator('[data-form="care-note"]');
        await form.getByLabel("Note").fill("Called about buffering on the app");
        await form.getByRole("button", { name: "Add note" }).click();
        await expect.poll(() => page.locator("[data-note]").first().textContent().catch(() => ""), { timeout: WAIT }).toContain("Called about buffering on the app");
        await page.getByRole("button", { name: "Grant complimentary access" }).click();
        await expect.poll(() => page.locator('[data-form="care-grant"]').isVisible(), { timeout: WAIT }).toBe(true);
        await expectAxeCleanWhenIdle(page, "console-care");
        await saveScreenshot(page, "console-care");
      } finally {
        await context.close();
      }
    }, 300_000);
  }
});
