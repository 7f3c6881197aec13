// A content page from the CMS page tree renders its title and (sanitised) body from D1.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage } from "./support/browser";
import { queryD1 } from "./support/d1";
import { textOf } from "./support/visibility";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("content page /club-information/contact-us", () => {
  it("renders the page's title and body from the page tree", async () => {
    const [row] = await queryD1<{ post_title: string; body_html: string }>(
      "SELECT post_title, body_html FROM menu_pages WHERE full_path = 'club-information/contact-us'",
    );
    expect(row, "contact-us in menu_pages").toBeDefined();

    const { page, context, response, problems } = await openPage(browser, "/club-information/contact-us", DESKTOP);
    try {
      expect(response?.status()).toBe(200);
      expect(await textOf(page.getByRole("heading", { level: 1 }).first())).toBe(row!.post_title);

      // The body's text, as a browser reads the stored HTML, appears in the page.
      const paragraphs = await page.evaluate((html) => {
        const doc = new DOMParser().parseFromString(html, "text/html");
        return [...doc.querySelectorAll("p, li")].map((el) => (el.textContent ?? "").replace(/\s+/g, " ").trim()).filter(Boolean);
      }, row!.body_html);
      expect(paragraphs.length).toBeGreaterThan(0);
      const main = await textOf(page.getByRole("main"));
      for (const text of paragraphs.slice(0, 3)) expect(main).toContain(text);

      expect(await page.getByRole("banner").count()).toBe(1);
      // The footer is a boundary of its own (a lazy chunk in the browser): wait for it, then count.
      await page.getByRole("contentinfo").first().waitFor({ timeout: 30_000 });
      expect(await page.getByRole("contentinfo").count()).toBe(1);
      await page.waitForLoadState("networkidle");
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
