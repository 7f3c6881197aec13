// The live match centre: a goal the club posts through the admin feed shows on an open
// page within 2 s without a reload, and is announced politely; a spoiler-free supporter sees no
// score and no goal until 'Reveal score'. Each test resets its own match first and after, so order is free.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { BASE_URL, DESKTOP, launchBrowser, saveScreenshot, waitForHydration, watchProblems } from "./support/browser";
import { axeViolations } from "./support/axe";

const ADMIN_TOKEN = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../worker/dev-admin-token.json"), "utf8")) as { DEV_ADMIN_TOKEN: string }).DEV_ADMIN_TOKEN;
const WAIT = 30_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function admin(pathname: string, method: string, body?: unknown, key?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${ADMIN_TOKEN}`, "x-admin-actor": "e2e", "content-type": "application/json" };
  if (key) headers["idempotency-key"] = key;
  return fetch(`${BASE_URL}/api/admin${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** The first team's last fixture of the season (the one the other e2e files never touch), reset and kicked off. */
async function liveFixture(which: number): Promise<number> {
  const fixtures = (await (await fetch(`${BASE_URL}/api/content/fixtures?team=`)).json()) as { matches: { id: number; status: string }[] };
  const id = fixtures.matches.filter((m) => m.status === "fixture").at(-1 - which)?.id;
  if (id === undefined) throw new Error("no first-team fixture");
  expect((await admin(`/matches/${id}/live`, "DELETE")).status).toBe(200);
  expect((await admin(`/matches/${id}/events`, "POST", { type: "kickoff", minute: 0, side: "home" }, `e2e-kick-${id}-${Date.now()}`)).status).toBe(201);
  return id;
}

const postGoal = (id: number, minute: number) => admin(`/matches/${id}/events`, "POST", { type: "goal", minute, side: "home" }, `e2e-goal-${id}-${Date.now()}`);
const score = (page: Page) => page.locator('[data-testid="live-score"]');

describe("live match centre", () => {
  it("shows a goal posted through the admin feed within 2 s, without a reload, and announces it", async () => {
    const id = await liveFixture(0);
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
    const page = await context.newPage();
    const problems = watchProblems(page);
    try {
      await page.goto(`/match/${id}`, { waitUntil: "load" });
      await waitForHydration(page, problems);
      expect(await page.locator(".live-badge").textContent()).toBe("Live");
      expect(await score(page).textContent()).toBe("0–0");
      await page.evaluate(() => ((window as Window & { sameDocument?: boolean }).sameDocument = true));
      const posted = Date.now();
      expect((await postGoal(id, 17)).status).toBe(201);
      await page.waitForFunction(() => document.querySelector('[data-testid="live-score"]')?.textContent === "1–0", undefined, { timeout: 2_000 });
      expect(Date.now() - posted).toBeLessThan(2_000);
      expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(await page.locator(".live-event--goal").count()).toBe(1);
      expect(await page.locator(".live-announcer").textContent()).toMatch(/^Goal, 17 minutes\. .* 1, .* 0\.$/);
      expect(await page.title()).toMatch(/ 1 - 0 /);
      expect(await axeViolations(page)).toEqual([]);
      await saveScreenshot(page, "match-centre-live");
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      // A live match takes over the home page: leave none behind.
      await admin(`/matches/${id}/live`, "DELETE");
    }
  });

  it("a spoiler-free supporter sees no score and no goal, pushed or rendered, until 'Reveal score'", async () => {
    const id = await liveFixture(1);
    expect((await postGoal(id, 5)).status).toBe(201);
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
    await context.addCookies([{ name: "rovers_spoiler_free", value: "1", url: BASE_URL }]);
    const page = await context.newPage();
    const problems = watchProblems(page);
    try {
      await page.goto(`/match/${id}`, { waitUntil: "load" });
      await waitForHydration(page, problems);
      expect(await page.locator(".live-badge").count()).toBe(1);
      expect(await score(page).count()).toBe(0);
      expect(await page.locator(".live-event--goal").count()).toBe(0);
      expect((await postGoal(id, 30)).status).toBe(201);
      // The pushed goal arrives (the commentary below proves the socket is live) and stays hidden.
      await admin(`/matches/${id}/events`, "POST", { type: "comment", minute: 31, side: "home", text: "Marker after the goal" }, `e2e-note-${id}-${Date.now()}`);
      await page.getByText("Marker after the goal").waitFor({ timeout: WAIT });
      expect(await score(page).count()).toBe(0);
      expect(await page.locator(".live-event--goal").count()).toBe(0);
      expect(await page.locator(".live-announcer").textContent()).toBe("");
      expect(await page.title()).not.toMatch(/\d+ - \d+/);
      const reveal = page.getByRole("button", { name: /^Reveal score: / });
      await reveal.focus();
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => document.querySelector('[data-testid="live-score"]')?.textContent === "2–0", undefined, { timeout: WAIT });
      expect(await page.locator(".live-event--goal").count()).toBe(2);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      // A live match takes over the home page: leave none behind.
      await admin(`/matches/${id}/live`, "DELETE");
    }
  });

  it("the minute ticks in the browser between events, silently, and stops at half-time", async () => {
    const id = await liveFixture(2);
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
    const page = await context.newPage();
    const problems = watchProblems(page);
    // The page's clock, moved on by the test instead of waiting minutes.
    await page.clock.install({ time: Date.now() });
    try {
      await page.goto(`/match/${id}`, { waitUntil: "load" });
      await waitForHydration(page, problems);
      const minute = page.locator(".live-minute");
      expect(await minute.textContent()).toBe("1'");
      // Not a live region, nor inside one: ticks are not announced.
      expect(await minute.evaluate((el) => el.closest("[aria-live]") === null)).toBe(true);
      await page.clock.fastForward("02:05");
      await expect.poll(() => minute.textContent(), { timeout: WAIT }).toBe("3'");
      await page.clock.fastForward("45:00");
      await expect.poll(() => minute.textContent(), { timeout: WAIT }).toBe("45+3'");
      const halftime = await admin(`/matches/${id}/events`, "POST", { type: "halftime", minute: 48, side: "home" }, `e2e-ht-${id}-${Date.now()}`);
      expect(halftime.status).toBe(201);
      await expect.poll(() => page.locator(".match-hero__pill").textContent(), { timeout: WAIT }).toBe("Half-time");
      expect(await minute.count()).toBe(0);
      await page.clock.fastForward("05:00");
      expect(await minute.count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
