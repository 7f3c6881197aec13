// A Rovers TV video's card picture from the media library: an editor uploads a photo in the
// picker on the video's console page and saves; the video's public page shows that photo; 'Remove'
// and Save bring back the drawn artwork. Axe clean at 1440 and 375 px. The test uses a published
// video everyone may watch, puts its drawn artwork back and deletes its photo, whatever happens.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, DESKTOP, MOBILE, launchBrowser, saveScreenshot } from "./support/browser";
import { expectAxeCleanWhenIdle } from "./support/axe";
import { openConsoleAs } from "./support/console";
import { queryD1 } from "./support/d1";
import { makeJpeg, uploadInPicker } from "./support/photo";

const ALT = "The winner goes in at the far post (e2e card picture)";
const WAIT = 60_000;

let browser: Browser;
let entryId = "";
beforeAll(async () => {
  browser = await launchBrowser();
  const [row] = await queryD1<{ entry_id: string }>(`SELECT entry_id FROM videos WHERE entitlements = '["?"]' AND publication_status = 'published' ORDER BY id DESC LIMIT 1`);
  if (!row) throw new Error("no published video everyone may watch in the seed");
  entryId = row.entry_id;
  await queryD1("UPDATE videos SET thumbnail_key = 'video-' || entry_id WHERE entry_id = ?", [entryId]);
});
afterAll(async () => {
  await queryD1("UPDATE videos SET thumbnail_key = 'video-' || entry_id WHERE entry_id = ?", [entryId]);
  await queryD1("DELETE FROM media WHERE alt = ?", [ALT]);
  await browser?.close();
});

const form = (page: Page) => page.getByRole("form", { name: "Video details" });
const picture = (page: Page) => form(page).getByRole("group", { name: /^Card picture/ });

async function save(page: Page): Promise<void> {
  await form(page).getByRole("button", { name: "Save", exact: true }).click();
  await expect.poll(() => form(page).getByText("Saved.").count(), { timeout: WAIT }).toBe(1);
}

/** The photo ids the video's public page shows (`/images/media/{id}/…`). */
async function publicPhotos(page: Page): Promise<string[]> {
  const html = await (await page.request.get(`${BASE_URL}/videos/${entryId}`)).text();
  return [...html.matchAll(/\/images\/media\/(\d+)\//g)].map((m) => m[1]!);
}

describe("a video's card picture", () => {
  it("is chosen from the media library, shows on the video's page, and 'Remove' brings back the drawn artwork; axe clean at 1440 and 375 px", async () => {
    const desktop = await openConsoleAs(browser, "editor@rovers.test", `/admin/videos/${entryId}`, DESKTOP);
    try {
      const { page } = desktop;
      await expect.poll(() => picture(page).getByText("No photo chosen: the site draws one from the video's title.").count(), { timeout: WAIT }).toBe(1);
      await picture(page).getByRole("button", { name: "Choose a photo" }).click();
      await uploadInPicker(page, { name: "winner.jpg", buffer: await makeJpeg(1280, 720), alt: ALT }, WAIT);
      await expect.poll(() => picture(page).getByText(`Chosen: ${ALT}`).count(), { timeout: WAIT }).toBe(1);
      await save(page);
      const [photo] = await queryD1<{ id: number }>("SELECT id FROM media WHERE alt = ?", [ALT]);
      expect(await publicPhotos(page)).toContain(String(photo!.id));
      await expectAxeCleanWhenIdle(page, "the video's console page with a card picture, 1440 px");
      await saveScreenshot(page, "console-video-picture-1440");
    } finally {
      await desktop.context.close();
    }

    // On a phone: the chosen photo is there after a reload; Remove and Save go back to the artwork.
    const mobile = await openConsoleAs(browser, "editor@rovers.test", `/admin/videos/${entryId}`, MOBILE);
    try {
      const { page } = mobile;
      await expect.poll(() => picture(page).getByText(`Chosen: ${ALT}`).count(), { timeout: WAIT }).toBe(1);
      await expectAxeCleanWhenIdle(page, "the video's console page with a card picture, 375 px");
      await saveScreenshot(page, "console-video-picture-375");
      await picture(page).getByRole("button", { name: "Remove" }).click();
      await save(page);
      expect(await publicPhotos(page)).toEqual([]);
      const [row] = await queryD1<{ thumbnail_key: string }>("SELECT thumbnail_key FROM videos WHERE entry_id = ?", [entryId]);
      expect(row!.thumbnail_key).toBe(`video-${entryId}`);
    } finally {
      await mobile.context.close();
    }
  }, 240_000);
});
