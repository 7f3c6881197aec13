// The home page as a first-time visitor sees it: header and footer from the club's data,
// hydration without errors, and client-side navigation afterwards.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { club } from "../../src/config/club";
import { BASE_URL, DESKTOP, launchBrowser, openPage, waitForFooter } from "./support/browser";
import { queryD1 } from "./support/d1";
import { linkNamed, textOf, waitUntilShown } from "./support/visibility";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface SponsorRowDb extends Record<string, unknown> {
  id: number;
  title: string;
}
interface SponsorDb extends Record<string, unknown> {
  row_id: number;
  title: string;
  url: string;
  is_child_friendly: number;
  published: number;
}

describe("home page", () => {
  it("is server-rendered with the club name, the navigation and the footer data in the HTML", async () => {
    const response = await fetch(`${BASE_URL}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('href="/category/tickets"');
    expect(html).toContain("Log In");
    const rows = await queryD1<SponsorRowDb>("SELECT id, title FROM sponsor_rows WHERE area = 'footer'");
    for (const row of rows) expect(html).toContain(row.title.replace(/&/g, "&amp;"));
  });

  it("shows the header: club name, primary and secondary nav, Log In", async () => {
    const { page, context } = await openPage(browser, "/", DESKTOP);
    try {
      const header = page.getByRole("banner");
      await waitUntilShown(header, true);
      // The wordmark sets the name on two lines: "Northbridge" / "Rovers FC".
      const [first, ...rest] = club.name.split(" ");
      expect(await textOf(header)).toMatch(new RegExp(`${first}\\s*${rest.join(" ")}`));

      const links: Array<[string, string]> = [
        ["News", "/news"],
        ["Ticket News", "/category/tickets"],
        ["Teams", "/teams"],
        ["Matches", "/matches"],
        ["Buy Tickets", club.links.buyTickets],
        ["Buy Hospitality", "/hospitality"],
        ["Store", club.links.store],
        [club.tvName, "/videos"],
      ];
      for (const [name, href] of links) {
        const link = linkNamed(header, name);
        expect(await link.count(), `header link '${name}'`).toBe(1);
        expect(await link.getAttribute("href")).toBe(href);
        await waitUntilShown(link, true);
      }
      const logIn = header.getByRole("button", { name: "Log In", exact: true });
      expect(await logIn.count()).toBe(1);
      await waitUntilShown(logIn, true);
    } finally {
      await context.close();
    }
  });

  it("shows the footer: the three sponsor rows, social links and legal links from D1", async () => {
    const { page, context } = await openPage(browser, "/", DESKTOP);
    try {
      const footer = page.getByRole("contentinfo");
      const rows = await queryD1<SponsorRowDb>("SELECT id, title FROM sponsor_rows WHERE area = 'footer' ORDER BY forced_order");
      expect(rows).toHaveLength(3);
      const headings = await footer.locator(".sponsor-row").count();
      expect(headings).toBe(3);
      for (const row of rows) {
        expect(await footer.getByRole("heading", { name: row.title, exact: true }).count(), `sponsor row '${row.title}'`).toBe(1);
      }

      // Published sponsors only, and child-friendly mode is on by default: only those flagged child friendly.
      const sponsors = await queryD1<SponsorDb>(
        "SELECT x.row_id, s.title, s.url, s.is_child_friendly, s.published FROM sponsor_row_sponsors x JOIN sponsors s ON s.id = x.sponsor_id JOIN sponsor_rows r ON r.id = x.row_id WHERE r.area = 'footer'",
      );
      expect(sponsors.some((s) => s.published === 1 && s.is_child_friendly === 0)).toBe(true);
      for (const sponsor of sponsors) {
        const count = await footer.locator(`a[href="${sponsor.url}"]`).count();
        expect(count, `sponsor '${sponsor.title}'`).toBe(sponsor.published && sponsor.is_child_friendly ? 1 : 0);
      }

      const social = await queryD1<{ key: string; value: string }>("SELECT key, value FROM settings WHERE key LIKE 'social%' AND value <> ''");
      expect(social.length).toBeGreaterThanOrEqual(6);
      for (const network of ["Facebook", "X", "Threads", "Instagram", "YouTube", "TikTok"]) {
        expect(await linkNamed(footer, network).count(), network).toBe(1);
      }
      for (const { value } of social) {
        expect(await footer.locator(`a[href="${value}"]`).count(), value).toBeGreaterThanOrEqual(1);
      }

      const legal: Array<[string, string]> = [
        ["Cookie Policy", "/cookie-policy"],
        ["Website Privacy Policy", "/website-privacy-policy"],
        ["Terms of Use", "/terms-of-use"],
      ];
      for (const [name, href] of legal) {
        const link = linkNamed(footer, name);
        expect(await link.count(), name).toBeGreaterThanOrEqual(1);
        expect(await link.first().getAttribute("href")).toBe(href);
      }
      // The club's footer.copyright setting (spec §3), as D1 holds it.
      const copyright = (await queryD1<{ value: string }>("SELECT value FROM settings WHERE key = 'footer.copyright'"))[0]?.value;
      expect(copyright).toBeTruthy();
      expect(await textOf(footer)).toContain(copyright);
    } finally {
      await context.close();
    }
  });

  it("hydrates without console errors or hydration warnings", async () => {
    const { page, context, problems, response } = await openPage(browser, "/", DESKTOP);
    try {
      expect(response?.status()).toBe(200);
      const hydrated = (selector: string) =>
        page.evaluate((links) => [...document.querySelectorAll(links)].every((el) => Object.keys(el).some((k) => k.startsWith("__reactProps$"))), selector);
      expect(await hydrated("header a[href]")).toBe(true);
      // the footer hydrates once the reader comes near it
      await waitForFooter(page);
      expect(await hydrated("footer a[href]")).toBe(true);
      await page.waitForLoadState("networkidle");
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("navigates to News client-side, without a full page load", async () => {
    const { page, context, problems } = await openPage(browser, "/", DESKTOP);
    try {
      const documents: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "document") documents.push(request.url());
      });
      await page.evaluate(() => {
        (window as unknown as { __marker: string }).__marker = "same-document";
      });
      await linkNamed(page.getByRole("banner"), "News").click();
      await page.waitForURL(`${BASE_URL}/news`);
      // The URL can change before React has committed the new page; wait for the page itself.
      await page.getByRole("main").getByRole("heading", { level: 1, name: "News", exact: true }).waitFor();
      await page.waitForFunction(() => document.title.startsWith("News"));
      expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe("same-document");
      expect(documents).toEqual([]);
      await page.waitForLoadState("networkidle");
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
