// The overlay promo shows once (first unseen active promo), locks the background,
// keeps focus inside, and does not show again after a reload; a click on its image link unlocks.
import path from "node:path";
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, SCREENSHOT_DIR, launchBrowser, waitForHydration, watchProblems, type Viewport } from "./support/browser";
import { axeViolations } from "./support/axe";
import { queryD1 } from "./support/d1";
import { waitUntilShown } from "./support/visibility";
import { PROMO_SEEN_COOKIE_NAME } from "../../src/domain/promo-window";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The seed's one active web promo, read from the e2e database. */
async function activePromo() {
  const now = new Date().toISOString();
  const rows = await queryD1<{ id: number; image_alt_text: string; url: string; image_key: string }>(
    `SELECT id, image_alt_text, url, image_key FROM overlay_promos WHERE channel = 'Web' AND enabled = 1 AND child_friendly = 1
     AND start_date_time <= '${now}' AND end_date_time >= '${now}' ORDER BY start_date_time, id`,
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/**
 * A visitor who has never seen a promo (the suite's contexts start with every promo seen). Unless
 * `answered` is false, they answered the cookie popup on an earlier visit: the promo waits for that.
 */
async function freshVisitor(viewport: Viewport, answered = true) {
  const context = await browser.newContext({ viewport, baseURL: BASE_URL });
  await context.clearCookies({ name: PROMO_SEEN_COOKIE_NAME });
  if (answered) await context.addCookies([{ name: "cookie_consent", value: "none", url: BASE_URL }]);
  const page = await context.newPage();
  const problems = watchProblems(page);
  return { context, page, problems };
}

const seenCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === PROMO_SEEN_COOKIE_NAME);
const isLocked = (page: Page) => page.evaluate(() => document.body.classList.contains("is-locked"));

describe("overlay promo", () => {
  // Consent first. A new visitor meets the cookie popup alone; the promo
  // shows once the popup is answered, accepted (1440 px) or declined (375 px).
  for (const [viewport, answer] of [[MOBILE, "decline"], [DESKTOP, "accept"]] as const) {
    it(`waits for the cookie popup to be answered (${answer}), then shows (${viewport.width} px)`, async () => {
      const promo = await activePromo();
      const { context, page, problems } = await freshVisitor(viewport, false);
      try {
        const promosAnswered = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/api/promo-overlays"));
        await page.goto("/", { waitUntil: "load" });
        await waitForHydration(page, problems);
        await promosAnswered;
        const popup = page.getByRole("dialog", { name: "Cookie consent" });
        const dialog = page.getByRole("dialog", { name: promo.image_alt_text });
        await waitUntilShown(popup, true);
        // the promo list is in hand and the page hydrated: give the host time it would have needed
        await page.waitForTimeout(1500);
        expect(await dialog.count()).toBe(0);
        expect(await isLocked(page)).toBe(false);
        expect(await seenCookie(page)).toBeUndefined();
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `overlay-promo-consent-first-${viewport.width}.png`) });

        if (answer === "accept") {
          await popup.getByRole("button", { name: "Accept" }).click();
        } else {
          await popup.getByRole("button", { name: "Manage choices" }).click();
          await popup.getByRole("button", { name: "Confirm my choices" }).click();
        }
        await waitUntilShown(popup, false);
        await waitUntilShown(dialog, true, 15_000);
        expect(await isLocked(page)).toBe(true);
        expect((await seenCookie(page))?.value.split(",")).toContain(String(promo.id));
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);
  }

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`shows once, locks the background, holds focus, Escape dismisses; not again after reload (${viewport.width} px)`, async () => {
      const promo = await activePromo();
      const { context, page, problems } = await freshVisitor(viewport);
      try {
        await page.goto("/", { waitUntil: "load" });
        await waitForHydration(page, problems);
        const dialog = page.getByRole("dialog", { name: promo.image_alt_text });
        await waitUntilShown(dialog, true, 15_000);
        const image = dialog.getByRole("img", { name: promo.image_alt_text });
        expect(await image.getAttribute("src")).toBe(`/images/1400x1400/${promo.image_key}.svg`);
        expect(await isLocked(page)).toBe(true);
        // focus moved in, and Tab stays inside
        await page.waitForFunction(() => document.querySelector("[role=dialog][aria-modal=true]")?.contains(document.activeElement));
        for (let i = 0; i < 3; i++) {
          await page.keyboard.press("Tab");
          expect(await page.evaluate(() => document.querySelector("[role=dialog][aria-modal=true]")?.contains(document.activeElement))).toBe(true);
        }
        const cookie = await seenCookie(page);
        expect(cookie?.value.split(",")).toContain(String(promo.id));
        // written to last until 2099; Chromium caps any cookie at 400 days, so at least that
        expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(399 * 86_400_000);
        expect(await axeViolations(page)).toEqual([]);
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `overlay-promo-${viewport.width}.png`) });

        await page.keyboard.press("Escape");
        await waitUntilShown(dialog, false);
        expect(await isLocked(page)).toBe(false);

        await page.reload({ waitUntil: "load" });
        await waitForHydration(page, problems);
        await page.waitForLoadState("networkidle");
        await page.waitForTimeout(500);
        await waitUntilShown(page.locator(".overlay-promo"), false, 0);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);
  }

  it("a click on its image link follows it and unlocks the background", async () => {
    const promo = await activePromo();
    const { context, page, problems } = await freshVisitor(DESKTOP);
    try {
      await page.goto("/news", { waitUntil: "load" });
      await waitForHydration(page, problems);
      const dialog = page.getByRole("dialog", { name: promo.image_alt_text });
      await waitUntilShown(dialog, true, 15_000);
      await dialog.getByRole("link").click();
      await waitUntilShown(dialog, false);
      if (promo.url.startsWith("/")) await page.waitForURL((url) => url.pathname === promo.url);
      expect(await isLocked(page)).toBe(false);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
