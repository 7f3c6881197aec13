// /account/login is cached without ?returnUrl= (worker/ssr/page-cache.ts): the server's links
// return home, and the browser fills in the return the address asks for, same-site only.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const cases: Array<[returnUrl: string, expected: string]> = [
  ["/videos/browse?team=u18", "/auth/login?returnUrl=%2Fvideos%2Fbrowse%3Fteam%3Du18"],
  ["//evil.example", "/auth/login?returnUrl=%2F"],
  ["https://evil.example", "/auth/login?returnUrl=%2F"],
  ["javascript:alert(1)", "/auth/login?returnUrl=%2F"],
];

describe("login page return", () => {
  it("links to the portal with the address's same-site return once hydrated, without hydration warnings", async () => {
    for (const [returnUrl, expected] of cases) {
      const { page, context, problems } = await openPage(browser, `/account/login?returnUrl=${encodeURIComponent(returnUrl)}`, DESKTOP);
      try {
        const logIn = page.locator(".login-page").getByRole("link", { name: "Log In" });
        await expect.poll(() => logIn.getAttribute("href"), { timeout: 10_000 }).toBe(expected);
        expect(await page.locator(".login-page").getByRole("link", { name: "Register" }).getAttribute("href")).toBe(expected.replace("/auth/login", "/auth/register"));
        expect(problems, returnUrl).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
