// Writing and publishing news in the console, at 375 and 1440 px: the editor demo account
// (editor@rovers.test) writes an article in the rich-text editor (it saves itself), schedules
// it, the scheduler runs at an injected time and the article is on /news; an edit goes live with
// 'Update' on the next request; unpublishing makes it a 404 and takes it out of search. A support
// account sees no editor and its API call is 403; commerce (content.view) sees the article with no
// publish control and its call is 403 too. Each view is axe clean. Every article this file makes
// is deleted afterwards.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, openPage, waitForHydration, type Viewport } from "./support/browser";
import { signInAs } from "./support/demo-account";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { queryD1, runSchedulerAt } from "./support/d1";

const WAIT = 120_000;
const made: number[] = [];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const id of made) {
    await queryD1("DELETE FROM news_category WHERE news_id = ?", [id]);
    await queryD1("DELETE FROM news WHERE id = ?", [id]);
    await queryD1("DELETE FROM articles WHERE id = ?", [id]);
  }
});

async function signedIn(viewport: Viewport, email: string) {
  const opened = await openPage(browser, "/", viewport);
  await opened.context.addCookies([{ name: "cookie_consent", value: "none", url: BASE_URL }]);
  await signInAs(opened.page, email, "/");
  return opened;
}

const stateLine = (page: Page) => page.locator(".article-editor__state");
const idOf = (page: Page) => Number(new URL(page.url()).pathname.split("/").pop());
const searchSlugs = async (word: string) =>
  ((await (await fetch(`${BASE_URL}/api/news/search?query=${encodeURIComponent(word)}`)).json()) as { hits: { hit: { fields: { slug: string } }[] } }).hits.hit.map((h) => h.fields.slug);

describe("writing and publishing news in the console", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`an editor writes, schedules, updates and unpublishes an article, at ${viewport.width} px`, async () => {
      const word = `zebrafinch${viewport.width}${Date.now().toString(36)}`;
      const title = `Academy graduate ${word} signs`;
      const { context, page } = await signedIn(viewport, "editor@rovers.test");
      const calls: string[] = [];
      page.on("response", (r) => {
        if (r.url().includes("/api/console/news")) void r.text().then((t) => calls.push(`${r.request().method()} ${r.url()} ${r.status()} ${t.slice(0, 200)}`));
      });
      try {
        await page.goto("/admin/news", { waitUntil: "load" });
        await waitForHydration(page);
        await page.getByRole("link", { name: "Write an article" }).click();
        await page.waitForURL((url) => url.pathname === "/admin/news/new", { timeout: WAIT });
        await waitForHydration(page);
        await page.getByLabel("Title (required)").fill(title);
        await page.getByLabel("Summary").fill(`A summary about ${word}.`);
        const text = page.getByRole("textbox", { name: "Text", exact: true });
        await text.click();
        await page.keyboard.type(`The first paragraph about ${word}.`);
        await page.getByRole("toolbar", { name: "Text formatting" }).getByRole("button", { name: "Heading", exact: true }).click();
        await page.keyboard.type(" Reaction");
        await page.getByRole("checkbox", { name: "Club News" }).check();
        // It saves itself: the address becomes the article's own.
        await page.waitForURL((url) => /^\/admin\/news\/\d+$/.test(url.pathname), { timeout: WAIT });
        const id = idOf(page);
        made.push(id);
        await expect.poll(() => stateLine(page).textContent(), { timeout: WAIT }).toMatch(/^Draft · version \d+$/);
        const [saved] = await queryD1<{ slug: string; body_html: string; status: string }>("SELECT slug, body_html, status FROM articles WHERE id = ?", [id]);
        expect(saved).toMatchObject({ status: "draft" });
        expect(saved!.body_html).toContain(word);
        expect((await page.request.get(`/news/${saved!.slug}`)).status()).toBe(404);

        // 'Change address' before the first publication: a taken address is refused beside the field, a free one is saved.
        const changeAddress = page.getByRole("button", { name: "Change address" });
        expect(await changeAddress.getAttribute("aria-expanded")).toBe("false");
        await changeAddress.click();
        expect(await changeAddress.getAttribute("aria-expanded")).toBe("true");
        const [other] = await queryD1<{ slug: string }>("SELECT slug FROM news ORDER BY id LIMIT 1");
        const address = page.getByLabel(/^New address/);
        await address.fill(other!.slug);
        await page.getByRole("button", { name: "Save address" }).click();
        await expect.poll(() => page.locator("#article-slug-error").textContent(), { timeout: WAIT }).toBe("Another story has this address, or had it: choose another");
        expect(await address.getAttribute("aria-invalid")).toBe("true");
        const moved = `${saved!.slug}-moved`;
        await address.fill(moved);
        await page.getByRole("button", { name: "Save address" }).click();
        await expect.poll(async () => (await queryD1<{ slug: string }>("SELECT slug FROM articles WHERE id = ?", [id]))[0]?.slug, { timeout: WAIT }).toBe(moved);
        await expect.poll(() => page.locator(".article-address code").textContent(), { timeout: WAIT }).toBe(`/news/${moved}`);
        saved!.slug = moved;
        // A share link opens the draft without an account, under its 'Preview' banner.
        await page.getByLabel("Share a read-only preview for").selectOption("1");
        await page.getByRole("button", { name: "Make a share link" }).click();
        const link = page.getByLabel(/^Share link, until/);
        await expect.poll(() => link.inputValue(), { timeout: WAIT }).toMatch(/\/news\/preview\/\d+\?token=/);
        const anonymous = await fetch(await link.inputValue());
        expect(anonymous.status).toBe(200);
        expect(anonymous.headers.get("x-robots-tag")).toBe("noindex, nofollow");
        expect(await anonymous.text()).toContain(word);
        await expectAxeCleanWhenIdle(page, "console-article-draft", WAIT);

        // Scheduled for tomorrow; the scheduler runs as if it were then.
        const at = new Date(Date.now() + 24 * 3_600_000);
        at.setUTCSeconds(0, 0);
        await page.getByLabel("Publish at (UTC)").fill(at.toISOString().slice(0, 16));
        await page.getByRole("button", { name: "Schedule", exact: true }).click();
        await expect.poll(() => stateLine(page).textContent(), { timeout: WAIT }).toMatch(/^Scheduled for/);
        expect(await runSchedulerAt(new Date(at.getTime() - 60_000))).not.toContain(id);
        expect(await runSchedulerAt(new Date(at.getTime() + 1_000))).toContain(id);
        expect(await runSchedulerAt(new Date(at.getTime() + 2_000))).not.toContain(id);
        await page.goto("/news", { waitUntil: "load" });
        expect(await page.locator(`a[href="/news/${saved!.slug}"]`).count()).toBeGreaterThan(0);

        // An edit is saved aside, then goes live with 'Update' on the next request.
        await page.goto(`/admin/news/${id}`, { waitUntil: "load" });
        await waitForHydration(page);
        await expect.poll(() => stateLine(page).textContent(), { timeout: WAIT }).toMatch(/^Published/);
        // Once published the address is fixed, and the screen says so.
        expect(await page.getByRole("button", { name: "Change address" }).count()).toBe(0);
        expect(await page.locator(".article-address[data-locked]").textContent()).toContain(`/news/${saved!.slug} · Fixed since its first publication`);
        await page.getByLabel("Title (required)").fill(`${title} a new deal`);
        await expect.poll(() => stateLine(page).textContent(), { timeout: WAIT }).toMatch(/^Published, with edits not live yet/);
        expect(await (await page.request.get(`/news/${saved!.slug}`)).text()).not.toContain(`${title} a new deal`);
        await page.getByRole("button", { name: "Update the live article" }).click();
        await expect.poll(() => page.locator(".article-editor__notice").textContent(), { timeout: 20_000 }).toBe("The changes are live.");
        expect(await (await page.request.get(`/news/${saved!.slug}`)).text()).toContain(`${title} a new deal`);
        expect(await searchSlugs(word)).toContain(saved!.slug);
        await expectAxeCleanWhenIdle(page, "console-article-published", WAIT);

        // Unpublished: a 404, and out of search.
        await page.getByRole("button", { name: "Unpublish", exact: true }).click();
        await page.getByRole("button", { name: "Yes, unpublish" }).click();
        await expect.poll(() => stateLine(page).textContent(), { timeout: WAIT }).toMatch(/^Unpublished/);
        expect((await page.request.get(`/news/${saved!.slug}`)).status()).toBe(404);
        expect(await searchSlugs(word)).not.toContain(saved!.slug);
      } catch (e) {
        console.log(calls.join("\n"));
        throw e;
      } finally {
        await context.close();
      }
    }, 300_000);
  }

  it("shows support no editor and commerce no publish control; both are refused by the API (403)", async () => {
    const [story] = await queryD1<{ id: number }>("SELECT id FROM news ORDER BY published_at DESC, id DESC LIMIT 1");
    const support = await signedIn(DESKTOP, "support@rovers.test");
    try {
      const response = await support.page.goto(`/admin/news/${story!.id}`, { waitUntil: "load" });
      expect(response?.status()).toBe(403);
      expect(await support.page.locator(".article-editor").count()).toBe(0);
      for (const name of ["Publish now", "Schedule", "Unpublish", "Update the live article"]) expect(await support.page.getByRole("button", { name, exact: true }).count(), name).toBe(0);
      const status = await support.page.evaluate(async (id) => (await fetch(`/api/console/news/articles/${id}/unpublish`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ version: 1 }) })).status, story!.id);
      expect(status).toBe(403);
    } finally {
      await support.context.close();
    }
    const commerce = await signedIn(MOBILE, "commerce@rovers.test");
    try {
      await commerce.page.goto(`/admin/news/${story!.id}`, { waitUntil: "load" });
      await waitForHydration(commerce.page);
      await expect.poll(() => stateLine(commerce.page).textContent(), { timeout: WAIT }).toMatch(/^Published/);
      expect(await commerce.page.getByRole("region", { name: "Publishing" }).count()).toBe(0);
      for (const name of ["Publish now", "Schedule", "Unpublish", "Update the live article"]) expect(await commerce.page.getByRole("button", { name, exact: true }).count(), name).toBe(0);
      const status = await commerce.page.evaluate(async (id) => (await fetch(`/api/console/news/articles/${id}/unpublish`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ version: 1 }) })).status, story!.id);
      expect(status).toBe(403);
      expect((await queryD1<{ n: number }>("SELECT COUNT(*) AS n FROM news WHERE id = ?", [story!.id]))[0]!.n).toBe(1);
      await expectAxeCleanWhenIdle(commerce.page, "console-article-read-only", WAIT);
    } finally {
      await commerce.context.close();
    }
  }, 300_000);
});
