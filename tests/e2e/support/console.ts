import type { Browser, Locator, Page } from "playwright-core";
import { BASE_URL, openPage, waitForHydration, type OpenedPage, type Viewport } from "./browser";
import { signInAs } from "./demo-account";
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

/**
 * A demo account signed in through the site (the cookie question answered, so the consent popup
 * covers nothing in screenshots or axe's view), then on `path` of the console, its status checked,
 * hydrated.
 */
export async function openConsoleAs(browser: Browser, email: string, path: string, viewport: Viewport, status = 200): Promise<OpenedPage> {
  const opened = await openPage(browser, "/", viewport);
  await opened.context.addCookies([{ name: "cookie_consent", value: "none", url: BASE_URL }]);
  await signInAs(opened.page, email, "/");
  const response = await opened.page.goto(path, { waitUntil: "load" });
  expect(response?.status(), path).toBe(status);
  await waitForHydration(opened.page);
  return opened;
}

/**
 * The console's navigation with its section links showing: at a narrow width they sit behind the
 * 'Sections' disclosure button, which this opens first (a wide page shows them as they are).
 */
export async function consoleSections(page: Page): Promise<Locator> {
  const nav = page.getByRole("navigation", { name: "Console sections" });
  const toggle = nav.getByRole("button", { name: /^Sections/ });
  if ((await toggle.isVisible()) && (await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
  return nav;
}
