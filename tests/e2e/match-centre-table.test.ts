// The league table and the richer match centre, at 375 and 1440 px, axe clean: a past match
// centre shows both line-ups, the timeline and a playable link to its highlights; the matches
// page's 'Table' tab shows the table; the demo match operator deducts points from the leader in
// /admin/table and the table moves, on the console and on the site, then removes the deduction
// after confirming. The file's deductions (reason 'E2E table …') are deleted at the start and the
// end, so it runs alone and in any order.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, launchBrowser, openPage } from "./support/browser";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { openConsoleAs } from "./support/console";
import { queryD1 } from "./support/d1";

const WAIT = 120_000;
const REASON = "E2E table: breach of the league's financial rules";
const reset = () => queryD1("DELETE FROM table_deductions WHERE reason LIKE 'E2E table%'");

let browser: Browser;
beforeAll(async () => {
  await reset();
  browser = await launchBrowser();
});
afterAll(async () => {
  await reset();
  await browser?.close();
});

/** A first-team result of the demo season with its recorded line-ups and a highlights video anyone may watch. */
async function pastMatch(): Promise<{ id: number; entryId: string; title: string }> {
  const [row] = await queryD1<{ id: number; entryId: string; title: string }>(
    `SELECT m.id, v.entry_id AS entryId, v.title FROM matches m JOIN videos v ON v.match_id = m.id
     WHERE m.team_id = 1 AND m.status = 'result' AND m.live_seq > 0 AND v.title LIKE 'Highlights:%' AND v.entitlements LIKE '%"?"%'
       AND EXISTS (SELECT 1 FROM match_opponent_lineups l WHERE l.match_id = m.id)
     ORDER BY m.kickoff DESC LIMIT 1`,
  );
  if (!row) throw new Error("the demo content has no past match with highlights");
  return row;
}

describe("the match centre and the league table", () => {
  it("a past match centre shows both line-ups, the timeline, stats, form and the table, and a playable link to its highlights", async () => {
    const match = await pastMatch();
    for (const viewport of [MOBILE, DESKTOP]) {
      const { context, page, problems } = await openPage(browser, `/match/${match.id}`, viewport);
      try {
        const lineups = page.getByRole("region", { name: "Line-ups" });
        await expect.poll(() => lineups.isVisible(), { timeout: WAIT }).toBe(true);
        expect(await lineups.locator(".lineups__side").count()).toBe(2);
        for (const side of await lineups.locator(".lineups__side").all()) expect(await side.locator("ol.live-lineup__list > li").count()).toBe(11);
        expect(await page.locator(".live-event").count()).toBeGreaterThan(3);
        expect(await page.getByRole("region", { name: "Match stats" }).isVisible()).toBe(true);
        expect(await page.locator("[data-testid=league-table] tbody tr").count()).toBeGreaterThan(10);
        // Before-kick-off parts are gone.
        expect(await page.getByText("Match Preview").count()).toBe(0);
        expect(await page.locator(".match-aside").getByRole("link", { name: /Buy Tickets/ }).count()).toBe(0);
        await expectAxeCleanWhenIdle(page, `match-centre-past-${viewport.width}`, WAIT);

        // Exactly its title: 'Extended Highlights: …' holds the same words.
        const highlights = page.locator(".match-videos .video-card").filter({ has: page.getByRole("heading", { name: match.title, exact: true }) });
        expect(await highlights.count()).toBe(1);
        expect(await highlights.evaluate((e) => e.classList.contains("is-locked"))).toBe(false);
        if (viewport === DESKTOP) {
          await highlights.getByRole("link").click();
          await page.waitForURL(new RegExp(`/videos/${match.entryId}`), { timeout: WAIT });
          await expect.poll(() => page.getByRole("heading", { name: match.title, level: 1 }).isVisible(), { timeout: WAIT }).toBe(true);
          // Playable: the player is offered, not the locked message.
          expect(await page.getByText("To View This Video Please Log In or Register An Account").count()).toBe(0);
        }
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, WAIT * 4);

  it("the matches page has a 'Table' tab with the league table", async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const { context, page } = await openPage(browser, "/matches/first-team/2024-25", viewport);
      try {
        await page.getByRole("tab", { name: "Table" }).click();
        const table = page.locator("[data-testid=league-table]");
        await expect.poll(() => table.isVisible(), { timeout: WAIT }).toBe(true);
        expect(await table.locator("tbody tr").count()).toBe(20);
        expect(await table.locator("tr.is-club").count()).toBe(1);
        await expectAxeCleanWhenIdle(page, `matches-table-${viewport.width}`, WAIT);
      } finally {
        await context.close();
      }
    }
  }, WAIT * 3);

  it("staff deduct points in /admin/table and the table moves; removing it asks first and moves it back", async () => {
    const { context, page } = await openConsoleAs(browser, "operator@rovers.test", "/admin/table?team=first-team&season=2024-25", MOBILE);
    try {
      await expect.poll(() => page.getByRole("heading", { name: "League table", level: 2 }).isVisible(), { timeout: WAIT }).toBe(true);
      const firstClub = () => page.locator("[data-testid=league-table] tbody tr").first().getAttribute("data-club");
      const leader = (await firstClub())!;
      await expectAxeCleanWhenIdle(page, "console-table", WAIT);

      // A refusal first: no points, the error beside the field.
      const form = page.locator('form[data-form="add-deduction"]');
      await form.getByLabel("Club").selectOption(leader);
      await form.getByLabel("Reason (shown under the table)").fill(REASON);
      await form.getByRole("button", { name: "Deduct points" }).click();
      await expect.poll(() => form.locator('[data-field="points"] .cfield__error').isVisible(), { timeout: WAIT }).toBe(true);

      await form.getByLabel("Points deducted").fill("30");
      await form.getByRole("button", { name: "Deduct points" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: `Deducted 30 points from ${leader}.` }).count(), { timeout: WAIT }).toBe(1);
      await expect.poll(firstClub, { timeout: WAIT }).not.toBe(leader);
      expect(await page.getByText(`${leader}: 30 points deducted (${REASON})`).count()).toBeGreaterThan(0);
      await expectAxeCleanWhenIdle(page, "console-table-deducted", WAIT);

      // The site's table follows on its next render.
      const site = await context.newPage();
      await site.goto("/matches/first-team/2024-25", { waitUntil: "load" });
      await site.getByRole("tab", { name: "Table" }).click();
      await expect.poll(() => site.locator("[data-testid=league-table] tbody tr").first().getAttribute("data-club"), { timeout: WAIT }).not.toBe(leader);
      expect(await site.getByText(`${leader}: 30 points deducted`).count()).toBe(1);
      await site.close();

      await page.getByRole("button", { name: `Remove the deduction from ${leader}` }).click();
      await page.getByRole("button", { name: "Yes, remove" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: `Removed the deduction of 30 points from ${leader}.` }).count(), { timeout: WAIT }).toBe(1);
      await expect.poll(firstClub, { timeout: WAIT }).toBe(leader);
    } finally {
      await context.close();
    }
  }, WAIT * 4);
});
