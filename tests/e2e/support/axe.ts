// axe-core injected into the page (its `source`; @axe-core/playwright needs Node 22)
// and run with the WCAG 2.0/2.1/2.2 A and AA rules plus axe's best practices. Violations come back
// as one line per failing node, naming the rule and the node's selector, so a failure says what to fix.
import axe from "axe-core";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { saveScreenshot } from "./browser";

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] as const;

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * Waits until the page has settled: two frames for a scroll's handlers to start their transitions,
 * then every finite CSS transition or animation to end (at most 2 s). Mid-slide, the header and the
 * sticky nav overlap for a few hundred milliseconds, and axe's target-size rule reads the links
 * underneath as obscured; a supporter never meets that overlap at rest.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const running = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
    const ended = Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
}

/** Runs axe on the page once it has settled; returns "rule-id: selector (help; why)" per failing node. */
export async function axeViolations(page: Page): Promise<string[]> {
  await settled(page);
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== "undefined");
  // Evaluated through the DevTools protocol, not as a <script> tag, so the site's CSP (script-src 'self') allows it.
  if (!loaded) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async (tags) => {
      const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: "tag", values: tags },
        resultTypes: ["violations"],
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target as unknown[], failureSummary: n.failureSummary })),
      }));
    },
    [...AXE_TAGS],
  );
  return (violations as AxeViolation[]).flatMap((v) =>
    v.nodes.map((n) => {
      const why = (n.failureSummary ?? "").split("\n").slice(1).map((line) => line.trim()).filter(Boolean).join(" ");
      return `${v.id}: ${n.target.map(String).join(" > ")} (${v.help}${why ? `; ${why}` : ""})`;
    }),
  );
}

/**
 * Once no navigation is under way (the progress bar is a landmark-less region while it runs),
 * the page is axe clean and as wide as the screen (nothing scrolls sideways on a phone); its
 * screenshot is kept under `name` for a person to look at.
 */
export async function expectAxeCleanWhenIdle(page: Page, name: string, timeout = 120_000): Promise<void> {
  await expect.poll(() => page.locator(".route-progress").getAttribute("data-phase"), { timeout }).toBe("idle");
  const violations = await axeViolations(page);
  expect(violations, `${name}: ${violations.join("\n")}`).toEqual([]);
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(clientWidth);
  await saveScreenshot(page, name);
}
