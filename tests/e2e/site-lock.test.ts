// With the site lock on, every page is the lock screen; Access appears only when
// the typed text equals the entry phrase, and admits the browser (allow_entry) to the page it asked for.
// The lock is site-wide: this file runs in the e2e suite's exclusive phase (vitest.e2e.config.ts).
import path from "node:path";
import { mkdirSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, SCREENSHOT_DIR, launchBrowser, waitForHydration, watchProblems } from "./support/browser";
import { axeViolations } from "./support/axe";
import { setSetting, setting } from "./support/site-settings";
import { waitUntilShown } from "./support/visibility";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await setSetting("siteLock.enabled", "1");
});
afterAll(async () => {
  // the rest of the suite needs the open site, whatever happened here
  await setSetting("siteLock.enabled", "0");
  await browser?.close();
});

describe("site lock", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`shows the lock screen and admits with the phrase (${viewport.width} px)`, async () => {
      const phrase = await setting("siteLock.entryPhrase");
      expect(phrase).not.toBe("");
      const context = await browser.newContext({ viewport, baseURL: BASE_URL });
      const page = await context.newPage();
      const problems = watchProblems(page);
      try {
        const response = await page.goto("/news", { waitUntil: "load" });
        expect(response?.status()).toBe(403);
        await page.getByRole("heading", { level: 1, name: "This site is in development" }).waitFor();
        const field = page.getByLabel("Password");
        const access = page.getByRole("button", { name: "Access" });
        expect(await field.getAttribute("type")).toBe("password");
        await waitUntilShown(access, false, 0);
        expect(await axeViolations(page)).toEqual([]);
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `site-lock-${viewport.width}.png`), fullPage: true });

        // the APIs are closed too
        const api = await page.request.get("/api/content/shell");
        expect(api.status()).toBe(403);
        expect((await api.json()).errors[0].code).toBe("SITE_LOCKED");

        // Access only for the exact phrase
        await field.fill(phrase.slice(0, -1));
        await page.waitForTimeout(300);
        await waitUntilShown(access, false, 0);
        await field.fill(`${phrase} `);
        await page.waitForTimeout(300);
        await waitUntilShown(access, false, 0);
        await field.fill(phrase);
        await waitUntilShown(access, true);
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `site-lock-access-${viewport.width}.png`), fullPage: true });

        // The lock screen is at /news already: wait for the page the form's redirect brings.
        const admitted = page.waitForResponse((r) => r.request().isNavigationRequest() && new URL(r.url()).pathname === "/news" && r.status() === 200);
        await access.click();
        await admitted;
        await page.waitForLoadState("load");
        await waitForHydration(page, problems);
        expect(await page.getByRole("heading", { level: 1, name: "This site is in development" }).count()).toBe(0);
        const entry = (await context.cookies()).find((c) => c.name === "allow_entry");
        expect(entry?.httpOnly).toBe(true);
        // about 60 days
        expect(Math.round(((entry?.expires ?? 0) * 1000 - Date.now()) / 86_400_000)).toBe(60);
        expect((await page.request.get("/api/content/shell")).status()).toBe(200);
        // the lock screen's own 403 is its answer, not a problem of the page
        expect(problems.filter((p) => !/status of 403/.test(p))).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);
  }

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`the lock screen of the home page has no axe violations (${viewport.width} px)`, async () => {
      const context = await browser.newContext({ viewport, baseURL: BASE_URL });
      try {
        const page = await context.newPage();
        const response = await page.goto("/", { waitUntil: "load" });
        expect(response?.status()).toBe(403);
        await page.getByRole("heading", { name: "This site is in development" }).waitFor();
        const violations = await axeViolations(page);
        expect(violations, `${violations.length} axe violation(s) on the site lock screen at ${viewport.width} px:\n  ${violations.join("\n  ")}`).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
