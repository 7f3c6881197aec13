// 'Sync with my stream': a Rovers TV subscriber watching the match's live video in the match
// centre turns it on; a goal the club posts while the picture is behind is neither shown nor
// announced until the picture reaches it, and turning it off catches up at once. The stream is on
// air from the e2e run's own real-time push (scripts/e2e-live.mjs), whose playlists carry
// EXT-X-PROGRAM-DATE-TIME. Exclusive: a live match takes over every visitor's home page; the test
// resets its match before and after.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { readFileSync } from "node:fs";
import path from "node:path";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, openPage, saveScreenshot } from "./support/browser";
import { axeViolations } from "./support/axe";
import { queryD1 } from "./support/d1";
import { registerAs } from "./support/fresh-account";
import { club } from "../../src/config/club";

const ADMIN_TOKEN = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../worker/dev-admin-token.json"), "utf8")) as { DEV_ADMIN_TOKEN: string }).DEV_ADMIN_TOKEN;
/** The demo's women's live stream, tied to a women's first team fixture (live_stream_assets.match_id). */
const STREAM = "women-live";
const WAIT = 60_000;

let browser: Browser;
let matchID = 0;
beforeAll(async () => {
  browser = await launchBrowser();
  const [row] = await queryD1<{ match_id: number }>(`SELECT match_id FROM live_stream_assets WHERE id = '${STREAM}'`);
  if (!row) throw new Error(`no ${STREAM} stream in the seed`);
  matchID = row.match_id;
});
afterAll(async () => {
  if (matchID) await admin(`/matches/${matchID}/live`, "DELETE");
  await browser?.close();
});

function admin(pathname: string, method: string, body?: unknown, key?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${ADMIN_TOKEN}`, "x-admin-actor": "e2e", "content-type": "application/json" };
  if (key) headers["idempotency-key"] = key;
  return fetch(`${BASE_URL}/api/admin${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}
const post = (type: string, minute: number) => admin(`/matches/${matchID}/events`, "POST", { type, minute, side: "home" }, `e2e-sync-${type}-${minute}-${Date.now()}`);

async function untilActive() {
  const status = async () => {
    const response = await fetch(`${BASE_URL}/api/admin/streams/${STREAM}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    return ((await response.json()) as { data: { attributes: { status: string } } }).data.attributes.status;
  };
  await expect.poll(status, { timeout: WAIT }).toBe("active");
}

const score = (page: Page) => page.locator('[data-testid="live-score"]').textContent();
const announced = (page: Page) => page.locator(".live-announcer").textContent();
const note = (page: Page) => page.locator("#stream-sync-note").textContent();
/** The seconds behind the pitch the page says it waits, or null while it does not. */
async function behind(page: Page): Promise<number | null> {
  const match = /(\d+) s behind the pitch/.exec((await note(page)) ?? "");
  return match ? Number(match[1]) : null;
}

describe("Sync with my stream", () => {
  it("holds a goal back until the picture reaches it, announces it then, and catches up when turned off", async () => {
    await untilActive();
    expect((await admin(`/matches/${matchID}/live`, "DELETE")).status).toBe(200);
    expect((await post("kickoff", 0)).status).toBe(201);
    const { page, context, problems } = await openPage(browser, `/match/womens-first-team/${matchID}`, DESKTOP);
    try {
      await registerAs(page, "stream-sync", { entitlements: [club.entitlements.mid] });
      const problemsBefore = problems.length;
      await page.getByRole("button", { name: /^Watch Live: / }).click({ timeout: WAIT });
      await expect.poll(() => page.locator(".match-video__player").getAttribute("data-phase"), { timeout: WAIT }).toBe("playing");

      const toggle = page.getByRole("checkbox", { name: "Sync with my stream" });
      expect(await toggle.isChecked()).toBe(false);
      await toggle.check();
      // The kick-off was posted before the picture of it: the page waits for the picture.
      await expect.poll(() => behind(page), { timeout: WAIT }).not.toBeNull();
      await expect.poll(() => score(page), { timeout: WAIT }).toBe("0–0");
      const lag = (await behind(page))!;
      // A live picture 2 s segments deep is never level with the pitch; the test needs it behind.
      expect(lag).toBeGreaterThanOrEqual(2);
      expect(await axeViolations(page)).toEqual([]);

      const posted = Date.now();
      expect((await post("goal", 12)).status).toBe(201);
      // The socket has it at once; the page does not, until the picture is there.
      await page.waitForTimeout(1_000);
      if (Date.now() - posted < (lag - 1) * 1000) {
        expect(await score(page)).toBe("0–0");
        expect(await announced(page)).toBe("");
        expect(await page.title()).not.toMatch(/ 1 - 0 /);
      }
      await expect.poll(() => score(page), { timeout: (lag + 15) * 1000 }).toBe("1–0");
      const shownAfter = Date.now() - posted;
      expect(shownAfter).toBeGreaterThanOrEqual((lag - 2) * 1000);
      expect(await announced(page)).toMatch(/^Goal, 12 minutes\. .* 1, .* 0\.$/);
      await saveScreenshot(page, "stream-sync-on");

      // Off: a second goal shows as soon as the socket brings it.
      await toggle.uncheck();
      const second = Date.now();
      expect((await post("goal", 20)).status).toBe(201);
      await expect.poll(() => score(page), { timeout: 5_000 }).toBe("2–0");
      expect(Date.now() - second).toBeLessThan(5_000);

      // The choice stays in this browser: on again after a reload.
      await toggle.check();
      await page.reload({ waitUntil: "load" });
      await expect.poll(() => page.getByRole("checkbox", { name: "Sync with my stream" }).isChecked(), { timeout: WAIT }).toBe(true);
      await page.setViewportSize(MOBILE);
      expect(await axeViolations(page)).toEqual([]);
      await saveScreenshot(page, "stream-sync-mobile");
      expect(problems.slice(problemsBefore)).toEqual([]);
    } finally {
      await context.close();
      await admin(`/matches/${matchID}/live`, "DELETE");
    }
  }, 300_000);
});
