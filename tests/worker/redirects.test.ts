import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Browser } from "./auth-test-app";
import { account, expectNotFoundPage, queryPlan, roleAccount } from "./staff-accounts";
import { ROUTE_DATA_HEADER } from "../../src/app/route-data";
import { invalidateCache } from "../../worker/cache/kv-cache";

/** The club's redirects: the console's section (/admin/redirects, /api/console/redirects) and the worker applying them in place of a 404. */

const json = (method: string, body?: unknown) => ({
  method,
  headers: { "content-type": "application/json" },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
type Errors = { errors: { code: string; detail: string; field?: string }[] };
type Saved = { data: { attributes: { id: number; from: string; to: string; status: number } } };
/** A visitor through the whole worker (the page cache needs its execution context). */
const visitor = () => ({ fetch: (path: string, init: RequestInit = {}) => SELF.fetch(`https://rovers.test${path}`, init) });
const stamp = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

async function create(b: Browser, body: unknown) {
  const res = await b.fetch("/api/console/redirects", json("POST", body));
  return { status: res.status, body: (await res.json()) as Saved & Errors };
}

describe("redirects written in the console", () => {
  it("are created, listed, found, edited and deleted by an editor, each audited with before and after", async () => {
    const { b, identity } = await roleAccount("redirect-editor", ["editor"]);
    const key = stamp();
    const made = await create(b, { from: ` /old-${key}/?utm=x `, to: "/news", status: "301" });
    expect(made.status).toBe(201);
    expect(made.body.data.attributes).toMatchObject({ from: `/old-${key}`, to: "/news", status: 301 });
    const id = made.body.data.attributes.id;

    const list = await b.fetch(`/api/console/redirects?q=${key}`);
    expect(((await list.json()) as { data: { attributes: { total: number } } }).data.attributes.total).toBe(1);
    const page = await b.fetch(`/admin/redirects?q=${key}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`/old-${key}`);

    const edited = await b.fetch(`/api/console/redirects/${id}`, json("PUT", { from: `/old-${key}`, to: "https://shop.example.com/kit", status: 302 }));
    expect(edited.status).toBe(200);
    const deleted = await b.fetch(`/api/console/redirects/${id}`, json("DELETE"));
    expect(deleted.status).toBe(200);
    expect((await b.fetch(`/api/console/redirects/${id}`, json("DELETE"))).status).toBe(404);

    const { results } = await env.DB.prepare("SELECT action, status, detail FROM admin_audit_log WHERE target = ?1 AND actor = ?2 ORDER BY id")
      .bind(String(id), `staff:${identity.ssoID}`)
      .all<{ action: string; status: number; detail: string }>();
    expect(results.map((r) => [r.action, r.status])).toEqual([
      ["redirect.create", 201],
      ["redirect.update", 200],
      ["redirect.delete", 200],
      ["redirect.delete", 404],
    ]);
    const update = JSON.parse(results[1]!.detail) as { before: { to: string }; after: { to: string; status: number } };
    expect(update.before.to).toBe("/news");
    expect(update.after).toMatchObject({ to: "https://shop.example.com/kit", status: 302 });
    expect(JSON.parse(results[2]!.detail)).toMatchObject({ before: { id, to: "https://shop.example.com/kit" }, after: null });
  });

  it("refuses bad fields beside each field (400), a taken old path (409), and writes nothing", async () => {
    const { b } = await roleAccount("redirect-checker", ["editor"]);
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM redirects").first<{ n: number }>();
    const bad = await create(b, { from: "//evil.example/x", to: "javascript:alert(1)", status: 307 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e) => e.field).sort()).toEqual(["from", "status", "to"]);
    const badTo = await create(b, { from: "/fine", to: "http://insecure.example" });
    expect(badTo.status).toBe(400);
    expect(badTo.body.errors.map((e) => e.field).sort()).toEqual(["status", "to"]);
    const badTo2 = await create(b, { from: "/fine", to: "http://insecure.example", status: 301 });
    expect(badTo2.body.errors).toEqual([{ code: "INVALID_INPUT", field: "to", detail: "The new location must be a path on this site (/…, not // or /\\) or an https: URL" }]);
    for (const from of ["/", "/api/x", "/admin/redirects"]) expect((await create(b, { from, to: "/news", status: 301 })).status, from).toBe(400);
    expect((await b.fetch("/api/console/redirects", { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" })).status).toBe(400);
    expect((await b.fetch("/api/console/redirects/abc", json("PUT", { from: "/a", to: "/b", status: 301 }))).status).toBe(404);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM redirects").first<{ n: number }>())!.n).toBe(before!.n);

    const key = stamp();
    expect((await create(b, { from: `/taken-${key}`, to: "/news", status: 301 })).status).toBe(201);
    const twice = await create(b, { from: `/taken-${key}/`, to: "/teams", status: 302 });
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0]).toMatchObject({ code: "REDIRECT_EXISTS", field: "from" });
  });

  it("refuses a loop and a chain either way, at write time, on create and on edit", async () => {
    const { b } = await roleAccount("redirect-chains", ["editor"]);
    const k = stamp();
    expect((await create(b, { from: `/loop-${k}`, to: `/loop-${k}/`, status: 301 })).body.errors[0]).toMatchObject({ code: "REDIRECT_CHAIN", field: "to" });
    const a = (await create(b, { from: `/a-${k}`, to: `/b-${k}`, status: 301 })).body.data.attributes;
    const onward = await create(b, { from: `/z-${k}`, to: `/a-${k}?x=1`, status: 301 });
    expect(onward.status).toBe(409);
    expect(onward.body.errors[0]).toMatchObject({ code: "REDIRECT_CHAIN", field: "to" });
    const into = await create(b, { from: `/b-${k}`, to: `/c-${k}`, status: 301 });
    expect(into.body.errors[0]).toMatchObject({ code: "REDIRECT_CHAIN", field: "from" });
    // /b → /a would close the loop /a → /b → /a.
    expect((await create(b, { from: `/b-${k}`, to: `/a-${k}`, status: 301 })).status).toBe(409);
    const other = (await create(b, { from: `/c-${k}`, to: "/news", status: 301 })).body.data.attributes;
    const editIntoChain = await b.fetch(`/api/console/redirects/${other.id}`, json("PUT", { from: `/c-${k}`, to: `/a-${k}`, status: 301 }));
    expect(editIntoChain.status).toBe(409);
    // Editing a redirect against itself is fine.
    expect((await b.fetch(`/api/console/redirects/${a.id}`, json("PUT", { from: `/a-${k}`, to: `/d-${k}`, status: 302 }))).status).toBe(200);
  });

  it("lets a member with content.view read the list but not write; anyone else finds nothing", async () => {
    const { b: commerce } = await roleAccount("redirect-reader", ["commerce"]);
    expect((await commerce.fetch("/api/console/redirects")).status).toBe(200);
    expect((await commerce.fetch("/admin/redirects")).status).toBe(200);
    const refused = await create(commerce, { from: "/x", to: "/news", status: 301 });
    expect(refused.status).toBe(403);
    const { b: supporter } = await account("redirect-supporter");
    expect((await supporter.fetch("/api/console/redirects")).status).toBe(404);
    await expectNotFoundPage(supporter, "/admin/redirects");
    const { b: operator } = await roleAccount("redirect-operator", ["match-operator"]);
    expect((await operator.fetch("/admin/redirects")).status).toBe(403);
  });
});

describe("redirects applied by the worker", () => {
  it("send a path that would be 404 on, with its status; the page and its route data", async () => {
    const { b } = await roleAccount("redirect-applier", ["editor"]);
    const k = stamp();
    expect((await create(b, { from: `/gone-${k}`, to: "/news?from=old", status: 301 })).status).toBe(201);
    expect((await create(b, { from: `/shop-${k}`, to: "https://shop.example.com/", status: 302 })).status).toBe(201);
    const page = await visitor().fetch(`/gone-${k}/`, { redirect: "manual" });
    expect(page.status).toBe(301);
    expect(page.headers.get("location")).toBe("/news?from=old");
    expect(page.headers.get("cache-control")).toBe("public, max-age=3600");
    const shop = await visitor().fetch(`/shop-${k}?utm_source=x`, { redirect: "manual" });
    expect(shop.status).toBe(302);
    expect(shop.headers.get("location")).toBe("https://shop.example.com/");
    const data = await visitor().fetch(`/shop-${k}`, { headers: { [ROUTE_DATA_HEADER]: "*" } });
    expect(data.status).toBe(202);
    expect(await data.json()).toEqual({ redirect: { location: "https://shop.example.com/", status: 302, reloadDocument: true } });
    expect((await visitor().fetch(`/never-${k}`)).status).toBe(404);
  });

  it("never hide a page that exists; send an unpublished article's address on", async () => {
    const { b } = await roleAccount("redirect-no-hide", ["editor"]);
    expect((await create(b, { from: "/category", to: "/videos", status: 301 })).status).toBe(201);
    expect((await visitor().fetch("/category", { redirect: "manual" })).status).toBe(200);

    const slug = `redirected-story-${stamp()}`;
    await env.DB.prepare("INSERT INTO news (slug, title, summary, body_html, author, published_at, image_key) VALUES (?1, 't', 's', '', '', '2024-01-01T00:00:00Z', 'k')").bind(slug).run();
    expect((await create(b, { from: `/news/${slug}`, to: "/news", status: 302 })).status).toBe(201);
    expect((await visitor().fetch(`/news/${slug}`, { redirect: "manual" })).status).toBe(200);
    // Unpublished: the row leaves `news` and the content generation moves (what a publish write does).
    await env.DB.prepare("DELETE FROM news WHERE slug = ?1").bind(slug).run();
    await invalidateCache(env);
    const after = await visitor().fetch(`/news/${slug}`, { redirect: "manual" });
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toBe("/news");
  });

  it("look the path up through the unique index", async () => {
    const plan = await queryPlan("SELECT to_location, status FROM redirects WHERE from_path = ?1", "/x");
    expect(plan.join(" ")).toMatch(/USING INDEX sqlite_autoindex_redirects_1/);
  });
});
