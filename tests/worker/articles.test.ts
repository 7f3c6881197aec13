import { env, runDurableObjectAlarm, runInDurableObject, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { roleAccount } from "./staff-accounts";
import { publishDue } from "../../worker/news/schedule";
import { signPreviewToken } from "../../worker/news/preview";
import { authConfigOf, AuthConfigError } from "../../worker/auth/config";
import type { Browser } from "./auth-test-app";
import type { ConsoleArticle } from "../../src/schemas/console-articles";

/** News articles written in the console: states, the published projection, scheduling, slugs, versions, sanitising. */

const send = (method: string, body: unknown): RequestInit => ({ method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const fields = (over: Partial<Record<string, unknown>> = {}) => ({
  title: `Article ${crypto.randomUUID().slice(0, 8)}`,
  slug: "",
  summary: "A summary",
  bodyHtml: "<p>Body text</p>",
  author: "Club reporter",
  heroImage: "",
  featured: false,
  categoryIds: [1],
  relatedIds: [],
  ...over,
});
const attributes = async (res: Response) => ((await res.json()) as { data: { attributes: ConsoleArticle } }).data.attributes;
const errors = async (res: Response) => ((await res.json()) as { errors: { code: string; detail: string; field?: string }[] }).errors;

async function create(b: Browser, over: Partial<Record<string, unknown>> = {}) {
  const res = await b.fetch("/api/console/news/articles", send("POST", fields(over)));
  expect(res.status).toBe(201);
  return attributes(res);
}
const move = (b: Browser, a: ConsoleArticle, to: string, extra: Record<string, unknown> = {}) => b.fetch(`/api/console/news/articles/${a.id}/${to}`, send("POST", { version: a.version, ...extra }));
const newsRow = (id: number) => env.DB.prepare("SELECT slug, title, body_html FROM news WHERE id = ?1").bind(id).first<{ slug: string; title: string; body_html: string }>();
/** A public request, as a supporter's browser makes it (the page cache included). */
const get = (path: string) => SELF.fetch(`https://rovers.test${path}`, { redirect: "manual" });
const searchSlugs = async (query: string) =>
  ((await (await get(`/api/news/search?query=${encodeURIComponent(query)}`)).json()) as { hits: { hit: { fields: { slug: string } }[] } }).hits.hit.map((h) => h.fields.slug);
const editor = () => roleAccount("article-editor", ["editor"]);

describe("articles: states and the published projection", () => {
  it("keeps a draft out of news, puts it there on publish, holds edits until 'Update', takes it out on unpublish", async () => {
    const { b } = await editor();
    const draft = await create(b, { title: "Rovers sign a new keeper" });
    expect(draft).toMatchObject({ status: "draft", slug: "rovers-sign-a-new-keeper", version: 1, moves: ["publish", "schedule"] });
    expect(await newsRow(draft.id)).toBeNull();
    expect((await get(`/news/${draft.slug}`)).status).toBe(404);
    expect(await (await get("/news")).text()).not.toContain(draft.slug);

    const published = await attributes(await move(b, draft, "publish"));
    expect(published).toMatchObject({ status: "published", version: 2, slugLocked: true });
    expect(await newsRow(draft.id)).toMatchObject({ slug: draft.slug, title: "Rovers sign a new keeper" });
    expect(await env.DB.prepare("SELECT category_id FROM news_category WHERE news_id = ?1").bind(draft.id).all()).toMatchObject({ results: [{ category_id: 1 }] });
    const page = await get(`/news/${draft.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Rovers sign a new keeper");
    expect(await (await get("/news")).text()).toContain(`/news/${draft.slug}`);
    expect(await (await get("/sitemap.xml")).text()).toContain(`/news/${draft.slug}`);
    const feed = await get("/news/feed.xml");
    expect(feed.headers.get("content-type")).toContain("application/atom+xml");
    const feedText = await feed.text();
    expect(feedText).toContain("<title>Rovers sign a new keeper</title>");
    expect(feedText).toContain(`href="https://rovers.test/news/${draft.slug}"`);
    expect(await searchSlugs("keeper")).toContain(draft.slug);

    const edited = await attributes(await b.fetch(`/api/console/news/articles/${draft.id}`, send("PUT", { ...fields({ title: "Rovers sign two keepers" }), version: published.version })));
    expect(edited).toMatchObject({ status: "published", pending: true, slug: draft.slug });
    expect((await newsRow(draft.id))!.title).toBe("Rovers sign a new keeper");
    const updated = await attributes(await move(b, edited, "publish"));
    expect(updated.pending).toBe(false);
    expect((await newsRow(draft.id))!.title).toBe("Rovers sign two keepers");
    expect(await (await get(`/news/${draft.slug}`)).text()).toContain("Rovers sign two keepers");
    expect(await (await get("/news/feed.xml")).text()).toContain("<title>Rovers sign two keepers</title>");

    const unpublished = await attributes(await move(b, updated, "unpublish"));
    expect(unpublished.status).toBe("unpublished");
    expect(await newsRow(draft.id)).toBeNull();
    expect((await get(`/news/${draft.slug}`)).status).toBe(404);
    expect(await (await get("/news")).text()).not.toContain(`/news/${draft.slug}`);
    expect(await (await get("/sitemap.xml")).text()).not.toContain(`/news/${draft.slug}`);
    expect(await (await get("/news/feed.xml")).text()).not.toContain(`/news/${draft.slug}`);
    expect(await searchSlugs("keepers")).not.toContain(draft.slug);
  });

  it("refuses a move the state does not allow (409 INVALID_STATE) and writes nothing", async () => {
    const { b } = await editor();
    const draft = await create(b);
    const res = await move(b, draft, "unpublish");
    expect(res.status).toBe(409);
    expect((await errors(res))[0]!.code).toBe("INVALID_STATE");
    expect((await env.DB.prepare("SELECT version FROM articles WHERE id = ?1").bind(draft.id).first<{ version: number }>())!.version).toBe(1);
  });
});

describe("articles: the version check", () => {
  it("answers a stale save 409 VERSION_CONFLICT naming who saved, and keeps the first save", async () => {
    const first = await editor();
    const second = await roleAccount("second-editor", ["editor"]);
    const draft = await create(first.b);
    const mine = await first.b.fetch(`/api/console/news/articles/${draft.id}`, send("PUT", { ...fields({ title: "Mine" }), version: 1 }));
    expect(mine.status).toBe(200);
    const theirs = await second.b.fetch(`/api/console/news/articles/${draft.id}`, send("PUT", { ...fields({ title: "Theirs" }), version: 1 }));
    expect(theirs.status).toBe(409);
    const [error] = await errors(theirs);
    expect(error!.code).toBe("VERSION_CONFLICT");
    expect(error!.detail).toMatch(/saved this article at \d\d:\d\d UTC/);
    expect((await env.DB.prepare("SELECT title, version FROM articles WHERE id = ?1").bind(draft.id).first())).toEqual({ title: "Mine", version: 2 });
    expect((await move(second.b, draft, "publish")).status).toBe(409);
    expect(await newsRow(draft.id)).toBeNull();
  });

  it("refuses a save without a version, and bad fields beside their field, with nothing written", async () => {
    const { b } = await editor();
    const draft = await create(b);
    const noVersion = await b.fetch(`/api/console/news/articles/${draft.id}`, send("PUT", fields()));
    expect(noVersion.status).toBe(400);
    expect((await errors(noVersion)).map((e) => e.field)).toEqual(["version"]);
    const bad = await b.fetch(`/api/console/news/articles/${draft.id}`, send("PUT", { ...fields({ title: " ", slug: "Not A Slug", heroImage: "javascript:alert(1)" }), version: 1 }));
    expect(bad.status).toBe(400);
    expect((await errors(bad)).map((e) => e.field).sort()).toEqual(["heroImage", "slug", "title"]);
    expect((await b.fetch("/api/console/news/articles/abc", send("PUT", fields()))).status).toBe(404);
    expect((await b.fetch(`/api/console/news/articles/${draft.id}`, { method: "PUT", headers: { "content-type": "application/json" }, body: "{" })).status).toBe(400);
    expect((await env.DB.prepare("SELECT version FROM articles WHERE id = ?1").bind(draft.id).first<{ version: number }>())!.version).toBe(1);
  });
});

describe("articles: slugs", () => {
  it("makes a slug from a long title (longer than D1's 50-byte LIKE limit) and keeps two such apart", async () => {
    const { b } = await editor();
    const title = `Riverside floodlights ${crypto.randomUUID().slice(0, 8)} switched on for the first time tonight`;
    const first = await create(b, { title });
    const second = await create(b, { title });
    expect(first.slug.length).toBeGreaterThan(50);
    expect(second.slug).toBe(`${first.slug}-2`);
  });

  it("makes slugs unique, refuses a taken one, fixes it once published, and redirects an old one after a rename", async () => {
    const { b } = await editor();
    const title = `Derby day ${crypto.randomUUID().slice(0, 6)}`;
    const one = await create(b, { title });
    const two = await create(b, { title });
    expect(two.slug).toBe(`${one.slug}-2`);
    const taken = await b.fetch("/api/console/news/articles", send("POST", fields({ slug: one.slug })));
    expect(taken.status).toBe(400);
    expect(await errors(taken)).toEqual([{ code: "INVALID_INPUT", field: "slug", detail: "Another story has this address: choose another" }]);
    const seeded = await env.DB.prepare("SELECT slug FROM news LIMIT 1").first<{ slug: string }>();
    expect((await b.fetch("/api/console/news/articles", send("POST", fields({ slug: seeded!.slug })))).status).toBe(400);

    const live = await attributes(await move(b, one, "publish"));
    const locked = await b.fetch(`/api/console/news/articles/${one.id}`, send("PUT", { ...fields({ title, slug: "another-address" }), version: live.version }));
    expect(locked.status).toBe(400);
    expect((await errors(locked))[0]!.field).toBe("slug");

    const renamed = await attributes(await b.fetch(`/api/console/news/articles/${one.id}/slug`, send("POST", { version: live.version, slug: `${one.slug}-moved` })));
    expect(renamed.slug).toBe(`${one.slug}-moved`);
    expect((await newsRow(one.id))!.slug).toBe(`${one.slug}-moved`);
    const old = await get(`/news/${one.slug}`);
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`/news/${one.slug}-moved`);
    // The retired slug stays taken, so the redirect is never shadowed by another story.
    expect((await b.fetch("/api/console/news/articles", send("POST", fields({ slug: one.slug })))).status).toBe(400);
  });
});

describe("articles: 'Change address' before the first publication", () => {
  it("renames a draft's address (no redirect kept), refuses a taken one with 409 beside the field, and a stale version", async () => {
    const { b } = await editor();
    const rename = (a: { id: number }, version: number, slug: string) => b.fetch(`/api/console/news/articles/${a.id}/slug`, send("POST", { version, slug }));
    const other = await create(b);
    const draft = await create(b);
    const newSlug = `${draft.slug}-renamed`;

    const renamed = await rename(draft, draft.version, newSlug);
    expect(renamed.status).toBe(200);
    const after = await attributes(renamed);
    expect(after).toMatchObject({ slug: newSlug, status: "draft", version: draft.version + 1, slugLocked: false });
    expect((await env.DB.prepare("SELECT action FROM article_revisions WHERE article_id = ?1 ORDER BY id DESC LIMIT 1").bind(draft.id).first())?.action).toBe("slug");
    // It was never public: its first address is free again and redirects nowhere.
    expect(await env.DB.prepare("SELECT slug FROM article_slugs WHERE article_id = ?1").bind(draft.id).first()).toBeNull();
    expect((await get(`/news/${draft.slug}`)).status).toBe(404);

    for (const taken of [other.slug, (await env.DB.prepare("SELECT slug FROM news LIMIT 1").first<{ slug: string }>())!.slug]) {
      const refused = await rename(draft, after.version, taken);
      expect(refused.status).toBe(409);
      expect(await errors(refused)).toEqual([{ code: "SLUG_TAKEN", field: "slug", detail: "Another story has this address, or had it: choose another" }]);
    }
    const bad = await rename(draft, after.version, "Not A Slug");
    expect(bad.status).toBe(400);
    expect((await errors(bad))[0]!.field).toBe("slug");
    const stale = await rename(draft, draft.version, `${newSlug}-again`);
    expect(stale.status).toBe(409);
    expect((await errors(stale))[0]!.code).toBe("VERSION_CONFLICT");
    expect((await env.DB.prepare("SELECT slug, version FROM articles WHERE id = ?1").bind(draft.id).first())).toEqual({ slug: newSlug, version: after.version });

    // Published: the screen's control is gone (slugLocked) and a save cannot move the address.
    const live = await attributes(await move(b, after, "publish"));
    expect(live).toMatchObject({ slug: newSlug, slugLocked: true });
    expect((await newsRow(draft.id))!.slug).toBe(newSlug);
  });
});

describe("articles: sanitising what the editor sends", () => {
  it("removes scripts, event handlers and javascript: links on write, keeping the article's markup", async () => {
    const { b } = await editor();
    const body =
      '<h2 onclick="steal()">Team news</h2><script>alert(1)</script><p>See <a href="javascript:alert(2)">this</a> and <a href="https://example.com/x">that</a></p>' +
      '<ul><li>One</li></ul><blockquote>Quote</blockquote><figure><img src="/images/media/4/1/640x480.webp" alt="A" onerror="x()"><figcaption>Caption</figcaption></figure><iframe src="https://evil.test"></iframe>';
    const draft = await create(b, { bodyHtml: body });
    const stored = (await env.DB.prepare("SELECT body_html FROM articles WHERE id = ?1").bind(draft.id).first<{ body_html: string }>())!.body_html;
    for (const gone of ["<script", "alert(1)", "onclick", "onerror", "javascript:", "<iframe"]) expect(stored).not.toContain(gone);
    for (const kept of ["<h2>Team news</h2>", '<a href="https://example.com/x">that</a>', "<ul><li>One</li></ul>", "<blockquote>Quote</blockquote>", '<img src="/images/media/4/1/640x480.webp" alt="A">', "<figcaption>Caption</figcaption>"]) {
      expect(stored).toContain(kept);
    }
  });
});

describe("articles: scheduling", () => {
  it("publishes a scheduled article once its time has come, once, however many sweeps run", async () => {
    const { b } = await editor();
    const draft = await create(b);
    const soon = new Date(Date.now() + 10 * 60_000).toISOString();
    const refused = await move(b, draft, "schedule", { publishAt: new Date(Date.now() - 60_000).toISOString() });
    expect(refused.status).toBe(400);
    expect((await errors(refused))[0]!.field).toBe("publishAt");
    const scheduled = await attributes(await move(b, draft, "schedule", { publishAt: soon }));
    expect(scheduled).toMatchObject({ status: "scheduled", publishAt: soon });
    expect(await newsRow(draft.id)).toBeNull();

    expect(await publishDue(env, new Date(Date.now() + 5 * 60_000))).not.toContain(draft.id);
    expect(await newsRow(draft.id)).toBeNull();

    const later = new Date(Date.parse(soon) + 1000);
    const sweeps = await Promise.all([publishDue(env, later), publishDue(env, later), publishDue(env, later)]);
    expect(sweeps.flat().filter((id) => id === draft.id)).toHaveLength(1);
    expect(await newsRow(draft.id)).not.toBeNull();
    const row = await env.DB.prepare("SELECT status, published_at, version FROM articles WHERE id = ?1").bind(draft.id).first();
    expect(row).toEqual({ status: "published", published_at: soon, version: 3 });
    const revisions = await env.DB.prepare("SELECT COUNT(*) AS n FROM article_revisions WHERE article_id = ?1 AND action = 'publish (scheduled)'").bind(draft.id).first<{ n: number }>();
    expect(revisions!.n).toBe(1);
  });

  it("sets the scheduler object's alarm to the next due article, and its alarm publishes it", async () => {
    const { b } = await editor();
    const draft = await create(b);
    const at = new Date(Date.now() + 3 * 60_000).toISOString();
    await env.DB.prepare("UPDATE articles SET publish_at = ?1 WHERE status = 'scheduled' AND publish_at < ?1").bind(at).run();
    await move(b, draft, "schedule", { publishAt: at });
    const stub = env.ARTICLE_SCHEDULER.get(env.ARTICLE_SCHEDULER.idFromName("news"));
    expect(await runInDurableObject(stub, (_o, state) => state.storage.getAlarm())).toBe(Date.parse(at));
    // The clock moves: the article's time is now past, and the alarm fires.
    await env.DB.prepare("UPDATE articles SET publish_at = ?2 WHERE id = ?1").bind(draft.id, new Date(Date.now() - 1000).toISOString()).run();
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await newsRow(draft.id)).not.toBeNull();
  });

  it("takes a scheduled article back to a draft on unschedule", async () => {
    const { b } = await editor();
    const draft = await create(b);
    const scheduled = await attributes(await move(b, draft, "schedule", { publishAt: new Date(Date.now() + 3_600_000).toISOString() }));
    const back = await attributes(await move(b, scheduled, "unschedule"));
    expect(back).toMatchObject({ status: "draft", publishAt: null });
    expect(await publishDue(env, new Date(Date.now() + 7_200_000))).not.toContain(draft.id);
  });
});

describe("articles: roles, revisions and an ended session", () => {
  it("answers 403 to staff without the capability, audited, and nothing moves", async () => {
    const { b } = await editor();
    const draft = await create(b);
    const commerce = await roleAccount("article-commerce", ["commerce"]);
    expect((await commerce.b.fetch(`/api/console/news/articles/${draft.id}`)).status).toBe(200);
    expect((await move(commerce.b, draft, "publish")).status).toBe(403);
    expect((await commerce.b.fetch(`/api/console/news/articles/${draft.id}`, send("PUT", { ...fields(), version: 1 }))).status).toBe(403);
    const support = await roleAccount("article-support", ["support"]);
    const res = await move(support.b, draft, "publish");
    expect(res.status).toBe(403);
    expect((await errors(res))[0]!.code).toBe("CAPABILITY_REQUIRED");
    expect(await newsRow(draft.id)).toBeNull();
    const audited = await env.DB.prepare("SELECT status FROM admin_audit_log WHERE actor = ?1").bind(`staff:${support.identity.ssoID}`).first<{ status: number }>();
    expect(audited!.status).toBe(403);
  });

  it("records a revision per write, shows one, restores one as a new save, and audits before and after", async () => {
    const { b, identity } = await editor();
    const draft = await create(b, { bodyHtml: "<p>First words</p>" });
    const saved = await attributes(await b.fetch(`/api/console/news/articles/${draft.id}`, send("PUT", { ...fields({ title: draft.title, bodyHtml: "<p>Second words</p>" }), version: 1 })));
    const detail = (await (await b.fetch(`/api/console/news/articles/${draft.id}`)).json()) as { data: { revisions: { id: number; action: string; version: number }[] } };
    expect(detail.data.revisions.map((r) => [r.action, r.version])).toEqual([["save", 2], ["create", 1]]);
    const firstId = detail.data.revisions[1]!.id;
    const first = (await (await b.fetch(`/api/console/news/articles/${draft.id}/revisions/${firstId}`)).json()) as { data: { attributes: { fields: { bodyHtml: string } } } };
    expect(first.data.attributes.fields.bodyHtml).toBe("<p>First words</p>");
    const restored = await attributes(await b.fetch(`/api/console/news/articles/${draft.id}/revisions/${firstId}/restore`, send("POST", { version: saved.version })));
    expect(restored).toMatchObject({ bodyHtml: "<p>First words</p>", version: 3 });
    const log = await env.DB.prepare("SELECT action, detail FROM admin_audit_log WHERE actor = ?1 AND action = 'article.restore'").bind(`staff:${identity.ssoID}`).first<{ detail: string }>();
    const entry = JSON.parse(log!.detail) as { before: { version: number }; after: { version: number } };
    expect([entry.before.version, entry.after.version]).toEqual([2, 3]);
  });

  it("tells a browser whose session ended to sign in again (401), and anyone never signed in only the 404", async () => {
    const { b } = await editor();
    const draft = await create(b);
    const stale = await b.fetch(`/api/console/news/articles/${draft.id}`, { ...send("PUT", { ...fields(), version: 1 }), headers: { "content-type": "application/json", cookie: "rovers_signed_in=1" } });
    expect(stale.status).toBe(401);
    expect((await errors(stale))[0]).toEqual({ code: "SESSION_EXPIRED", detail: "Your session has expired. Sign in again in another tab; your changes are kept here." });
    const stranger = await b.fetch(`/api/console/news/articles/${draft.id}`, { ...send("PUT", { ...fields(), version: 1 }), headers: { "content-type": "application/json", cookie: "" } });
    expect(stranger.status).toBe(404);
  });
});

describe("articles: previews and share links", () => {
  it("shows staff a draft under a 'Preview' banner, never stored or indexed; anyone else gets the 404", async () => {
    const { b } = await editor();
    const draft = await create(b, { title: "Preview of the new kit", bodyHtml: "<p>Kit words</p>" });
    const res = await b.fetch(`/news/preview/${draft.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const html = await res.text();
    expect(html).toContain("<strong>Preview</strong>");
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/);
    // The site's own article template: its head, hero and body, not a page of its own.
    expect(html).toContain('class="article__title"');
    expect(html).toContain("Kit words");
    expect((await get(`/news/preview/${draft.id}`)).status).toBe(404);
    const support = await roleAccount("preview-support", ["support"]);
    expect((await support.b.fetch(`/news/preview/${draft.id}`)).status).toBe(404);
    expect((await b.fetch("/news/preview/999999999")).status).toBe(404);
  });

  it("makes a share link that opens that article alone, read-only, until it expires", async () => {
    const { b } = await editor();
    const draft = await create(b, { title: "Shared stadium plans" });
    const other = await create(b);
    expect((await b.fetch(`/api/console/news/articles/${draft.id}/share`, send("POST", { hours: 2 }))).status).toBe(400);
    const shared = (await (await b.fetch(`/api/console/news/articles/${draft.id}/share`, send("POST", { hours: 24 }))).json()) as { data: { url: string; expiresAt: string } };
    const url = new URL(shared.data.url);
    expect(Date.parse(shared.data.expiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const opened = await get(`${url.pathname}${url.search}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("A shared preview, read-only");
    const token = url.searchParams.get("token")!;
    expect((await get(`/news/preview/${other.id}?token=${token}`)).status).toBe(404);
    expect((await get(`/news/preview/${draft.id}?token=${token.slice(0, -2)}xx`)).status).toBe(404);
    const config = authConfigOf(env);
    if (config instanceof AuthConfigError) throw config;
    const old = await signPreviewToken(config.sessionSecret, draft.id, 1, new Date(Date.now() - 2 * 3_600_000));
    expect((await get(`/news/preview/${draft.id}?token=${old.token}`)).status).toBe(404);
    // Read-only: the link carries no session, so the console's API does not know its holder.
    expect((await SELF.fetch(`https://rovers.test/api/console/news/articles/${draft.id}/publish?token=${token}`, send("POST", { version: 1 }))).status).not.toBe(200);
  });
});

describe("articles: long addresses", () => {
  it("takes and checks a slug of 100 characters (past D1's 50-byte LIKE pattern limit)", async () => {
    const { b } = await editor();
    const long = `a-${"long-address-".repeat(7)}${crypto.randomUUID().slice(0, 8)}`.slice(0, 100).replace(/-+$/, "");
    const one = await create(b, { slug: long });
    expect(one.slug).toBe(long);
    const again = await b.fetch("/api/console/news/articles", send("POST", fields({ slug: long })));
    expect(again.status).toBe(400);
    const draft = await create(b, { title: long.replace(/-/g, " ") });
    expect(draft.slug).toBe(`${long}-2`.length <= 100 ? `${long}-2` : draft.slug);
    const renamed = await b.fetch(`/api/console/news/articles/${draft.id}/slug`, send("POST", { version: draft.version, slug: `${long.slice(0, 90)}-moved` }));
    expect(renamed.status).toBe(200);
  });
});

describe("articles: library photos, Rovers TV videos and related stories", () => {
  const libraryPhoto = async () => {
    const key = `originals/${crypto.randomUUID()}`;
    const row = await env.DB.prepare(
      `INSERT INTO media (object_key, file_name, content_type, width, height, bytes, alt, search_text, uploaded_by)
       VALUES (?1, 'stand.jpg', 'image/jpeg', 1600, 1200, 1000, 'The north stand at dusk', 'the north stand at dusk stand.jpg', 'staff:test') RETURNING id`,
    ).bind(key).first<{ id: number }>();
    return row!.id;
  };
  const lockedVideo = () =>
    env.DB.prepare(`SELECT entry_id, title FROM videos WHERE entitlements NOT LIKE '%"?"%' AND entitlements != '[]' AND release_from <= ?1 ORDER BY id LIMIT 1`)
      .bind(new Date().toISOString())
      .first<{ entry_id: string; title: string }>();

  it("shows a library hero and a captioned photo responsively, and a locked video as its locked text, never its media", async () => {
    const { b } = await editor();
    const photo = await libraryPhoto();
    const video = (await lockedVideo())!;
    const figure = `<figure><img src="/images/media/${photo}/1/960x720.webp" srcset="/images/media/${photo}/1/480x360.webp 480w, /images/media/${photo}/1/960x720.webp 960w" alt="The north stand at dusk" width="960" height="720"><figcaption>Dusk over the north stand</figcaption></figure>`;
    const body = `<p>Before</p>${figure}<figure><a href="/videos/${video.entry_id}">${video.title}</a></figure><p>After</p><img src="https://evil.example/x.jpg">`;
    const draft = await create(b, { title: `Photo story ${crypto.randomUUID().slice(0, 6)}`, heroImage: `media:${photo}`, bodyHtml: body });
    expect(draft.heroImage).toBe(`media:${photo}`);
    const live = await attributes(await move(b, draft, "publish"));
    const html = await (await get(`/news/${live.slug}`)).text();
    // The hero: the library's WebP srcset and its alt text; the generated art's URL is not used.
    expect(html).toContain(`/images/media/${photo}/1/1280x720.webp 1280w`);
    expect(html).toContain('alt="The north stand at dusk"');
    expect(html).not.toContain(`/images/1600x900/media:${photo}`);
    expect(html).toContain("<figcaption>Dusk over the north stand</figcaption>");
    expect(html).not.toContain("evil.example");
    // The video: its title linked to its page, the spec's locked text for a visitor, no thumbnail or player.
    expect(html).toContain(`href="/videos/${video.entry_id}"`);
    expect(html).toContain("To View This Video Please Log In or Register An Account");
    const videoPart = html.slice(html.indexOf(`data-video="${video.entry_id}"`), html.indexOf("<p>After</p>"));
    expect(videoPart).not.toMatch(/<img|<video/);
    // The news list shows the same library photo on its card.
    expect(await (await get("/news")).text()).toContain(`/images/media/${photo}/1/640x360.webp`);
  });

  it("refuses a hero naming a photo the library does not hold, beside the field, nothing written", async () => {
    const { b } = await editor();
    const draft = await create(b);
    const res = await b.fetch(`/api/console/news/articles/${draft.id}`, send("PUT", { ...fields({ heroImage: "media:987654321" }), version: draft.version }));
    expect(res.status).toBe(400);
    expect(await errors(res)).toMatchObject([{ field: "heroImage" }]);
    expect((await env.DB.prepare("SELECT version, image_key FROM articles WHERE id = ?1").bind(draft.id).first())!).toMatchObject({ version: 1, image_key: "" });
  });

  it("finds published stories to relate by words of their title or their numbers; drafts never; bad queries are 400", async () => {
    const { b } = await editor();
    const word = `Zeppelin${crypto.randomUUID().slice(0, 6)}`;
    const published = await attributes(await move(b, await create(b, { title: `${word} lands at Riverside` }), "publish"));
    await create(b, { title: `${word} draft only` });
    const stories = async (query: string) => {
      const res = await b.fetch(`/api/console/news/stories?${query}`);
      return { status: res.status, body: (await res.json()) as { data?: { attributes: { stories: { id: number; title: string }[] } } } };
    };
    const found = await stories(`q=${word.toLowerCase()}`);
    expect(found.body.data!.attributes.stories.map((s) => s.id)).toEqual([published.id]);
    expect((await stories(`ids=${published.id}`)).body.data!.attributes.stories).toMatchObject([{ id: published.id, title: `${word} lands at Riverside` }]);
    for (const bad of ["", "q=", "ids=1,,2", "ids=abc", `ids=${Array.from({ length: 11 }, (_, i) => i + 1).join(",")}`]) expect((await stories(bad)).status, bad).toBe(400);
  });
});
