// An unknown address answers 404 with the error page and its quick links.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { club } from "../../src/config/club";
import { BASE_URL, DESKTOP, launchBrowser, openPage } from "./support/browser";
import { linkNamed, textOf } from "./support/visibility";

const MISSING = "/no/such/page/here/x";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("404 page", () => {
  it("answers 404 with HTML from the server", async () => {
    const response = await fetch(`${BASE_URL}${MISSING}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("This page could not be found");
  });

  it("shows '404 error', the message and the quick links, and hydrates cleanly", async () => {
    const { page, context, response, problems } = await openPage(browser, MISSING, DESKTOP);
    try {
      expect(response?.status()).toBe(404);
      const main = page.getByRole("main");
      expect(await textOf(main.getByRole("heading", { level: 1 }))).toBe("404 error");
      const text = await textOf(main);
      expect(text).toContain("This page could not be found");
      expect(text).toContain("Sorry, it looks like the page you are looking for isn't available right now.");
      expect(text).toContain("Quick Links:");

      const quickLinks: Array<[string, string]> = [
        ["News", "/news"],
        ["Matches", "/matches"],
        ["Teams", "/teams"],
        ["Ticket News", "/category/tickets"],
        ["Buy Tickets", club.links.buyTickets],
      ];
      for (const [name, href] of quickLinks) {
        const link = linkNamed(main, name);
        expect(await link.count(), name).toBe(1);
        expect(await link.getAttribute("href")).toBe(href);
      }
      // The site's header and footer stay around the error page.
      expect(await page.getByRole("banner").count()).toBe(1);
      // The footer is a boundary of its own (a lazy chunk in the browser): wait for it, then count.
      await page.getByRole("contentinfo").first().waitFor({ timeout: 30_000 });
      expect(await page.getByRole("contentinfo").count()).toBe(1);

      // A quick link leaves the error page client-side.
      await linkNamed(main, "Teams").click();
      await page.waitForURL(`${BASE_URL}/teams`);
      // The URL changes as the navigation commits; the new page renders just after.
      await page.getByText("This page could not be found").waitFor({ state: "detached", timeout: 5_000 });
      await page.waitForLoadState("networkidle");
      // Chromium reports the document's own 404 status as a console error; that one is expected.
      const documentStatus = (p: string) => p.includes("status of 404") && p.includes(`${BASE_URL}${MISSING}`);
      expect(problems.filter((p) => !documentStatus(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
