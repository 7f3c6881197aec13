import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * The console at `path` is the site's own 404 page for whoever opens it (a visitor, a supporter):
 * no console navigation, and not `heading` either when given.
 */
export async function expectConsoleNotFound(page: Page, path: string, heading?: string): Promise<void> {
  const response = await page.goto(path, { waitUntil: "load" });
  expect(response?.status(), path).toBe(404);
  expect(await page.getByText("This page could not be found").first().isVisible()).toBe(true);
  expect(await page.getByRole("navigation", { name: "Console sections" }).count()).toBe(0);
  if (heading) expect(await page.getByRole("heading", { name: heading }).count()).toBe(0);
}
