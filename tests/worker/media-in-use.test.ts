import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { roleAccount } from "./staff-accounts";
import { photo } from "./photo-fixtures";
import type { MediaItemAnswer } from "../../src/schemas/media";

/** A library photo that an article, page, advert, promo or sponsor uses is kept: 409 MEDIA_IN_USE naming where. */

type ErrorItem = { code: string; detail: string };

describe("deleting a photo in use", () => {
  it("refuses while any place uses it, names the places, keeps the photo, and deletes it once nothing does", async () => {
    const { b } = await roleAccount("media-in-use", ["editor"]);
    const form = new FormData();
    form.append("file", new File([await photo("jpeg", 400, 300)], "in-use.jpg", { type: "image/jpeg" }));
    form.append("alt", "A photo in use");
    const item = ((await (await b.fetch("/api/console/media", { method: "POST", body: form })).json()) as MediaItemAnswer).data.attributes;
    const ref = `media:${item.id}`;
    const url = `/images/media/${item.id}/1/640x480.webp`;
    const remove = () => b.fetch(`/api/console/media/${item.id}`, { method: "DELETE" });
    const stillThere = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM media WHERE id = ?1").bind(item.id).first<{ n: number }>())!.n === 1;
    const first = (table: string) => `(SELECT MIN(id) FROM ${table})`;
    const named = async (title: string) => (await env.DB.prepare("SELECT id FROM articles WHERE title = ?1").bind(title).first<{ id: number }>())!.id;

    await env.DB.prepare("INSERT INTO articles (slug, title, image_key, updated_by) VALUES ('uses-hero', 'Hero story', ?1, 'test')").bind(ref).run();
    await env.DB.prepare("INSERT INTO articles (slug, title, body_html, updated_by) VALUES ('uses-text', 'Text story', ?1, 'test')").bind(`<figure><img src="${url}" alt="x"></figure>`).run();
    // Another photo whose id starts with the same digits is not this one.
    await env.DB.prepare("INSERT INTO articles (slug, title, body_html, updated_by) VALUES ('uses-other', 'Other story', ?1, 'test')").bind(`<img src="/images/media/${item.id}0/1/640x480.webp">`).run();
    const places: [string, string][] = [
      [`UPDATE menu_pages SET hero_image_key = ?1 WHERE id = ${first("menu_pages")}`, "page"],
      [`UPDATE adverts SET desktop_image_key = ?1 WHERE id = ${first("adverts")}`, "advert"],
      [`UPDATE overlay_promos SET image_key = ?1 WHERE id = ${first("overlay_promos")}`, "promo"],
      [`UPDATE sponsors SET image_key = ?1 WHERE id = ${first("sponsors")}`, "sponsor"],
    ];
    // (changes counts the tree version the menu_pages trigger moves as well: at least the row itself)
    for (const [sql] of places) expect((await env.DB.prepare(sql).bind(ref).run()).meta.changes, sql).toBeGreaterThan(0);

    const refused = await remove();
    expect(refused.status).toBe(409);
    const [error] = ((await refused.json()) as { errors: ErrorItem[] }).errors;
    expect(error!.code).toBe("MEDIA_IN_USE");
    expect(error!.detail).toMatch(/^This photo is used by /);
    expect(error!.detail).toContain("article “Hero story” (hero image)");
    expect(error!.detail).toContain("article “Text story” (text)");
    expect(error!.detail).not.toContain("Other story");
    expect(error!.detail).toContain("and 1 more: remove it there before deleting it");
    expect(await stillThere()).toBe(true);
    expect((await b.fetch(url)).status).toBe(200);
    const audited = await env.DB.prepare("SELECT status FROM admin_audit_log WHERE target = ?1 AND action = 'media.delete' ORDER BY id DESC LIMIT 1").bind(`media:${item.id}`).first();
    expect(audited).toEqual({ status: 409 });

    // Each place alone keeps it: take the uses away one by one.
    await env.DB.prepare("UPDATE articles SET image_key = '' WHERE id = ?1").bind(await named("Hero story")).run();
    await env.DB.prepare("UPDATE articles SET body_html = '' WHERE id = ?1").bind(await named("Text story")).run();
    const undo = [
      "UPDATE menu_pages SET hero_image_key = NULL WHERE hero_image_key = ?1",
      "UPDATE adverts SET desktop_image_key = NULL WHERE desktop_image_key = ?1",
      "UPDATE overlay_promos SET image_key = 'promo' WHERE image_key = ?1",
      "UPDATE sponsors SET image_key = 'sponsor' WHERE image_key = ?1",
    ];
    for (const [i, sql] of undo.entries()) {
      const still = await remove();
      expect(still.status, `while the ${places[i]![1]} uses it`).toBe(409);
      expect(((await still.json()) as { errors: ErrorItem[] }).errors[0]!.detail).toContain(`${places[i]![1]} “`);
      await env.DB.prepare(sql).bind(ref).run();
    }
    expect((await remove()).status).toBe(204);
    expect(await stillThere()).toBe(false);
  });
});
