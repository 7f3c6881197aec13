// The match-day takeover of the home page: the news hero while no match is in
// its window; the match instead while one is live (its score moving over the socket without a
// reload), counting down before kick-off (the window a settings row the club changes), and
// spoiler-free until 'Reveal score'. Axe clean at 375 and 1440 px in each state.
//
// A live match or a moved kick-off changes what every visitor's home page shows, so this file
// runs in the exclusive phase (vitest.e2e.config.ts), and each test puts back what it changed
// (the match reset, the kick-off and the setting restored) in `finally`.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, saveScreenshot, waitForHydration, watchProblems, type Viewport } from "./support/browser";
import { axeViolations } from "./support/axe";
import { queryD1 } from "./support/d1";
import { admin, firstTeamFixtures, invalidateCaches, postEvent, resetMatch } from "./support/match-feed";
import { TAKEOVER_SETTINGS } from "../../src/domain/matchday-takeover";

const WAIT = 30_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(viewport: Viewport, cookies: { name: string; value: string }[] = []): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport, baseURL: BASE_URL });
  // Consent given up front, so the popup does not cover the takeover (the sweep checks it elsewhere).
  await context.addCookies([{ name: "cookie_consent", value: "1", url: BASE_URL }, ...cookies.map((c) => ({ ...c, url: BASE_URL }))]);
  const page = await context.newPage();
  return { context, page, problems: watchProblems(page) };
}

async function home(page: Page, problems: string[]): Promise<void> {
  await page.goto("/", { waitUntil: "load" });
  await waitForHydration(page, problems);
}

const takeover = (page: Page) => page.locator("section.takeover");
const score = (page: Page) => page.locator('[data-testid="takeover-score"]');

/** The first team's fixture this file owns (match-centre.test.ts takes the last two). */
async function ownFixture(fromEnd: number): Promise<{ id: number; kickoff: string }> {
  const fixture = (await firstTeamFixtures()).at(-1 - fromEnd);
  if (!fixture) throw new Error("no first-team fixture");
  return fixture;
}

describe("the match-day takeover of the home page", () => {
  it("shows the news hero while no match is in its window", async () => {
    const { id } = await ownFixture(2);
    await resetMatch(id);
    const { context, page, problems } = await open(DESKTOP);
    try {
      await home(page, problems);
      expect(await page.locator("section.home-hero").count()).toBe(1);
      expect(await takeover(page).count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("leads with a live match, moves its score without a reload, and gives the hero back after the match is reset", async () => {
    const { id } = await ownFixture(2);
    await resetMatch(id);
    try {
      expect(await postEvent(id, { type: "kickoff", minute: 0, side: "home" })).toBe(201);
      for (const viewport of [MOBILE, DESKTOP]) {
        const { context, page, problems } = await open(viewport);
        try {
          await home(page, problems);
          expect(await page.locator("section.home-hero").count()).toBe(0);
          expect(await takeover(page).getAttribute("data-stage")).toBe("live");
          await score(page).waitFor({ timeout: WAIT });
          expect(await score(page).textContent()).toBe("0–0");
          expect(await takeover(page).locator(".live-badge").textContent()).toBe("Live");
          expect(await page.getByRole("heading", { level: 1 }).textContent()).toMatch(/ v /);
          expect(await takeover(page).getByRole("link", { name: "Match Centre" }).getAttribute("href")).toMatch(new RegExp(`/${id}$`));
          expect(await takeover(page).getByRole("link", { name: /^Buy Tickets/ }).count()).toBe(0);
          expect(await axeViolations(page)).toEqual([]);
          await saveScreenshot(page, "home-takeover-live");
          if (viewport === DESKTOP) {
            await page.evaluate(() => ((window as Window & { sameDocument?: boolean }).sameDocument = true));
            expect(await postEvent(id, { type: "goal", minute: 23, side: "home" })).toBe(201);
            await page.waitForFunction(() => document.querySelector('[data-testid="takeover-score"]')?.textContent === "1–0", undefined, { timeout: WAIT });
            expect(await takeover(page).locator(".live-minute").textContent()).toBe("23'");
            expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);
            // A page-cache hit is never an old score: a fresh visit shows the goal too.
            const again = await open(DESKTOP);
            try {
              await home(again.page, again.problems);
              await again.page.waitForFunction(() => document.querySelector('[data-testid="takeover-score"]')?.textContent === "1–0", undefined, { timeout: WAIT });
              expect(again.problems).toEqual([]);
            } finally {
              await again.context.close();
            }
          }
          expect(problems).toEqual([]);
        } finally {
          await context.close();
        }
      }
    } finally {
      await resetMatch(id);
    }
    const { context, page, problems } = await open(DESKTOP);
    try {
      await home(page, problems);
      expect(await takeover(page).count()).toBe(0);
      expect(await page.locator("section.home-hero").count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it("a spoiler-free supporter sees no score in the takeover until 'Reveal score'", async () => {
    const { id } = await ownFixture(2);
    await resetMatch(id);
    try {
      expect(await postEvent(id, { type: "kickoff", minute: 0, side: "home" })).toBe(201);
      expect(await postEvent(id, { type: "goal", minute: 9, side: "away" })).toBe(201);
      const { context, page, problems } = await open(DESKTOP, [{ name: "rovers_spoiler_free", value: "1" }]);
      try {
        await home(page, problems);
        const reveal = takeover(page).getByRole("button", { name: /^Reveal score: / });
        await reveal.waitFor({ timeout: WAIT });
        expect(await score(page).count()).toBe(0);
        // A goal pushed meanwhile stays hidden too. The view leaves goals out, so the comment the
        // club posts after it (seq order: the goal has arrived once the comment's minute shows) is
        // what moves the minute.
        expect(await postEvent(id, { type: "goal", minute: 30, side: "away" })).toBe(201);
        expect(await postEvent(id, { type: "comment", minute: 31, side: "home", text: "Play goes on." })).toBe(201);
        await page.waitForFunction(() => document.querySelector(".takeover .live-minute")?.textContent === "31'", undefined, { timeout: WAIT });
        expect(await score(page).count()).toBe(0);
        await reveal.focus();
        await page.keyboard.press("Enter");
        await page.waitForFunction(() => document.querySelector('[data-testid="takeover-score"]')?.textContent === "0–2", undefined, { timeout: WAIT });
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    } finally {
      await resetMatch(id);
    }
  });

  it("counts down to kick-off inside the window the settings set, with Buy Tickets", async () => {
    const { id, kickoff } = await ownFixture(3);
    await resetMatch(id);
    const soon = new Date(Date.now() + 100 * 60_000).toISOString();
    await queryD1(`UPDATE matches SET kickoff = '${soon}' WHERE id = ${id}`);
    await invalidateCaches();
    try {
      for (const viewport of [MOBILE, DESKTOP]) {
        const { context, page, problems } = await open(viewport);
        try {
          await home(page, problems);
          expect(await takeover(page).getAttribute("data-stage")).toBe("before");
          await expect.poll(() => takeover(page).locator(".takeover__countdown").textContent()).toMatch(/^Kick-off in 1 h (39|40) min$/);
          const tickets = takeover(page).getByRole("link", { name: "Buy Tickets (opens in a new tab)" });
          expect(await tickets.count()).toBe(1);
          await tickets.focus();
          expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Buy Tickets");
          expect(await axeViolations(page)).toEqual([]);
          await saveScreenshot(page, "home-takeover-before");
          expect(problems).toEqual([]);
        } finally {
          await context.close();
        }
      }
      // The club narrows the window to an hour through the admin settings API: the hero is back.
      expect((await admin(`/settings/${TAKEOVER_SETTINGS.before}`, "PUT", { value: "60" })).status).toBe(200);
      const { context, page, problems } = await open(DESKTOP);
      try {
        await home(page, problems);
        expect(await takeover(page).count()).toBe(0);
        expect(await page.locator("section.home-hero").count()).toBe(1);
      } finally {
        await context.close();
      }
    } finally {
      await admin(`/settings/${TAKEOVER_SETTINGS.before}`, "DELETE");
      await queryD1(`UPDATE matches SET kickoff = '${kickoff}' WHERE id = ${id}`);
      await invalidateCaches();
    }
  });
});
