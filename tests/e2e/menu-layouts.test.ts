// The content-managed menu draws each section by its menu layout (spec §2 'Navigation'):
// full-menu and feature-menu show their pages at once, component-menu and auto-only-menu open
// on demand; entries carry their icon and custom class, and their links (linkSlug) work.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, openPage } from "./support/browser";
import { queryD1 } from "./support/d1";
import { waitUntilShown } from "./support/visibility";
import { SCREENSHOT_DIR } from "./support/browser";
import path from "node:path";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface SectionRow extends Record<string, unknown> {
  post_title: string;
  menu_layout: string;
  icon: string | null;
  custom_class: string | null;
  child_path: string | null;
  child_link: string | null;
}

/** Each top-level section with children, with its first child's link. */
const sections = () =>
  queryD1<SectionRow>(
    `SELECT p.post_title, p.menu_layout, p.icon, p.custom_class,
       (SELECT c.full_path FROM menu_pages c WHERE c.parent_id = p.id AND c.in_menu = 1 AND c.post_type = 'internal' AND c.redirect_location IS NULL ORDER BY c.page_order LIMIT 1) AS child_path,
       (SELECT c.link_slug FROM menu_pages c WHERE c.parent_id = p.id AND c.in_menu = 1 AND c.post_type = 'internal' AND c.redirect_location IS NULL ORDER BY c.page_order LIMIT 1) AS child_link
     FROM menu_pages p WHERE p.parent_id IS NULL AND p.in_menu = 1 AND p.post_status = 'Published'
       AND EXISTS (SELECT 1 FROM menu_pages c WHERE c.parent_id = p.id AND c.in_menu = 1)
     ORDER BY p.page_order`,
  );

const LAYOUT_CLASS: Record<string, string> = {
  "full-menu": "menu-layout--full",
  "feature-menu": "menu-layout--feature",
  "component-menu": "menu-layout--component",
  "auto-only-menu": "menu-layout--auto",
};

describe("menu layouts", () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`draws each section by its layout, with icons, custom classes and working links (${viewport.width} px)`, async () => {
      const { page, context, problems } = await openPage(browser, "/", viewport);
      try {
        await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
        const menu = page.getByRole("navigation", { name: "Main menu" });
        await waitUntilShown(menu, true);
        // The page tree is fetched on the first opening (src/components/menu/menu-source.ts).
        await menu.locator(".main-menu__tree").waitFor();
        const rows = await sections();
        expect(new Set(rows.map((r) => r.menu_layout))).toEqual(new Set(Object.keys(LAYOUT_CLASS)));

        for (const row of rows) {
          const section = menu.locator(`li.${LAYOUT_CLASS[row.menu_layout]}`).filter({ hasText: row.post_title }).first();
          expect(await section.count(), `${row.post_title} as ${row.menu_layout}`).toBe(1);
          if (row.custom_class) expect(await section.getAttribute("class"), row.post_title).toContain(row.custom_class);
          if (row.icon) expect(await section.locator(`svg use[href$="#${row.icon}"]`).count(), `${row.post_title} icon`).toBeGreaterThan(0);
          if (!row.child_path) continue;
          const child = section.locator(`a[href="${row.child_link ?? `/${row.child_path}`}"]`).first();
          // full-menu and feature-menu show their pages at once; the others open on demand.
          const openAtOnce = row.menu_layout === "full-menu" || row.menu_layout === "feature-menu";
          if (openAtOnce) {
            await child.scrollIntoViewIfNeeded();
            await waitUntilShown(child, true);
          } else {
            await waitUntilShown(child, false);
            await section.locator("summary").first().click();
            await child.scrollIntoViewIfNeeded();
            await waitUntilShown(child, true);
          }
          await section.scrollIntoViewIfNeeded();
          await section.screenshot({ path: path.join(SCREENSHOT_DIR, `menu-${row.menu_layout}-${viewport.width}.png`) });
        }
        // A custom class on a plain entry (Shop) too.
        expect(await menu.locator("li.menu-item--shop").count()).toBe(1);

        // A child link (linkSlug) leads to its page and closes the menu.
        const target = rows.find((r) => r.menu_layout === "feature-menu" && r.child_path)!;
        await menu.locator(`a[href="${target.child_link ?? `/${target.child_path}`}"]`).first().click();
        await page.waitForURL(`${BASE_URL}${target.child_link ?? `/${target.child_path}`}`, { timeout: 30_000 });
        await waitUntilShown(menu, false);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }, 180_000);
  }
});
