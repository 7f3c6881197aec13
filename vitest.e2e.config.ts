import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { E2E_LIVE_EVENTS } from "./scripts/e2e-live.mjs";

/**
 * Files that change what every page shows (the site lock, the active overlay promos, a live match
 * taking over the home page, the layout variants): they run in an exclusive phase of their own,
 * one after another, once the shared phase has ended. Every other file reads site-wide state only and registers the accounts it changes, so those run side by side.
 */
export const EXCLUSIVE_FILES = [
  "tests/e2e/site-lock.test.ts",
  // Publishes the site's newest article while it checks the news feed.
  "tests/e2e/news-feed.test.ts",
  // Adds a question to the public FAQ page while it runs.
  "tests/e2e/console-faqs.test.ts",
  // Preseason mode hides the season's fixtures from every visitor while it is on.
  "tests/e2e/console-seasons.test.ts",
  "tests/e2e/overlay-promo-visibility.test.ts",
  // A live match takes over every visitor's home page.
  "tests/e2e/matchday-takeover.test.ts",
  "tests/e2e/match-centre.test.ts",
  "tests/e2e/stream-sync.test.ts",
  "tests/e2e/console-match-operator.test.ts",
  // The header, footer and footer-advertising variants (settings every page reads).
  "tests/e2e/layout-variants.test.ts",
  // Direct login (the login.direct setting turns the account panel's form on for every visitor).
  "tests/e2e/direct-login.test.ts",
  // Creates an advert in the console: live for every visitor until the test disables it.
  "tests/e2e/console-content.test.ts",
];

/**
 * The files that play the live events the run pushes (scripts/e2e-live.mjs), found by the events'
 * names: they run while the pushes run. The pushes and their packaging take about a fifth of a
 * 2-core machine, so the files that do not need them run after the pushes have stopped.
 */
const namesAPushedEvent = (file: string) => {
  const text = readFileSync(path.join(import.meta.dirname, file), "utf8");
  // The id as a word of its own (a path's last part, a string), not inside another name.
  return E2E_LIVE_EVENTS.some((id) => new RegExp(`(?<![\\w-])${id}(?![\\w-])`).test(text));
};
const E2E_FILES = readdirSync(path.join(import.meta.dirname, "tests/e2e"))
  .filter((name) => name.endsWith(".test.ts"))
  .map((name) => `tests/e2e/${name}`);
export const LIVE_FILES = E2E_FILES.filter((file) => !EXCLUSIVE_FILES.includes(file) && namesAPushedEvent(file));
const LIVE_EXCLUSIVE_FILES = EXCLUSIVE_FILES.filter(namesAPushedEvent);

/**
 * scripts/e2e.mjs runs the phases in turn, the first two while the pushes run: live (LIVE_FILES),
 * live-exclusive (the exclusive files among those that play a pushed event), then exclusive (the
 * other EXCLUSIVE_FILES) and shared (every other file). Without E2E_PHASE: every file but the
 * exclusive ones.
 */
const PHASES = ["live", "live-exclusive", "exclusive", "shared"] as const;
type Phase = (typeof PHASES)[number] | "all-shared";
const phase: Phase = PHASES.find((p) => p === process.env.E2E_PHASE) ?? "all-shared";
const alone = phase === "live-exclusive" || phase === "exclusive";
const included: Record<Phase, { include: string[]; exclude: string[] }> = {
  live: { include: LIVE_FILES, exclude: [] },
  "live-exclusive": { include: LIVE_EXCLUSIVE_FILES, exclude: [] },
  exclusive: { include: EXCLUSIVE_FILES, exclude: LIVE_EXCLUSIVE_FILES },
  shared: { include: ["tests/e2e/**/*.test.ts"], exclude: [...EXCLUSIVE_FILES, ...LIVE_FILES] },
  "all-shared": { include: ["tests/e2e/**/*.test.ts"], exclude: EXCLUSIVE_FILES },
};
/**
 * Files side by side (E2E_WORKERS, default one): every file registers the accounts it changes, so
 * they may, and two at once is faster. One stays the default until a whole run with two is green
 * (docs/testing.md).
 */
const workers = Number(process.env.E2E_WORKERS || 1);

// The e2e suite drives Chromium against a running `wrangler dev` (scripts/e2e.mjs starts it and sets
// E2E_BASE_URL). Each file launches its own browser.
export default defineConfig({
  test: {
    ...included[phase],
    environment: "node",
    fileParallelism: !alone && workers > 1,
    // Each file in a process of its own (vitest's default): sharing one saved about half a second a
    // file, but the two full runs with it each had a failure not seen alone; kept apart until
    // that is understood.
    isolate: true,
    maxWorkers: alone ? 1 : workers,
    // In CI a failed test runs once more: on two cores shared with three live pushes, their
    // packaging and the transcoders, a page load now and then misses its time. A test that passes
    // on the second try is named at the end of `npm test` (scripts/test.mjs), so it is seen and
    // fixed, not hidden; one that fails twice fails the run.
    retry: process.env.CI ? 1 : 0,
    // Two files side by side share the cores: a test takes up to twice its time alone.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A page's chunk loads on the first click (the account panel, the menu): on a loaded machine
    // that can take over vitest's default second. Where the spec sets a time, a test says so.
    expect: { poll: { timeout: 10_000 } },
  },
});
