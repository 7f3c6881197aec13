import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browser } from "./auth-test-app";
import { adminHeaders, CONSOLE_VARS, roleAccount } from "./staff-accounts";
import type { ConsoleArticle } from "../../src/schemas/console-articles";

/** The club API's news writes go through the articles code: revisions, states and the projection, as in the console. */

const api = browser(CONSOLE_VARS);
const send = (method: string, path: string, body: unknown) =>
  api.fetch(`/api/admin${path}`, { method, headers: { ...adminHeaders, "content-type": "application/json", "x-admin-actor": "club-feed" }, body: JSON.stringify(body) });
const attributes = async (res: Response) => ((await res.json()) as { data: { attributes: ConsoleArticle } }).data.attributes;
const newsRow = (id: number) => env.DB.prepare("SELECT slug, title FROM news WHERE id = ?1").bind(id).first<{ slug: string; title: string }>();
const revisions = async (id: number) =>
  (await env.DB.prepare("SELECT action, by FROM article_revisions WHERE article_id = ?1 ORDER BY id").bind(id).all<{ action: string; by: string }>()).results;

describe("the club API's news writes", () => {
  it("creates an article with its revisions and publishes it into news; the console opens it as its own", async () => {
    const created = await send("POST", "/news", { title: "Rovers announce a new stand", summary: "Work starts in May", bodyHtml: "<p>Plans</p><script>x</script>", categoryIds: [1] });
    expect(created.status).toBe(201);
    const article = await attributes(created);
    expect(article).toMatchObject({ status: "published", slug: "rovers-announce-a-new-stand", slugLocked: true, pending: false, version: 2 });
    expect(article.bodyHtml).not.toContain("<script");
    expect(await newsRow(article.id)).toEqual({ slug: "rovers-announce-a-new-stand", title: "Rovers announce a new stand" });
    expect(await revisions(article.id)).toEqual([
      { action: "create", by: "club-feed" },
      { action: "publish", by: "club-feed" },
    ]);
    // The row was written by the API, not adopted on the console's first open.
    expect((await env.DB.prepare("SELECT updated_by FROM articles WHERE id = ?1").bind(article.id).first())?.updated_by).toBe("club-feed");

    const { b } = await roleAccount("api-news-editor", ["editor"]);
    const opened = (await (await b.fetch(`/api/console/news/articles/${article.id}`)).json()) as { data: { attributes: ConsoleArticle; revisions: { action: string }[] } };
    expect(opened.data.attributes).toMatchObject({ status: "published", version: 2, title: "Rovers announce a new stand" });
    expect(opened.data.revisions.map((r) => r.action)).toEqual(["publish", "create"]);
  });

  it("updates through a save and a publish, holds a draft back, refuses a stale version and a bad field, unpublishes", async () => {
    const draft = await attributes(await send("POST", "/news", { title: "A draft from the feed", publish: false }));
    expect(draft).toMatchObject({ status: "draft", version: 1 });
    expect(await newsRow(draft.id)).toBeNull();

    const edited = await send("PUT", `/news/${draft.id}`, { summary: "Still a draft" });
    expect(await attributes(edited)).toMatchObject({ status: "draft", summary: "Still a draft", title: "A draft from the feed", version: 2 });
    expect(await newsRow(draft.id)).toBeNull();

    const live = await attributes(await send("PUT", `/news/${draft.id}`, { title: "Now live from the feed", publish: true }));
    expect(live).toMatchObject({ status: "published", pending: false, version: 4 });
    expect(await newsRow(draft.id)).toMatchObject({ title: "Now live from the feed" });

    const again = await attributes(await send("PUT", `/news/${draft.id}`, { title: "Live edit", version: live.version }));
    expect(again).toMatchObject({ status: "published", pending: false });
    expect(await newsRow(draft.id)).toMatchObject({ title: "Live edit" });
    expect((await revisions(draft.id)).map((r) => r.action)).toEqual(["create", "save", "save", "publish", "save", "publish"]);

    const stale = await send("PUT", `/news/${draft.id}`, { title: "Stale", version: live.version });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe("VERSION_CONFLICT");
    const bad = await send("PUT", `/news/${draft.id}`, { title: " ", slug: "Not A Slug" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { field?: string }[] }).errors.map((e) => e.field).sort()).toEqual(["slug", "title"]);
    expect(await newsRow(draft.id)).toMatchObject({ title: "Live edit" });
    expect((await send("PUT", "/news/99999999", { title: "Nobody" })).status).toBe(404);
    expect((await send("POST", "/news", [])).status).toBe(400);

    const out = await send("POST", `/news/${draft.id}/unpublish`, {});
    expect(await attributes(out)).toMatchObject({ status: "unpublished" });
    expect(await newsRow(draft.id)).toBeNull();
    expect((await send("POST", `/news/${draft.id}/unpublish`, {})).status).toBe(409);
    const audited = await env.DB.prepare("SELECT action, actor, status FROM admin_audit_log WHERE target = ?1 ORDER BY id DESC LIMIT 1").bind(`article:${draft.id}`).first();
    expect(audited).toEqual({ action: "news.unpublish", actor: "club-feed", status: 409 });
  });
});
