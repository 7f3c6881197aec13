// Fixtures and results in the console at 375 px, end to end: the demo match operator
// (operator@rovers.test) imports a CSV of two fixtures with one bad row (the row's line, column
// and problem are shown, nothing is written), fixes it and imports it; the fixture shows on the
// team's fixtures page; they reschedule it, and the team's ICS feed carries the new time with a
// higher SEQUENCE. Axe clean. The file's fixtures (opponents named 'E2E Fixtures …') are deleted
// at the start and the end, so it runs alone and in any order.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, MOBILE, launchBrowser, saveScreenshot } from "./support/browser";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { openConsoleAs } from "./support/console";
import { queryD1 } from "./support/d1";

const WAIT = 120_000;
const ALPHA = "E2E Fixtures Alpha";
const BETA = "E2E Fixtures Beta";
const HEADER = "team,season,competition,opponent,home_away,venue,kickoff,tickets_url";

async function reset() {
  await queryD1("DELETE FROM matches WHERE opponent_id IN (SELECT id FROM opponents WHERE name LIKE 'E2E Fixtures %')");
  await queryD1("DELETE FROM opponents WHERE name LIKE 'E2E Fixtures %'");
}
const stored = () => queryD1<{ id: number; opponent: string; kickoff: string; sequence: number }>(
  "SELECT m.id, o.name AS opponent, m.kickoff, m.sequence FROM matches m JOIN opponents o ON o.id = m.opponent_id WHERE o.name LIKE 'E2E Fixtures %' ORDER BY m.kickoff",
);
const fresh = (path: string) => fetch(`${BASE_URL}${path}`, { headers: { "cache-control": "no-cache" } }).then((r) => r.text());

/** The event of match `id` in the first team's feed: its DTSTART and SEQUENCE (unfolded lines). */
async function icsEvent(id: number): Promise<{ start: string; sequence: number }> {
  const text = (await fresh("/calendar/first-team.ics")).replace(/\r\n /g, "");
  const event = text.split("BEGIN:VEVENT").find((e) => e.includes(`UID:match-${id}@`));
  if (!event) throw new Error(`match ${id} is not in the feed`);
  return { start: /DTSTART:(\S+)/.exec(event)![1]!, sequence: Number(/SEQUENCE:(\d+)/.exec(event)![1]) };
}

let browser: Browser;
beforeAll(async () => {
  await reset();
  browser = await launchBrowser();
});
afterAll(async () => {
  await reset();
  await browser?.close();
});

const chooseCsv = (page: Page, name: string, csv: string) => page.locator("#fixture-import-file").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });

describe("fixtures and results in the console", () => {
  it("imports a CSV (a bad row reported, nothing written; fixed, imported), the fixture shows on the fixtures page, a reschedule reaches the ICS feed with a higher SEQUENCE, at 375 px", async () => {
    const { context, page } = await openConsoleAs(browser, "operator@rovers.test", "/admin/fixtures?team=first-team&season=2024-25&when=past", MOBILE);
    try {
      await expect.poll(() => page.getByRole("heading", { name: "Fixtures and results", level: 2 }).isVisible(), { timeout: WAIT }).toBe(true);
      await expectAxeCleanWhenIdle(page, "console-fixtures", WAIT);

      // One bad row: an unknown season on line 3. Shown with its line and column; no Import button; nothing stored.
      const alpha = `first-team,2024-25,Championship,${ALPHA},home,Riverside Park,2025-05-10 15:00,https://tickets.example.com/alpha`;
      await chooseCsv(page, "bad.csv", [HEADER, alpha, `first-team,2031-32,Championship,${BETA},away,"Kiln Lane, Bramley",2025-05-17 12:30,`].join("\n"));
      const problems = page.getByRole("table", { name: "Problems in the file" });
      await expect.poll(() => problems.isVisible(), { timeout: WAIT }).toBe(true);
      const problem = problems.locator('tr[data-problem-row="3"]');
      expect(await problem.textContent()).toContain("season");
      expect(await problem.textContent()).toContain("No season '2031-32'");
      expect(await page.getByRole("status").filter({ hasText: "nothing will be imported until the file is fixed" }).count()).toBe(1);
      expect(await page.getByRole("button", { name: /^Import \d+ fixtures?$/ }).count()).toBe(0);
      await expectAxeCleanWhenIdle(page, "console-fixtures-problems", WAIT);
      await saveScreenshot(page, "console-fixtures-problems");
      expect(await stored()).toEqual([]);

      // Fixed: both rows new; the import says how it went.
      await chooseCsv(page, "fixed.csv", [HEADER, alpha, `first-team,2024-25,Championship,${BETA},away,"Kiln Lane, Bramley",2025-05-17 12:30,`].join("\n"));
      await expect.poll(() => page.getByRole("status").filter({ hasText: "2 rows ready, 2 new." }).count(), { timeout: WAIT }).toBe(1);
      await page.getByRole("button", { name: "Import 2 fixtures" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: "Imported: 2 fixtures added, 0 already there." }).count(), { timeout: WAIT }).toBe(1);
      const rows = await stored();
      expect(rows.map((r) => [r.opponent, r.kickoff])).toEqual([
        [ALPHA, "2025-05-10T14:00:00.000Z"],
        [BETA, "2025-05-17T11:30:00.000Z"],
      ]);
      expect(await fresh("/matches/first-team/2024-25")).toContain(ALPHA);

      // Reschedule Alpha from the list (the page reloaded its data after the import).
      const id = rows[0]!.id;
      const before = await icsEvent(id);
      expect(before.start).toBe("20250510T140000Z");
      const row = page.locator(`tr[data-fixture="${id}"]`);
      await expect.poll(() => row.isVisible(), { timeout: WAIT }).toBe(true);
      await row.getByRole("button", { name: `Reschedule v ${ALPHA}` }).click();
      await row.getByLabel("New kick-off (London time)").fill("2025-05-13T19:45");
      await expectAxeCleanWhenIdle(page, "console-fixtures-reschedule", WAIT);
      await row.getByRole("button", { name: "Save kick-off" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: `Rescheduled v ${ALPHA}.` }).count(), { timeout: WAIT }).toBe(1);
      await expect.poll(() => row.textContent(), { timeout: WAIT }).toContain("Moved from Sat 10 May 2025, 15:00");

      await saveScreenshot(page, "console-fixtures-rescheduled");
      const after = await icsEvent(id);
      expect(after.start).toBe("20250513T184500Z");
      expect(after.sequence).toBeGreaterThan(before.sequence);
    } finally {
      await context.close();
    }
  }, WAIT * 4);
});
