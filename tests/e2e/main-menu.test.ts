// The burger opens the main menu: the fixed entries and the club's content-managed page tree.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, openPage } from "./support/browser";
import { queryD1 } from "./support/d1";
import { linkNamed, textOf, waitUntilShown } from "./support/visibility";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface MenuRow extends Record<string, unknown> {
  id: number;
  post_title: string;
  full_path: string;
}

const topLevel = () =>
  queryD1<MenuRow>(
    "SELECT id, post_title, full_path FROM menu_pages WHERE parent_id IS NULL AND in_menu = 1 AND post_status = 'Published' ORDER BY page_order",
  );

describe("main menu", () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`opens from the burger with the CMS page tree (${viewport.width} px)`, async () => {
      const { page, context, problems } = await openPage(browser, "/", viewport);
      try {
        const menu = page.getByRole("navigation", { name: "Main menu", includeHidden: true });
        await waitUntilShown(menu, false);

        await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
        await waitUntilShown(menu, true);

        for (const name of ["News", "Matches", "Teams", "Buy Tickets", "Hospitality", "Shop", "Rovers TV"]) {
          expect(await linkNamed(menu, name).count(), name).toBeGreaterThanOrEqual(1);
        }

        // The page tree is fetched on the first opening (src/components/menu/menu-source.ts).
        await menu.locator(".main-menu__tree").waitFor();
        const roots = await topLevel();
        expect(roots.length).toBeGreaterThanOrEqual(5);
        const treeText = await textOf(menu);
        for (const root of roots) expect(treeText, `top-level entry '${root.post_title}'`).toContain(root.post_title);

        // A branch of the tree opens to its children: Club Information → Contact Us.
        const club = roots.find((r) => r.full_path === "club-information");
        expect(club, "Club Information in the page tree").toBeDefined();
        const contact = menu.locator('a[href="/club-information/contact-us"]');
        await waitUntilShown(contact, false);
        await menu.getByText(club!.post_title, { exact: true }).first().click();
        // On a phone the opened branch may reach below the screen: the reader scrolls the drawer to it.
        await contact.scrollIntoViewIfNeeded();
        await waitUntilShown(contact, true);

        await contact.click();
        await page.waitForURL(`${BASE_URL}/club-information/contact-us`);
        await waitUntilShown(menu, false);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it("closes with Escape and with its close button", async () => {
    const { page, context } = await openPage(browser, "/", DESKTOP);
    try {
      const menu = page.getByRole("navigation", { name: "Main menu", includeHidden: true });
      const burger = page.getByRole("banner").getByRole("button", { name: "Open menu" });
      await burger.click();
      await waitUntilShown(menu, true);
      await page.keyboard.press("Escape");
      await waitUntilShown(menu, false);

      await burger.click();
      await waitUntilShown(menu, true);
      await menu.getByRole("button", { name: "Close menu" }).click();
      await waitUntilShown(menu, false);
    } finally {
      await context.close();
    }
  });
});
