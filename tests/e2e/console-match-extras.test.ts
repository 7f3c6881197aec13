// The opponent's line-up and the match stats from the match operator's screen at 375 px, end to
// end: the demo match operator (operator@rovers.test) types a line-up with two mistakes (each shown
// beside its row), fills it from a pasted team sheet instead and saves it; steps some stats, types
// an impossible possession (refused beside the field), fixes it and saves; a match centre open in a
// second browser shows the line-up and the stats without a reload. Offline, a stats save is kept
// and shown pending, then sent once the connection returns and shown by the centre. Axe clean on
// both pages. The match is the file's own: a U18 fixture kicking off in 90 minutes against 'E2E
// Match Extras FC' (near enough for the centre to follow its room, not live, so no page takes it
// over), made at the start and deleted with everything saved for it at the end.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, launchBrowser, openPage, saveScreenshot, waitForHydration } from "./support/browser";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { openConsoleAs } from "./support/console";
import { queryD1 } from "./support/d1";

const WAIT = 30_000;
const OPPONENT = "E2E Match Extras FC";

async function removeOwnMatch(): Promise<void> {
  const own = "SELECT m.id FROM matches m JOIN opponents o ON o.id = m.opponent_id WHERE o.name = ?";
  for (const table of ["match_stats", "match_opponent_lineups", "match_extras_versions"]) await queryD1(`DELETE FROM ${table} WHERE match_id IN (${own})`, [OPPONENT]);
  await queryD1(`DELETE FROM matches WHERE id IN (${own})`, [OPPONENT]);
  await queryD1("DELETE FROM opponents WHERE name = ?", [OPPONENT]);
}

let browser: Browser;
let match: { id: number; team: string; season: string };
beforeAll(async () => {
  await removeOwnMatch();
  // A seeded crest: the page draws it like any opponent's.
  await queryD1("INSERT INTO opponents (name, short_name, venue, image_key) SELECT ?, 'E2E', 'Test Park', image_key FROM opponents ORDER BY id LIMIT 1", [OPPONENT]);
  const kickoff = new Date(Date.now() + 90 * 60_000);
  kickoff.setUTCSeconds(0, 0);
  // A random id far above the seed's: a match room of an earlier run (named by the id) is never met again.
  const [inserted] = await queryD1<{ id: number }>(
    `INSERT INTO matches (id, team_id, season_id, competition_id, opponent_id, is_home, venue, kickoff, status)
       SELECT (SELECT MAX(id) FROM matches) + 1000 + ABS(RANDOM() % 1000000), m.team_id, m.season_id, m.competition_id, (SELECT id FROM opponents WHERE name = ?), 1, 'Riverside Park', ?, 'fixture'
         FROM matches m JOIN teams t ON t.id = m.team_id WHERE t.slug = 'u18' ORDER BY m.kickoff DESC LIMIT 1
     RETURNING id`,
    [OPPONENT, kickoff.toISOString()],
  );
  if (!inserted) throw new Error("no U18 match to copy from");
  const [row] = await queryD1<{ id: number; team: string; season: string }>(
    "SELECT m.id, t.slug AS team, s.slug AS season FROM matches m JOIN teams t ON t.id = m.team_id JOIN seasons s ON s.id = m.season_id WHERE m.id = ?",
    [inserted.id],
  );
  match = row!;
  browser = await launchBrowser();
});
afterAll(async () => {
  await removeOwnMatch();
  await browser?.close();
});

const centrePath = () => `/match/${match.team}/${match.season}/${match.id}`;
const stepper = (page: Page, stat: string, side: "home" | "away", more: boolean) =>
  page.locator(`.desk-stats__row[data-stat="${stat}"] .desk-stats__side[data-side="${side}"]`).getByRole("button", { name: more ? /one more$/ : /one fewer$/ });
const statValue = (page: Page, stat: string, side: "home" | "away") => page.locator(`.desk-stats__row[data-stat="${stat}"] .desk-stats__side[data-side="${side}"] output`).textContent();
/** The match centre's stats row `label` as [home, away]. */
const centreRow = async (centre: Page, label: string) => {
  const row = centre.getByRole("region", { name: "Match stats" }).getByRole("row").filter({ has: centre.getByRole("rowheader", { name: label, exact: true }) });
  if ((await row.count()) === 0) return null;
  return row.locator("td").allTextContents();
};
const statsNote = (page: Page) => page.locator("[data-stats]");
/** Axe reads the page where it stands: scrolled, the sticky match state covers the rows passing under it. */
const toTop = (page: Page) => page.evaluate(() => window.scrollTo(0, 0));

const SHEET = [
  "1 Ada Keeper", "2 Bo Right", "3 Cy Left", "4 Di Centre", "5 Ed Centre", "6 Flo Holding",
  "7 Gus Wing", "8 Hal Box", "9 Ivo Striker", "10 Jo Ten", "11 Kit Wing", "Subs", "12 Lou Spare", "16 Max Bench",
].join("\n");

describe("the opponent's line-up and the match stats", () => {
  it("an operator enters both on the phone; an open match centre shows them; a stats save made offline arrives once the connection returns", async () => {
    const centre = await openPage(browser, centrePath(), MOBILE);
    await waitForHydration(centre.page, centre.problems);
    expect(await centre.page.getByText("Ivo Striker").count()).toBe(0);
    const { page, context } = await openConsoleAs(browser, "operator@rovers.test", `/admin/matches/${match.id}/live`, MOBILE);
    try {
      // ---- the opponent's line-up: two mistakes, each beside its row
      const editor = page.locator(".desk-opponent");
      await expect.poll(() => editor.getAttribute("open")).not.toBeNull();
      await page.getByLabel("Starter 1: shirt number").fill("9");
      await page.getByLabel("Starter 1: name").fill("Ivo Striker");
      await page.getByLabel("Starter 2: shirt number").fill("9");
      await page.getByRole("button", { name: "Save opponent line-up" }).click();
      await expect.poll(() => page.locator('[data-row="starting.1"] .desk-error').textContent()).toBe("Number 9 is already Ivo Striker's. Enter the player's name");
      expect(await page.getByLabel("Starter 2: shirt number").getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByLabel("Starter 2: name").getAttribute("aria-invalid")).toBe("true");
      await toTop(page);
      await expectAxeCleanWhenIdle(page, "operator's screen with line-up errors at 375px");

      // ---- pasted from the team sheet instead (the rows typed are replaced after a confirmation)
      await page.getByText("Paste a team sheet").click();
      await page.getByLabel(/One player a line/).fill(SHEET);
      await page.getByRole("button", { name: "Use this list" }).click();
      await page.getByRole("button", { name: "Yes, use the list" }).click();
      expect(await page.getByLabel("Starter 11: name").inputValue()).toBe("Kit Wing");
      expect(await page.getByLabel("Substitute 2: shirt number").inputValue()).toBe("16");
      await page.getByRole("button", { name: "Save opponent line-up" }).click();
      await expect.poll(() => page.getByText("Opponent line-up saved").isVisible(), { timeout: WAIT }).toBe(true);
      // The centre, open all along, shows it without a reload.
      const lineups = centre.page.getByTestId("lineups");
      await expect.poll(() => lineups.getByText("Ivo Striker").isVisible(), { timeout: WAIT }).toBe(true);
      expect(await lineups.getByRole("heading", { name: OPPONENT }).isVisible()).toBe(true);
      expect(await lineups.getByText("Max Bench").isVisible()).toBe(true);

      // ---- the stats: steppers, possession that does not add up, then saved
      const stats = page.getByTestId("desk-stats");
      await stats.scrollIntoViewIfNeeded();
      for (let i = 0; i < 3; i += 1) await stepper(page, "shots", "home", true).click();
      await stepper(page, "shotsOnTarget", "home", true).click();
      await stepper(page, "shotsOnTarget", "away", true).click(); // a shot on target is a shot: away's shots go to 1
      await stepper(page, "corners", "away", true).click();
      await stepper(page, "corners", "away", true).click();
      await stepper(page, "corners", "away", false).click();
      expect([await statValue(page, "shots", "home"), await statValue(page, "shots", "away"), await statValue(page, "corners", "away")]).toEqual(["3", "1", "1"]);
      const homePossession = stats.getByRole("group", { name: "Possession (%)" }).getByRole("textbox").first();
      const awayPossession = stats.getByRole("group", { name: "Possession (%)" }).getByRole("textbox").last();
      await homePossession.fill("101");
      await page.getByRole("button", { name: "Save stats" }).click();
      await expect.poll(() => statsNote(page).getAttribute("data-stats")).toBe("invalid");
      expect(await homePossession.getAttribute("aria-invalid")).toBe("true");
      expect(await stats.getByText("A whole percentage from 0 to 100").isVisible()).toBe(true);
      await homePossession.fill("58");
      expect(await awayPossession.inputValue()).toBe("42");
      await page.getByRole("button", { name: "Save stats" }).click();
      await expect.poll(() => statsNote(page).getAttribute("data-stats"), { timeout: WAIT }).toBe("saved");
      await expect.poll(() => centreRow(centre.page, "Shots"), { timeout: WAIT }).toEqual(["3", "1"]);
      expect(await centreRow(centre.page, "Possession (%)")).toEqual(["58", "42"]);
      expect(await centreRow(centre.page, "Corners")).toEqual(["0", "1"]);
      await saveScreenshot(page, "console-match-extras-375");
      await toTop(page);
      await expectAxeCleanWhenIdle(page, "operator's screen with the extras at 375px");

      // ---- offline: the save is kept and shown pending, then sent once the connection returns
      await context.setOffline(true);
      await stepper(page, "fouls", "away", true).click();
      await stepper(page, "offsides", "home", true).click();
      await page.getByRole("button", { name: "Save stats" }).click();
      await expect.poll(() => statsNote(page).textContent(), { timeout: WAIT }).toMatch(/^Pending: kept on this phone/);
      expect(await page.evaluate((id) => localStorage.getItem(`rovers.operator.stats.${id}`), match.id)).toContain('"fouls":{"home":0,"away":1}');
      expect(await centreRow(centre.page, "Fouls")).toEqual(["0", "0"]);
      await context.setOffline(false);
      await expect.poll(() => statsNote(page).getAttribute("data-stats"), { timeout: WAIT }).toBe("saved");
      await expect.poll(() => centreRow(centre.page, "Fouls"), { timeout: WAIT }).toEqual(["0", "1"]);
      expect(await centreRow(centre.page, "Offsides")).toEqual(["1", "0"]);
      expect(await page.evaluate((id) => localStorage.getItem(`rovers.operator.stats.${id}`), match.id)).toBeNull();
      const saves = await queryD1<{ n: number }>("SELECT COUNT(*) AS n FROM admin_audit_log WHERE action = 'matches.stats.put' AND target = ? AND status = 200", [String(match.id)]);
      expect(saves[0]?.n).toBe(2);

      await saveScreenshot(centre.page, "console-match-extras-centre-375");
      await expectAxeCleanWhenIdle(centre.page, "match centre with the extras at 375px");
      await page.setViewportSize(DESKTOP);
      await saveScreenshot(page, "console-match-extras-1440");
    } finally {
      await context.close();
      await centre.context.close();
    }
  }, 240_000);
});
