// The console's content pages and audit log. Staff (the demo account
// staff@rovers.test) create an advert through the form, meet a field error beside its field, see the
// advert in the public page's advert call, disable it and see it gone at the next request, then find
// both writes in the audit log through its filter. A visitor and a supporter get the site's 404.
// Every content page and the audit log is axe clean at 375 and 1440 px. The advert this file
// creates is live for every visitor until it is disabled, so the file runs in the exclusive phase;
// it deletes its advert at the end.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, openPage, saveScreenshot, waitForFooter, waitForHydration, type Viewport } from "./support/browser";
import { signInAs } from "./support/demo-account";
import { consoleSections } from "./support/console";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { queryD1 } from "./support/d1";
import { makeJpeg, uploadInPicker } from "./support/photo";

const KINDS = ["adverts", "promos", "sponsors", "menu", "settings"] as const;
const ADVERT_NAME = `Console e2e advert ${Date.now().toString(36)}`;
const ADVERT_PHOTO_ALT = `A supporter holding a season ticket (${ADVERT_NAME})`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await queryD1(`DELETE FROM adverts WHERE advert_name = '${ADVERT_NAME}'`);
  await queryD1(`DELETE FROM media WHERE alt = '${ADVERT_PHOTO_ALT}'`);
  await browser?.close();
});

/** A staff member's browser, signed in, on `path`, hydrated. */
async function asStaff(path: string, viewport: Viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openPage(browser, "/", viewport);
  // The consent popup answered, so it covers nothing in the screenshots.
  await context.addCookies([{ name: "cookie_consent", value: "none", url: BASE_URL }]);
  await page.reload({ waitUntil: "load" });
  await waitForHydration(page);
  await signInAs(page, "staff@rovers.test", "/");
  const response = await page.goto(path, { waitUntil: "load" });
  expect(response?.status(), path).toBe(200);
  await waitForHydration(page);
  return { context, page };
}

/** The ids of the adverts the public home page's footer asks for (the slot call each view makes once the reader reaches the footer). */
async function publicAdvertIds(): Promise<number[]> {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
  const page = await context.newPage();
  try {
    const answer = page.waitForResponse((r) => r.url().includes("/api/advertising/slots/footer_slot?includeAllAdverts=true"), { timeout: 30_000 });
    await page.goto("/", { waitUntil: "load" });
    await waitForHydration(page);
    await waitForFooter(page);
    const body = (await (await answer).json()) as { data: { attributes: { adverts: { id: number }[] } } };
    return body.data.attributes.adverts.map((a) => a.id);
  } finally {
    await context.close();
  }
}

const field = (page: Page, label: string | RegExp) => page.locator("form.content-form").getByLabel(label);

describe("the console's content pages", () => {
  it("are the site's 404 for a visitor and a signed-in supporter", async () => {
    const { context, page } = await openPage(browser, "/");
    try {
      for (const signedIn of [false, true]) {
        if (signedIn) {
          await page.goto("/", { waitUntil: "load" });
          await signInAs(page, "fan@rovers.test", "/");
        }
        for (const path of ["/admin/content/adverts", "/admin/audit"]) {
          const response = await page.goto(path, { waitUntil: "load" });
          expect(response?.status(), path).toBe(404);
          expect(await page.getByText("This page could not be found").first().isVisible()).toBe(true);
          expect(await page.getByText("Club console").count()).toBe(0);
        }
      }
    } finally {
      await context.close();
    }
  }, 120_000);

  it("create an advert (a field error beside its field first), it is public; disabled, it is gone at the next request; both in the audit log", async () => {
    const { context, page } = await asStaff("/admin/content/adverts");
    try {
      await page.getByRole("button", { name: "New advert" }).click();
      const form = page.locator("form.content-form");
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("New advert");

      // Sent with nothing filled in: each required field says so beside itself.
      await form.getByRole("button", { name: "Create advert" }).click();
      const name = field(page, /^Name/);
      await expect.poll(() => name.getAttribute("aria-invalid")).toBe("true");
      const describedBy = await name.getAttribute("aria-describedby");
      expect(await page.locator(`#${describedBy}`).textContent()).toBe("required");
      expect(await form.getByRole("alert").textContent()).toContain("Some fields need a change");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("advertName");
      await saveScreenshot(page, "console-content-field-errors");

      // Filled in by keyboard.
      const start = new Date(Date.now() - 86_400_000).toISOString().slice(0, 16);
      const end = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 16);
      await name.fill(ADVERT_NAME);
      await field(page, /^Advert reference/).fill("E2E-CONSOLE");
      await field(page, /^Campaign reference/).fill("E2E");
      await field(page, /^Link/).fill("/tickets");
      await field(page, /^Child friendly/).check();
      await field(page, /^Starts/).fill(start);
      await field(page, /^Ends/).fill(end);
      // The image from the media library: uploaded in the picker, which chooses it.
      await page.locator("form.content-form").getByRole("button", { name: "Choose a photo" }).first().click();
      await uploadInPicker(page, { name: "advert-e2e.jpg", buffer: await makeJpeg(800, 800), alt: ADVERT_PHOTO_ALT }, 60_000);
      await expect.poll(() => page.locator("form.content-form").getByText(`Chosen: ${ADVERT_PHOTO_ALT}`).count(), { timeout: 60_000 }).toBe(1);
      await field(page, /^Slot shape/).selectOption("mpu");
      // Enter in a text field sends the form.
      await field(page, /^Advert reference/).press("Enter");
      await expect.poll(() => page.locator(".content-status").textContent()).toBe("Created the advert.");
      const row = page.locator("tr", { has: page.getByRole("rowheader", { name: ADVERT_NAME }) });
      await expect.poll(() => row.locator("td").nth(3).textContent()).toBe("Live");
      const id = Number(await row.getAttribute("data-row"));
      expect(await publicAdvertIds()).toContain(id);

      await row.getByRole("button", { name: `Disable ${ADVERT_NAME}` }).click();
      await expect.poll(() => page.locator(".content-status").textContent()).toBe(`Disabled ${ADVERT_NAME}.`);
      await expect.poll(() => row.locator("td").nth(3).textContent()).toBe("Disabled");
      expect(await publicAdvertIds()).not.toContain(id);

      // The audit log, filtered through its form: both writes, the staff member as actor, newest first.
      await (await consoleSections(page)).getByRole("link", { name: "Audit log" }).click();
      await page.getByLabel(/^Action or target contains/).fill("adverts.");
      await page.getByLabel(/^Actor/).fill("staff:demo-staff");
      await page.getByLabel(/^Actor/).press("Enter");
      await page.waitForURL(/\/admin\/audit\?actor=staff%3Ademo-staff&q=adverts\./);
      const entries = page.locator("tr[data-entry]");
      await expect.poll(() => entries.first().locator("td").nth(2).textContent()).toBe("adverts.disable");
      expect(await entries.first().locator("td").nth(3).textContent()).toBe(String(id));
      expect(await entries.first().locator("td").nth(1).textContent()).toBe("staff:demo-staff");
      expect(await page.locator(`tr[data-entry]:has(td:text-is("adverts.create"))`).count()).toBeGreaterThanOrEqual(1);
    } finally {
      await context.close();
    }
  }, 300_000);

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`every content page and the audit log are axe clean at ${viewport.width} px`, async () => {
      const { context, page } = await asStaff("/admin/content/adverts", viewport);
      try {
        for (const kind of KINDS) {
          await page.goto(`/admin/content/${kind}`, { waitUntil: "load" });
          await waitForHydration(page);
          await expectAxeCleanWhenIdle(page, `console-content-${kind}`);
        }
        // A form open, with its errors showing.
        await page.goto("/admin/content/sponsors", { waitUntil: "load" });
        await waitForHydration(page);
        await page.getByRole("button", { name: "New sponsor" }).click();
        await page.locator("form.content-form").getByRole("button", { name: "Create sponsor" }).click();
        await expect.poll(() => page.locator("[aria-invalid='true']").count()).toBeGreaterThan(0);
        await expectAxeCleanWhenIdle(page, "console-content-sponsor-form");

        await page.goto("/admin/audit", { waitUntil: "load" });
        await waitForHydration(page);
        await expectAxeCleanWhenIdle(page, "console-audit");
      } finally {
        await context.close();
      }
    }, 240_000);
  }
});
