// The match operator's screen at 375 px, end to end: the demo match operator (operator@rovers.test)
// picks the club's line-up from the squad cards, posts kick-off, a goal with its scorer picked
// from the line-up, a yellow card, a substitution, half-time, second half and full time; a match
// centre open in a second browser shows each within 2 s; an Undo (confirmed) withdraws the card
// there; offline, a goal is queued and shown pending, survives a reload of the screen, then
// arrives exactly once when the connection returns; at full time the result is on /matches. Axe
// clean at 375 px, and at 1440 px at the end. A live match takes over
// every visitor's home page, so this file runs in the exclusive phase; it resets its match first
// and last.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, MOBILE, DESKTOP, launchBrowser, saveScreenshot, waitForHydration, watchProblems } from "./support/browser";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { openConsoleAs } from "./support/console";
import { signInAs } from "./support/demo-account";
import { firstTeamFixtures, resetMatch } from "./support/match-feed";
import { liveMatchSchema, type LiveMatch } from "../../src/schemas/match-live";

const WAIT = 30_000;
/** The centre's own bound: each event shows there within 2 s of the operator's tap being answered. */
const SHOWS_WITHIN = 2_000;

let browser: Browser;
let matchID: number;
beforeAll(async () => {
  browser = await launchBrowser();
  // The first team's sixth fixture from the end: match-centre.test.ts takes the last three,
  // matchday-takeover.test.ts the third and fourth from the end.
  const fixture = (await firstTeamFixtures()).at(-6);
  if (!fixture) throw new Error("no first-team fixture");
  matchID = fixture.id;
  await resetMatch(matchID);
});
afterAll(async () => {
  if (matchID) await resetMatch(matchID);
  await browser?.close();
});

async function live(): Promise<LiveMatch> {
  const response = await fetch(`${BASE_URL}/api/matches/${matchID}/live`, { headers: { "cache-control": "no-cache" } });
  return liveMatchSchema.parse(await response.json());
}
const standingOf = async (type: string) => (await live()).events.filter((e) => e.type === type && !e.withdrawn).length;

/** Waits until the operator's newest tap says it was sent (with its seq), then until the match centre shows `shown`. */
async function sentAndShown(operator: Page, centre: Page, shown: () => Promise<boolean>): Promise<void> {
  const newest = operator.locator(".desk-tap").first();
  await expect.poll(async () => (await newest.getAttribute("data-tap")) ?? "", { timeout: WAIT }).toBe("sent");
  expect(await newest.locator(".desk-tap__status").textContent()).toMatch(/^Sent · #\d+$/);
  const answered = Date.now();
  await expect.poll(shown, { timeout: SHOWS_WITHIN, interval: 50 }).toBe(true);
  expect(Date.now() - answered).toBeLessThan(SHOWS_WITHIN);
}

const pickPlayer = (operator: Page, index: number) => operator.locator(".desk-picker .desk-player").nth(index);
const eventButton = (operator: Page, name: string) => operator.getByRole("group", { name: "Match events" }).getByRole("button", { name, exact: true });
const phaseButton = (operator: Page, name: string) => operator.getByRole("group", { name: "Phase" }).getByRole("button", { name, exact: true });
const centreEvents = (centre: Page, type: string): Locator => centre.locator(`.live-event--${type}:not(.is-withdrawn)`);

describe("the match operator's screen", () => {
  it("runs a match from the stand at 375 px: line-up, events, undo, a queued goal offline, full time", async () => {
    const { context, page: operator, problems } = await openConsoleAs(browser, "operator@rovers.test", "/admin/matches", MOBILE);
    const centreContext = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
    const centre = await centreContext.newPage();
    const centreProblems = watchProblems(centre);
    try {
      // The list leads to the match's screen.
      await operator.locator(`[data-match="${matchID}"] a`).click();
      await operator.waitForURL(`**/admin/matches/${matchID}/live`);
      await expect.poll(() => operator.getByText("Post an event").isVisible(), { timeout: WAIT }).toBe(true);
      expect(await operator.getByTestId("desk-phase").textContent()).toBe("Upcoming");
      // Before kick-off: only the kick-off among the phases, no goal buttons.
      expect(await operator.getByRole("group", { name: "Phase" }).getByRole("button").allTextContents()).toEqual(["Kick-off"]);
      expect(await operator.getByRole("group", { name: "Match events" }).count()).toBe(0);
      await expectAxeCleanWhenIdle(operator, "console-match-operator-lineup", WAIT * 2);

      // The line-up from the squad cards: eleven to start, three on the bench; a twelfth starter is refused beside the button.
      const cards = operator.locator(".desk-card");
      expect(await cards.count()).toBeGreaterThanOrEqual(14);
      for (let i = 0; i < 11; i++) await cards.nth(i).getByRole("button", { name: /^Start: / }).click();
      await cards.nth(11).getByRole("button", { name: /^Start: / }).click();
      await expect.poll(() => operator.getByText("The starting eleven is full").isVisible()).toBe(true);
      for (let i = 11; i < 14; i++) await cards.nth(i).getByRole("button", { name: /^Bench: / }).click();
      await operator.getByRole("button", { name: "Save line-up" }).click();
      await expect.poll(() => operator.getByText("Line-up saved.").isVisible(), { timeout: WAIT }).toBe(true);
      await expect.poll(async () => (await live()).lineup?.starting.length ?? 0, { timeout: WAIT }).toBe(11);
      const lineup = (await live()).lineup!;
      await saveScreenshot(operator, "console-match-operator-lineup");

      // Kick-off, by keyboard.
      await phaseButton(operator, "Kick-off").focus();
      await operator.keyboard.press("Enter");
      await expect.poll(async () => (await operator.locator(".desk-tap").first().getAttribute("data-tap")) ?? "", { timeout: WAIT }).toBe("sent");
      expect(await operator.getByTestId("desk-phase").textContent()).toBe("First half");

      // The match centre, open from here on.
      await centre.goto(`/match/${matchID}`, { waitUntil: "load" });
      await waitForHydration(centre, centreProblems);
      expect(await centre.locator(".live-badge").textContent()).toBe("Live");

      // A goal: the scorer picked from the line-up (the tenth starter).
      const scorer = lineup.starting[9]!;
      await eventButton(operator, "Goal").click();
      expect(await operator.locator(".desk-picker__question").textContent()).toBe("Goal: which player?");
      await operator.locator(".desk-picker .desk-player", { hasText: scorer.name }).click();
      await sentAndShown(operator, centre, async () => (await centreEvents(centre, "goal").count()) === 1);
      expect(await centreEvents(centre, "goal").first().textContent()).toContain(scorer.name);
      await expectAxeCleanWhenIdle(operator, "console-match-operator-live", WAIT * 2);

      // A yellow card.
      await eventButton(operator, "Yellow card").click();
      await pickPlayer(operator, 3).click();
      await sentAndShown(operator, centre, async () => (await centreEvents(centre, "yellow").count()) === 1);

      // A substitution: off from the pitch, on from the bench.
      await eventButton(operator, "Substitution").click();
      expect(await operator.locator(".desk-picker__question").textContent()).toBe("Substitution: who goes off?");
      await pickPlayer(operator, 6).click();
      expect(await operator.locator(".desk-picker .desk-player").allTextContents()).toEqual(lineup.subs.map((p) => `${p.number ?? "–"} ${p.name}`));
      await pickPlayer(operator, 0).click();
      await sentAndShown(operator, centre, async () => (await centreEvents(centre, "sub").count()) === 1);
      expect(await centreEvents(centre, "sub").first().textContent()).toContain(lineup.subs[0]!.name);

      // Undo the card, confirmed first (Cancel gives the focus back).
      const cardRow = operator.locator('.desk-undo__item[data-event="yellow"]');
      const undo = cardRow.getByRole("button", { name: /^Undo: / });
      await undo.click();
      await operator.getByRole("button", { name: "Cancel" }).click();
      await expect.poll(() => undo.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await standingOf("yellow")).toBe(1);
      await undo.click();
      await expectAxeCleanWhenIdle(operator, "console-match-operator-undo", WAIT * 2);
      await operator.getByRole("button", { name: "Yes, withdraw it" }).click();
      const undone = Date.now();
      await expect.poll(async () => centre.locator(".live-event--yellow.is-withdrawn").count(), { timeout: SHOWS_WITHIN, interval: 50 }).toBe(1);
      expect(Date.now() - undone).toBeLessThan(SHOWS_WITHIN + 1_000);
      expect(await standingOf("yellow")).toBe(0);

      // Half-time and the second half.
      await phaseButton(operator, "Half-time").click();
      await sentAndShown(operator, centre, async () => (await centre.locator(".match-hero__pill").first().textContent()) === "Half-time");
      await phaseButton(operator, "Second half").click();
      await sentAndShown(operator, centre, async () => (await centre.locator(".match-hero__pill").first().textContent()) === "Second half");

      // Offline: the goal waits on the phone, pending, and arrives once when the connection returns.
      await context.setOffline(true);
      await expect.poll(() => operator.getByText(/^Offline: your taps are kept/).isVisible(), { timeout: WAIT }).toBe(true);
      await eventButton(operator, "Goal").click();
      await pickPlayer(operator, 0).click();
      const queued = operator.locator(".desk-tap").first();
      expect(await queued.getAttribute("data-tap")).toBe("pending");
      expect(await queued.locator(".desk-tap__status").textContent()).toMatch(/^Pending/);
      // It is stored before it is sent: what a reload would find.
      expect(await operator.evaluate((id) => localStorage.getItem(`rovers.operator.taps.${id}`) ?? "", matchID)).toContain('"status":"pending"');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await queued.getAttribute("data-tap")).toBe("pending");
      expect(await standingOf("goal")).toBe(1);
      await saveScreenshot(operator, "console-match-operator-offline");
      // The phone reloads the screen while still offline (the page is lost, the kept tap is not);
      // back online, the screen opens again with the tap pending and sends it once.
      await operator.reload({ waitUntil: "load" }).catch(() => undefined);
      await context.setOffline(false);
      await operator.goto(`/admin/matches/${matchID}/live`, { waitUntil: "load" });
      await expect.poll(() => operator.getByText("Post an event").isVisible(), { timeout: WAIT }).toBe(true);
      await sentAndShown(operator, centre, async () => (await centreEvents(centre, "goal").count()) === 2);
      // Exactly once, however often the phone tried while offline.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(await standingOf("goal")).toBe(2);

      // The sign-in ends (the session cookie goes, the signed-in hint stays): a comment waits, the
      // screen says why and how; signed in again in another tab, it is sent once on coming back.
      const cookies = await context.cookies();
      await context.clearCookies();
      await context.addCookies(cookies.filter((c) => c.name !== "rovers_session"));
      await operator.getByLabel("Comment").fill("Rovers pressing high");
      await operator.getByRole("button", { name: "Post comment" }).click();
      const signedOut = operator.locator(".desk-signed-out");
      await expect.poll(() => signedOut.isVisible(), { timeout: WAIT }).toBe(true);
      expect(await signedOut.textContent()).toMatch(/^Your sign-in has ended/);
      expect(await operator.locator(".desk-tap").first().getAttribute("data-tap")).toBe("pending");
      expect(await standingOf("comment")).toBe(0);
      const again = await context.newPage();
      await again.goto("/", { waitUntil: "load" });
      await signInAs(again, "operator@rovers.test", "/");
      await again.close();
      await operator.bringToFront();
      await operator.evaluate(() => window.dispatchEvent(new Event("focus")));
      await expect.poll(() => operator.locator(".desk-tap").first().getAttribute("data-tap"), { timeout: WAIT }).toBe("sent");
      expect(await signedOut.count()).toBe(0);
      expect(await standingOf("comment")).toBe(1);

      // Full time: the result on /matches.
      await phaseButton(operator, "Full time").click();
      await sentAndShown(operator, centre, async () => (await centre.locator(".match-hero__pill").first().textContent()) === "Full Time");
      expect(await operator.getByRole("group", { name: "Phase" }).count()).toBe(0);
      // The same screen on a desk in the press box.
      await operator.setViewportSize(DESKTOP);
      await expectAxeCleanWhenIdle(operator, "console-match-operator-desktop", WAIT * 2);
      const state = await live();
      expect(state.phase).toBe("full-time");
      const row = await fetch(`${BASE_URL}/api/content/fixtures?team=`).then((r) => r.json() as Promise<{ matches: { id: number; status: string }[] }>);
      expect(row.matches.find((m) => m.id === matchID)?.status).toBe("result");
      const { home, away } = state.score!;
      expect(home + away).toBe(2);
      // /matches (its page cache retired at full time) lists the match as a result with the feed's score, from the club's side.
      const clubHome = state.lineup!.side === "home";
      const [goalsFor, goalsAgainst] = clubHome ? [home, away] : [away, home];
      await operator.goto("/matches", { waitUntil: "load" });
      const listed = await operator.locator("#router-data").textContent();
      expect(listed).toMatch(new RegExp(`"id":${matchID},[^}]*"status":"result","goalsFor":${goalsFor},"goalsAgainst":${goalsAgainst}`));
      expect(problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource|WebSocket/.test(p))).toEqual([]);
    } finally {
      await context.close();
      await centreContext.close();
    }
  }, WAIT * 12);
});
