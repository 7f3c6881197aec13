// Squads and players in the console, end to end. At 1440 px the demo administrator
// (staff@rovers.test) signs a player with a shirt number, a taken number is refused beside its
// field, and the signing shows on the first team's page with his number. At 375 px the demo match
// operator (operator@rovers.test) loans a player out: he leaves the squad page and his profile says
// where he is and until when; the loan's last day then set in the past through Edit (the server's
// clock is not ours to move) brings him back. Axe clean at both widths. The file's players
// (first name 'E2E') are deleted at the start and the end, so it runs alone and in any order.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, saveScreenshot } from "./support/browser";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { openConsoleAs } from "./support/console";
import { queryD1 } from "./support/d1";

const WAIT = 120_000;

async function reset() {
  await queryD1("DELETE FROM players WHERE first_name = 'E2E'");
}
/** A public page as a visitor gets it next, past the page cache. */
const fresh = (path: string) => fetch(`${BASE_URL}${path}`, { headers: { "cache-control": "no-cache" } }).then((r) => r.text());

/** A shirt number nobody of the first team holds. */
async function freeNumber(from: number): Promise<number> {
  const rows = await queryD1<{ n: number }>("SELECT squad_number AS n FROM players WHERE team_id = 1 AND squad_number IS NOT NULL");
  const taken = new Set(rows.map((r) => r.n));
  let n = from;
  while (taken.has(n)) n++;
  return n;
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

describe("squads and players in the console", () => {
  it("signs a player with a free shirt number (a taken one refused beside the field) and he shows on the team page with his number, at 1440 px", async () => {
    const { context, page } = await openConsoleAs(browser, "staff@rovers.test", "/admin/players", DESKTOP);
    try {
      await expect.poll(() => page.getByRole("heading", { name: "Squads and players", level: 2 }).isVisible(), { timeout: WAIT }).toBe(true);
      await expectAxeCleanWhenIdle(page, "console-players", WAIT);
      const taken = (await queryD1<{ n: number }>("SELECT squad_number AS n FROM players WHERE team_id = 1 AND squad_number IS NOT NULL AND released_on IS NULL AND loan_kind IS NULL LIMIT 1"))[0]!.n;
      const number = await freeNumber(70);

      await page.getByRole("button", { name: "Add a signing" }).click();
      await page.locator("#player-new-firstName").fill("E2E");
      await page.locator("#player-new-lastName").fill("Signing");
      await page.locator("#player-new-position").selectOption("Forward");
      await page.locator("#player-new-shirtNumber").fill(String(taken));
      await page.locator("#player-new-dateOfBirth").fill("2002-03-04");
      await page.locator("#player-new-nationality").fill("Wales");
      await page.locator("#player-new-bio").fill("A forward signed in the e2e test.");
      await page.getByRole("button", { name: "Sign player" }).click();
      // The taken number: its problem beside the field, the focus on it, what was typed kept.
      const error = page.locator("#player-new-shirtNumber-error");
      await expect.poll(() => error.textContent(), { timeout: WAIT }).toContain(`No. ${taken} is taken by`);
      expect(await page.locator("#player-new-shirtNumber").getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator("#player-new-lastName").inputValue()).toBe("Signing");
      await expectAxeCleanWhenIdle(page, "console-players-shirt-taken", WAIT);
      await saveScreenshot(page, "console-players-shirt-taken");

      await page.locator("#player-new-shirtNumber").fill(String(number));
      await page.getByRole("button", { name: "Sign player" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: "Signed E2E Signing." }).count(), { timeout: WAIT }).toBe(1);
      await expect.poll(() => page.locator("tr[data-player]").filter({ hasText: "E2E Signing" }).count(), { timeout: WAIT }).toBe(1);
      await saveScreenshot(page, "console-players-signed");

      await page.goto("/teams/first-team", { waitUntil: "load" });
      const card = page.locator(".player-card").filter({ hasText: "Signing" });
      expect(await card.count()).toBe(1);
      expect(await card.locator(".player-card__number").textContent()).toBe(String(number));
    } finally {
      await context.close();
    }
  }, WAIT * 4);

  it("loans a player out: he leaves the squad page and his profile says where until when; his loan's end set in the past brings him back, at 375 px", async () => {
    await queryD1(
      `INSERT INTO players (team_id, slug, first_name, last_name, position, squad_number, nationality, date_of_birth, joined, image_key, bio)
       VALUES (1, 'e2e-loanee', 'E2E', 'Loanee', 'Defender', NULL, 'Scotland', '2003-05-06', '2024-07-01', 'player-e2e-loanee', 'A defender for the e2e test.')`,
    );
    const id = (await queryD1<{ id: number }>("SELECT id FROM players WHERE slug = 'e2e-loanee'"))[0]!.id;
    expect(await fresh("/teams/first-team")).toContain("Loanee");
    const { context, page } = await openConsoleAs(browser, "operator@rovers.test", "/admin/players?team=first-team", MOBILE);
    try {
      const row = page.locator(`tr[data-player="${id}"]`);
      await expect.poll(() => row.isVisible(), { timeout: WAIT }).toBe(true);
      await row.getByRole("button", { name: "Loan out E2E Loanee" }).click();
      await page.locator(`#player-${id}-loan-club`).fill("Harbour Town");
      await page.locator(`#player-${id}-loan-from`).fill("2026-01-01");
      await page.locator(`#player-${id}-loan-until`).fill("2030-06-30");
      await expectAxeCleanWhenIdle(page, "console-players-loan", WAIT);
      await row.getByRole("button", { name: "Save loan" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: "Loaned E2E Loanee out to Harbour Town." }).count(), { timeout: WAIT }).toBe(1);
      await expect.poll(() => page.locator("#console-players-away").textContent(), { timeout: WAIT }).toContain("On loan at Harbour Town until 30 Jun 2030");
      await saveScreenshot(page, "console-players-loaned");

      expect(await fresh("/teams/first-team")).not.toContain("Loanee");
      expect(await fresh("/players/e2e-loanee")).toContain("On loan at Harbour Town until 30 Jun 2030");

      // The loan cut short: its last day in the past, through Edit; he is back in the squad list.
      await page.locator(`tr[data-player="${id}"]`).getByRole("button", { name: "Edit E2E Loanee" }).click();
      await page.locator(`#player-edit-${id}-loanUntil`).fill("2026-06-30");
      await expectAxeCleanWhenIdle(page, "console-players-edit", WAIT);
      await page.getByRole("button", { name: "Save player" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: "Saved E2E Loanee." }).count(), { timeout: WAIT }).toBe(1);
      await expect.poll(() => page.locator("#console-players-squad").textContent(), { timeout: WAIT }).toContain("E2E Loanee");
      expect(await fresh("/teams/first-team")).toContain("Loanee");
      expect(await fresh("/players/e2e-loanee")).not.toContain("On loan at");
      await saveScreenshot(page, "console-players-back");
    } finally {
      await context.close();
    }
  }, WAIT * 4);
});
