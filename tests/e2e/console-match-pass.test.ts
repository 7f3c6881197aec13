// A match pass sold from the console's fixture list, end to end: the demo commerce account
// (commerce@rovers.test, commerce.manage) opens its own future fixture on /admin/fixtures at
// 375 px, sells a match pass for it (a bad price is shown beside its field first; axe clean at
// 375 and 1440 px on the form); the pass shows on the Match passes tab; a fresh supporter buys it
// through the dev checkout and may start that match's live stream, and is refused another paid
// stream. The file's rows (opponents 'E2E Passes …', streams 'e2e-passes-…') are deleted at the
// start and the end, so it runs alone and in any order; no demo account's state changes.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, launchBrowser, openPage, saveScreenshot, waitForHydration } from "./support/browser";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { openConsoleAs } from "./support/console";
import { queryD1 } from "./support/d1";
import { registerAs } from "./support/fresh-account";
import { club } from "../../src/config/club";

const WAIT = 120_000;
const OPPONENT = `E2E Passes ${Date.now().toString(36)}`;
const STREAM = "e2e-passes-live";
const OTHER = "e2e-passes-other";
const PASS_MATCHES = "SELECT m.id FROM matches m JOIN opponents o ON o.id = m.opponent_id WHERE o.name LIKE 'E2E Passes %'";

async function reset() {
  await queryD1(`DELETE FROM purchases WHERE package_id IN (SELECT id FROM packages WHERE match_id IN (${PASS_MATCHES}))`);
  await queryD1(`DELETE FROM prices WHERE package_id IN (SELECT id FROM packages WHERE match_id IN (${PASS_MATCHES}))`);
  await queryD1(`DELETE FROM packages WHERE match_id IN (${PASS_MATCHES})`);
  await queryD1("DELETE FROM live_stream_assets WHERE id LIKE 'e2e-passes-%'");
  await queryD1(`DELETE FROM matches WHERE id IN (${PASS_MATCHES})`);
  await queryD1("DELETE FROM opponents WHERE name LIKE 'E2E Passes %'");
}

/** A first-team home fixture six hours ahead (first on the upcoming list), its live stream, and another paid stream of no match. */
async function futureFixture(): Promise<number> {
  const kickoff = new Date(Math.ceil((Date.now() + 6 * 3_600_000) / 3_600_000) * 3_600_000).toISOString();
  await queryD1("INSERT INTO opponents (name, short_name, venue, image_key) VALUES (?, ?, 'Passbridge Park', 'opponent-club')", [OPPONENT, OPPONENT]);
  await queryD1(
    `INSERT INTO matches (team_id, season_id, competition_id, opponent_id, is_home, venue, kickoff, status)
     VALUES ((SELECT id FROM teams WHERE slug = ''), (SELECT id FROM seasons WHERE slug = ?), (SELECT id FROM competitions ORDER BY id LIMIT 1),
             (SELECT id FROM opponents WHERE name = ?), 1, 'Riverside Park', ?, 'fixture')`,
    [club.currentSeason.slug, OPPONENT, kickoff],
  );
  const [row] = await queryD1<{ id: number }>("SELECT m.id FROM matches m JOIN opponents o ON o.id = m.opponent_id WHERE o.name = ?", [OPPONENT]);
  const stream = (id: string, title: string, matchId: number | null) =>
    queryD1(
      `INSERT INTO live_stream_assets (id, title, media_type, status, poster_image_key, offline_image_key, playback_id, entitlements, match_id, position)
       VALUES (?, ?, 'video', 'idle', 'live-women-live-poster', 'live-women-live-offline', ?, '["roverstv","roverstv+","vip"]', ?, 20)`,
      [id, title, `pb${id.replaceAll("-", "")}`, matchId],
    );
  await stream(STREAM, `Live: Rovers v ${OPPONENT}`, row!.id);
  await stream(OTHER, "Live: another paid stream", null);
  return row!.id;
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

describe("a match pass from the fixture list", () => {
  it("commerce sells a pass for a fixture; it is on the Match passes tab; a fresh supporter buys it and may start that match's stream only", async () => {
    const matchId = await futureFixture();
    const title = `v ${OPPONENT}`;
    const staff = await openConsoleAs(browser, "commerce@rovers.test", `/admin/fixtures?team=first-team&season=${club.currentSeason.slug}&when=upcoming`, MOBILE);
    try {
      const { page } = staff;
      const row = page.locator(`tr[data-fixture="${matchId}"]`);
      await expect.poll(() => row.isVisible(), { timeout: WAIT }).toBe(true);
      // Commerce sees the fixtures read-only: no fixture controls, only the pass's.
      expect(await page.getByRole("button", { name: "New fixture" }).count()).toBe(0);
      expect(await row.getByRole("button", { name: `Edit ${title}` }).count()).toBe(0);
      await row.getByRole("button", { name: `Sell a match pass for ${title}` }).click();
      const form = page.getByRole("form", { name: `Sell a match pass for ${title}` });
      await expect.poll(() => form.isVisible(), { timeout: WAIT }).toBe(true);
      // Focus lands in the first field; the stream of the match is chosen by default.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`match-pass-${matchId}-price`);
      expect(await form.getByRole("checkbox", { name: new RegExp(`Live: Rovers v ${OPPONENT}`) }).isChecked()).toBe(true);
      await expectAxeCleanWhenIdle(page, "console-match-pass-form", WAIT);
      await saveScreenshot(page, "console-match-pass-form");
      await page.setViewportSize(DESKTOP);
      await expectAxeCleanWhenIdle(page, "console-match-pass-form", WAIT);
      await saveScreenshot(page, "console-match-pass-form");
      await page.setViewportSize(MOBILE);

      // A bad price: its problem beside the field, focus back on it, nothing sold.
      await form.getByLabel("Price in pounds (GBP)").fill("3.4x");
      await form.getByRole("button", { name: "Put on sale" }).click();
      await expect.poll(() => form.locator("#match-pass-" + matchId + "-price-error").textContent(), { timeout: WAIT }).toBe("A price in pounds and pence: 4.99");
      await expectAxeCleanWhenIdle(page, "console-match-pass-refused", WAIT);
      expect(await queryD1("SELECT id FROM packages WHERE match_id = ?", [matchId])).toEqual([]);

      await form.getByLabel("Price in pounds (GBP)").fill("3.47");
      await form.getByRole("button", { name: "Put on sale" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: `The match pass for ${title} is on sale.` }).count(), { timeout: WAIT }).toBe(1);
      await expect.poll(() => row.textContent(), { timeout: WAIT }).toContain("£3.47 · 0 sold");
      await saveScreenshot(page, "console-match-pass-on-sale");
    } finally {
      await staff.context.close();
    }

    const supporter = await openPage(browser, "/videos/subscriptions", DESKTOP);
    try {
      const { page } = supporter;
      await supporter.context.addCookies([{ name: "cookie_consent", value: "none", url: new URL(page.url()).origin }]);
      await registerAs(page, "pass-buyer");
      await page.getByRole("tab", { name: "Match passes" }).click();
      const buy = page.getByRole("button", { name: "Buy - £3.47" });
      await expect.poll(() => buy.count(), { timeout: WAIT }).toBe(1);
      await saveScreenshot(page, "match-pass-tab");
      await buy.click();
      await page.waitForURL(/\/dev-payments\/checkout\/cs_dev_/, { timeout: WAIT });
      await page.getByRole("button", { name: "Pay £3.47" }).click();
      await page.waitForURL((url) => url.pathname === "/live", { timeout: WAIT });
      await waitForHydration(page);

      // Both streams on air (as a push leaves them): the pass starts its match's and no other paid one.
      await queryD1("UPDATE live_stream_assets SET status = 'active', last_media_at = ? WHERE id IN (?, ?)", [Date.now(), STREAM, OTHER]);
      const start = (id: string) =>
        page.evaluate(async (videoID) => {
          const res = await fetch("/api/session/check", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ data: { attributes: { videoID, mediaType: "video" } } }) });
          const body = (await res.json()) as { errors?: { code: string }[] };
          return { status: res.status, code: body.errors?.[0]?.code ?? null };
        }, id);
      expect(await start(STREAM)).toEqual({ status: 200, code: null });
      expect(await start(OTHER)).toEqual({ status: 403, code: "ERR_3684853_3" });
    } finally {
      await supporter.context.close();
    }
  }, WAIT * 4);
});
