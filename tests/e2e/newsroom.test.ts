// The newsroom end to end, at 375 and 1440 px, as the club's editor (editor@rovers.test): an
// article is written, a photo uploaded in the media picker with its alt text becomes the hero
// and, with a caption, a figure in the text; the preview shows it under its banner (and it is not
// on /news); it is scheduled a minute ahead and, when the scheduler's clock reaches it, is on
// /news, the home page, its category page, search, the sitemap and the feed; an edit shows on the
// next request; a revision is restored; unpublished, it is a 404 and out of search. A support
// account sees no publish control and its API call is 403. An administrator grants the editor
// role in /admin/staff and the audit log shows the roles before and after. Each run makes its own
// article (a unique title) and photo and deletes them afterwards; every view checked is axe clean.
// The screenshots of docs/newsroom.md come from here.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, saveScreenshot, waitForHydration } from "./support/browser";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { openConsoleAs } from "./support/console";
import { queryD1, runSchedulerAt } from "./support/d1";
import { createAccount } from "./support/fresh-account";
import { makeJpeg, uploadInPicker } from "./support/photo";

const WAIT = 120_000;
const made: number[] = [];
const photoAlts: string[] = [];

let browser: Browser;
let photo: Buffer;
beforeAll(async () => {
  browser = await launchBrowser();
  photo = await makeJpeg(1600, 1200, 11);
}, WAIT);
afterAll(async () => {
  await browser?.close();
  for (const id of made) {
    await queryD1("DELETE FROM news_category WHERE news_id = ?", [id]);
    await queryD1("DELETE FROM news WHERE id = ?", [id]);
    await queryD1("DELETE FROM articles WHERE id = ?", [id]);
  }
  for (const alt of photoAlts) await queryD1("DELETE FROM media WHERE alt = ?", [alt]);
});

const expectAxeClean = (page: Page, name: string) => expectAxeCleanWhenIdle(page, name, WAIT);

/**
 * The editors' guide's pictures (docs/newsroom.md): what the screen shows, as a small JPEG, written
 * only when asked (`GUIDE_SCREENSHOTS=1 npm run test:e2e -- tests/e2e/newsroom.test.ts`), so an
 * ordinary run leaves the committed pictures alone.
 */
const GUIDE_IMAGES = path.join(import.meta.dirname, "../../docs/images/newsroom");
async function guideShot(page: Page, name: string): Promise<void> {
  if (process.env.GUIDE_SCREENSHOTS !== "1") return;
  mkdirSync(GUIDE_IMAGES, { recursive: true });
  await page.screenshot({ path: path.join(GUIDE_IMAGES, `${name}-${page.viewportSize()?.width ?? 0}.jpg`), type: "jpeg", quality: 70 });
}
const stateLine = (page: Page) => page.locator(".article-editor__state");
const get = (path: string) => fetch(`${BASE_URL}${path}`);
const searchSlugs = async (word: string) =>
  ((await (await get(`/api/news/search?query=${encodeURIComponent(word)}`)).json()) as { hits: { hit: { fields: { slug: string } }[] } }).hits.hit.map((h) => h.fields.slug);
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? document.activeElement?.tagName);

describe("the newsroom", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`an editor writes an article with a photo, previews, schedules, edits, restores and unpublishes it, at ${viewport.width} px`, async () => {
      const word = `kingfisher${viewport.width}${Date.now().toString(36)}`;
      const title = `Riverside floodlights ${word} switched on`;
      const alt = `The Riverside floodlights at dusk (${word})`;
      const caption = `The new floodlights on their first night (${word})`;
      photoAlts.push(alt);
      const { context, page } = await openConsoleAs(browser, "editor@rovers.test", "/admin/news/new", viewport);
      // The browser's own errors, printed if the test fails.
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error" && !message.text().includes("Content Security Policy")) problems.push(`console: ${message.text()}`);
      });
      page.on("response", (r) => {
        if (r.url().includes("/api/console/")) void r.text().then((t) => problems.push(`${r.request().method()} ${r.url()} ${r.status()} ${t.slice(0, 160)}`), () => undefined);
      });
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame()) problems.push(`navigated: ${frame.url()}`);
      });
      try {
        await page.getByLabel("Title (required)").fill(title);
        await page.getByLabel("Summary").fill(`A summary about ${word}.`);
        await page.getByRole("checkbox", { name: "Club News" }).check();
        await page.getByRole("textbox", { name: "Text", exact: true }).click();
        await page.keyboard.type(`The floodlights at Riverside were switched on tonight: ${word}.`);

        // The hero: the picker is a modal dialog; focus goes in, Escape closes it and focus comes back.
        const choose = page.locator("#article-heroImage");
        await choose.click();
        const dialog = page.getByRole("dialog", { name: /^Choose a photo: Hero image/ });
        await dialog.waitFor({ state: "visible", timeout: 20_000 }).catch(async (error: unknown) => {
          console.log(await page.locator('[data-field="article-heroImage"]').evaluate((el) => el.outerHTML.slice(0, 3000)));
          throw error;
        });
        expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
        await expectAxeClean(page, "newsroom-picker");
        await saveScreenshot(page, "newsroom-picker");
        await guideShot(page, "picker");
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "hidden", timeout: WAIT });
        await expect.poll(() => focused(page), { timeout: WAIT }).toBe("Choose a photo");
        // Opened by keyboard, a photo uploaded there with its alt text is chosen.
        await page.keyboard.press("Enter");
        await uploadInPicker(page, { name: `floodlights-${word}.jpg`, buffer: photo, alt }, WAIT);
        await expect.poll(() => page.getByText(`Chosen: ${alt}`).count(), { timeout: 30_000 }).toBe(1).catch(async (error: unknown) => {
          console.log(await page.locator('[data-field="article-heroImage"]').evaluate((el) => el.outerHTML.slice(0, 1500)));
          throw error;
        });
        expect(await page.getByRole("button", { name: "Remove" }).count()).toBe(1);

        // In the text: the same photo, found in the picker by its alt text, with a caption.
        await page.getByRole("toolbar", { name: "Text formatting" }).getByRole("button", { name: "Insert photo" }).click();
        const inText = page.getByRole("dialog", { name: "Insert a photo in the text" });
        await inText.getByLabel("Search the library by alt text or file name").fill(word);
        await inText.getByRole("button", { name: "Search", exact: true }).click();
        await inText.getByRole("button", { name: new RegExp(`^${alt.replace(/[()]/g, "\\$&")}`) }).click();
        await inText.waitFor({ state: "hidden", timeout: WAIT });
        await page.getByLabel(/^Caption/).fill(caption);
        await page.getByRole("button", { name: "Insert the photo" }).click();
        await expect.poll(() => page.locator(".rte__text figure figcaption").textContent(), { timeout: WAIT }).toBe(caption);

        // It saves itself; the stored text holds the library's picture and the caption.
        await page.waitForURL((url) => /^\/admin\/news\/\d+$/.test(url.pathname), { timeout: WAIT });
        const id = Number(new URL(page.url()).pathname.split("/").pop());
        made.push(id);
        await expect.poll(async () => (await queryD1<{ body_html: string }>("SELECT body_html FROM articles WHERE id = ?", [id]))[0]?.body_html ?? "", { timeout: WAIT }).toContain(`<figcaption>${caption}</figcaption>`);
        const [saved] = await queryD1<{ slug: string; image_key: string; body_html: string }>("SELECT slug, image_key, body_html FROM articles WHERE id = ?", [id]);
        const [media] = await queryD1<{ id: number }>("SELECT id FROM media WHERE alt = ?", [alt]);
        expect(saved!.image_key).toBe(`media:${media!.id}`);
        expect(saved!.body_html).toMatch(new RegExp(`<img src="/images/media/${media!.id}/1/\\d+x\\d+\\.webp"`));
        expect(saved!.body_html).toMatch(new RegExp(`srcset="/images/media/${media!.id}/1/[^"]+ \\d+w"`));
        // Nothing else came in with it (an empty video, a stray figure).
        expect(saved!.body_html.match(/<figure>/g)).toHaveLength(1);
        await expect.poll(() => stateLine(page).textContent(), { timeout: WAIT }).toMatch(/^Draft · version \d+$/);
        await expectAxeClean(page, "newsroom-editor");
        await saveScreenshot(page, "newsroom-editor");
        await page.locator('[data-field="article-heroImage"]').scrollIntoViewIfNeeded();
        await guideShot(page, "editor");

        // The preview: the site's article template under its banner; not on /news.
        await page.goto(`/news/preview/${id}`, { waitUntil: "load" });
        expect(await page.locator(".preview-banner").textContent()).toContain("Preview");
        expect(await page.locator("h1.article__title").textContent()).toBe(title);
        expect(await page.locator(".article__hero img").getAttribute("srcset")).toContain(`/images/media/${media!.id}/1/`);
        expect(await page.locator(".article__body figcaption").textContent()).toBe(caption);
        await expectAxeClean(page, "newsroom-preview");
        await saveScreenshot(page, "newsroom-preview");
        await guideShot(page, "preview");
        expect(await (await get("/news")).text()).not.toContain(`/news/${saved!.slug}`);

        // Scheduled a minute ahead; when the scheduler's clock reaches it, it is everywhere.
        await page.goto(`/admin/news/${id}`, { waitUntil: "load" });
        await waitForHydration(page);
        const at = new Date(Date.now() + 2 * 60_000);
        at.setUTCSeconds(0, 0);
        await page.getByLabel("Publish at (UTC)").fill(at.toISOString().slice(0, 16));
        await page.getByRole("button", { name: "Schedule", exact: true }).click();
        // The editor's notice rides along, so a refused schedule says why in the failure.
        const stateAndNotice = async () => `${await stateLine(page).textContent()} | notice: ${await page.locator(".article-editor__notice").textContent()}`;
        await expect.poll(stateAndNotice, { timeout: WAIT }).toMatch(/^Scheduled for/);
        expect(await runSchedulerAt(new Date(at.getTime() + 1_000))).toContain(id);
        const [category] = await queryD1<{ slug: string }>("SELECT slug FROM news_categories WHERE name = 'Club News'");
        const link = `/news/${saved!.slug}`;
        for (const path of ["/news", "/", `/category/${category!.slug}`, "/sitemap.xml", "/news/feed.xml"]) {
          await expect.poll(async () => (await (await get(path)).text()).includes(link), { timeout: WAIT, message: path }).toBe(true);
        }
        expect(await searchSlugs(word)).toContain(saved!.slug);
        await page.goto(link, { waitUntil: "load" });
        expect(await page.locator(".article__hero img").getAttribute("alt")).toBe(alt);
        expect(await page.locator(".article__body figcaption").textContent()).toBe(caption);
        await expectAxeClean(page, "newsroom-article");
        await saveScreenshot(page, "newsroom-article");
        await page.locator(".article__body figure").first().scrollIntoViewIfNeeded();
        await guideShot(page, "article");

        // An edit goes live with 'Update' and shows on the next request.
        await page.goto(`/admin/news/${id}`, { waitUntil: "load" });
        await waitForHydration(page);
        await page.getByLabel("Title (required)").fill(`${title} early`);
        await expect.poll(() => stateLine(page).textContent(), { timeout: WAIT }).toMatch(/^Published, with edits not live yet/);
        await page.getByRole("button", { name: "Update the live article" }).click();
        await expect.poll(() => page.locator(".article-editor__notice").textContent(), { timeout: WAIT }).toBe("The changes are live.");
        expect(await (await get(link)).text()).toContain(`${title} early`);

        // A revision restored: the last one with the first title comes back as a new save.
        const [before] = await queryD1<{ version: number }>("SELECT version FROM article_revisions WHERE article_id = ? AND json_extract(snapshot, '$.title') = ? ORDER BY id DESC LIMIT 1", [id, title]);
        await page.reload({ waitUntil: "load" });
        await waitForHydration(page);
        await page.locator(".article-editor__revision-list li", { hasText: new RegExp(`^Version ${before!.version},`) }).getByRole("button", { name: "Restore" }).click();
        await expect.poll(() => page.getByLabel("Title (required)").inputValue(), { timeout: WAIT }).toBe(title);
        await expect.poll(async () => (await queryD1<{ title: string }>("SELECT title FROM articles WHERE id = ?", [id]))[0]?.title, { timeout: WAIT }).toBe(title);

        // Unpublished: a 404, and out of search.
        await page.getByRole("button", { name: "Unpublish", exact: true }).click();
        await page.getByRole("button", { name: "Yes, unpublish" }).click();
        await expect.poll(() => stateLine(page).textContent(), { timeout: WAIT }).toMatch(/^Unpublished/);
        expect((await get(link)).status).toBe(404);
        expect(await searchSlugs(word)).not.toContain(saved!.slug);
      } catch (error) {
        console.log(problems.join("\n"));
        throw error;
      } finally {
        await context.close();
      }
    }, 420_000);

    it(`shows support no publish control, and its API call is 403, at ${viewport.width} px`, async () => {
      const [story] = await queryD1<{ id: number }>("SELECT id FROM news ORDER BY published_at DESC, id DESC LIMIT 1");
      const { context, page } = await openConsoleAs(browser, "support@rovers.test", "/admin", viewport);
      try {
        const response = await page.goto(`/admin/news/${story!.id}`, { waitUntil: "load" });
        expect(response?.status()).toBe(403);
        for (const name of ["Publish now", "Schedule", "Unpublish", "Update the live article"]) expect(await page.getByRole("button", { name, exact: true }).count(), name).toBe(0);
        const status = await page.evaluate(async (id) => (await fetch(`/api/console/news/articles/${id}/publish`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ version: 1 }) })).status, story!.id);
        expect(status).toBe(403);
        await expectAxeClean(page, "newsroom-support");
      } finally {
        await context.close();
      }
    }, WAIT);

    it(`an administrator grants the editor role; the audit log shows before and after, at ${viewport.width} px`, async () => {
      const email = await createAccount(browser, "newsroom-editor");
      const { context, page } = await openConsoleAs(browser, "staff@rovers.test", "/admin/staff", viewport);
      try {
        await page.getByLabel("E-mail address of the account").fill(email);
        await page.locator("#grant-role").selectOption("editor");
        await page.getByRole("button", { name: "Grant role" }).click();
        await expect.poll(() => page.locator(`tr[data-staff="${email}"]`).textContent(), { timeout: WAIT }).toContain("Editor");
        // The audit log, filtered to this account (the grant's target): the roles before and after.
        const [account] = await queryD1<{ sso_id: string }>("SELECT sso_id FROM accounts WHERE email = ?", [email]);
        await page.goto(`/admin/audit?q=${encodeURIComponent(account!.sso_id)}`, { waitUntil: "load" });
        const entry = page.locator("tr[data-entry]", { hasText: "staff.grant" });
        await expect.poll(() => entry.first().textContent(), { timeout: WAIT }).toContain('"before":[],"after":["editor"]');
        await expectAxeClean(page, "newsroom-audit");
      } finally {
        // The role goes again, so the staff list does not grow run after run.
        await queryD1("DELETE FROM staff_roles WHERE account = (SELECT sso_id FROM accounts WHERE email = ?)", [email]);
        await context.close();
      }
    }, WAIT);
  }
});
