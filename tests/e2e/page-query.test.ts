// Pages are rendered and cached for the query parameters their route reads (worker/pages/page-cache.ts).
// The browser hydrates the same HTML with the whole address: it must agree with the server (one
// canonical link, no hydration warning), and /account/login fills in its ?returnUrl= itself.
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

describe("parameters a page does not read", () => {
  const pages: Array<[path: string, canonical: string]> = [
    ["/?page=2&utm_source=x", "/"],
    ["/news?page=2&utm_source=x", "/news?page=2"],
    ["/videos/browse?team=u18&utm_source=x", "/videos/browse"],
    ["/hospitality?page=3", "/hospitality"],
  ];
  it("hydrate to the page the server rendered: one canonical address, no warnings", async () => {
    for (const [path, canonical] of pages) {
      const { page, context, problems, response } = await openPage(browser, path, DESKTOP);
      try {
        expect(response?.status(), path).toBe(200);
        const links = page.locator('link[rel="canonical"]');
        await expect.poll(() => links.count(), { timeout: 5_000 }).toBe(1);
        expect(new URL((await links.getAttribute("href")) ?? "").pathname + new URL((await links.getAttribute("href")) ?? "").search, path).toBe(canonical);
        expect(problems, path).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
