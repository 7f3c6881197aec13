import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Browser } from "./auth-test-app";
import { roleAccount } from "./staff-accounts";

/** The CMS page tree edited in the console (/admin/pages, /api/console/pages): tree rules, instant publishing, audit. */

const json = (method: string, body?: unknown) => ({ method, headers: { "content-type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
type Saved = { data: { attributes: { id: number; fullPath: string; order: number; parentId: number | null } } };
type Errors = { errors: { code: string; field?: string; detail: string }[] };
const visit = (path: string) => SELF.fetch(`https://rovers.test${path}`, { redirect: "manual" });
const stamp = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
const base = { template: "Default", status: "Published", heroImageKey: "", bodyHtml: "<p>Hello</p>" };

async function save(b: Browser, body: Record<string, unknown>, id?: number) {
  const res = await b.fetch(id === undefined ? "/api/console/pages" : `/api/console/pages/${id}`, json(id === undefined ? "POST" : "PUT", { ...base, ...body }));
  return { status: res.status, body: (await res.json()) as Saved & Errors };
}
const orderOf = async (id: number) => (await env.DB.prepare("SELECT page_order FROM menu_pages WHERE id = ?1").bind(id).first<{ page_order: number }>())!.page_order;

describe("the page tree in the console", () => {
  it("creates a page under a parent chosen by id from the tree; it shows on the next request, audited", async () => {
    const { b, identity } = await roleAccount("pages-editor", ["editor"]);
    const k = stamp();
    const parent = await save(b, { title: "Club", slug: `club-${k}`, parentId: "" });
    expect(parent.status).toBe(201);
    expect(parent.body.data.attributes.fullPath).toBe(`club-${k}`);
    await visit(`/club-${k}/history`); // a 404 first: never stored
    const child = await save(b, { title: "Our history", slug: "history", parentId: parent.body.data.attributes.id, template: "Landing", bodyHtml: "<p>Founded long ago</p>" });
    expect(child.status).toBe(201);
    expect(child.body.data.attributes.fullPath).toBe(`club-${k}/history`);
    const page = await visit(`/club-${k}/history`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Founded long ago");
    const audit = await env.DB.prepare("SELECT action, status, detail FROM admin_audit_log WHERE actor = ?1 ORDER BY id").bind(`staff:${identity.ssoID}`).all<{ action: string; status: number; detail: string }>();
    expect(audit.results.map((r) => [r.action, r.status])).toEqual([["page.create", 201], ["page.create", 201]]);
    expect(JSON.parse(audit.results[1]!.detail)).toMatchObject({ before: null, after: { slug: "history", template: "Landing" } });
  });

  it("refuses a slug a sibling has, a bad slug, an unknown parent and a cycle, beside the field; writes nothing", async () => {
    const { b } = await roleAccount("pages-rules", ["editor"]);
    const k = stamp();
    const top = (await save(b, { title: "Top", slug: `top-${k}`, parentId: "" })).body.data.attributes;
    const a = (await save(b, { title: "A", slug: "a", parentId: top.id })).body.data.attributes;
    const below = (await save(b, { title: "Below", slug: "below", parentId: a.id })).body.data.attributes;
    const count = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM menu_pages").first<{ n: number }>())!.n;
    const before = await count();
    expect((await save(b, { title: "A again", slug: "a", parentId: top.id })).body.errors).toEqual([{ code: "INVALID_INPUT", field: "slug", detail: "A page beside this one already has this slug" }]);
    expect((await save(b, { title: "Bad", slug: "Not A Slug", parentId: top.id })).body.errors[0]).toMatchObject({ field: "slug" });
    expect((await save(b, { title: "News", slug: "news", parentId: "" })).body.errors[0]).toMatchObject({ field: "slug" });
    expect((await save(b, { title: "Orphan", slug: "orphan", parentId: 999_999 })).body.errors[0]).toMatchObject({ field: "parentId" });
    const empty = await save(b, { title: " ", slug: "x", parentId: "", template: "Fancy" });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.map((e) => e.field).sort()).toEqual(["template", "title"]);
    // A under its own child: a cycle.
    const cycle = await save(b, { title: "A", slug: "a", parentId: below.id }, a.id);
    expect(cycle.status).toBe(400);
    expect(cycle.body.errors[0]).toMatchObject({ field: "parentId", detail: "A page cannot move under itself or a page below it" });
    expect(await count()).toBe(before);
  });

  it("moves a page up and down among its siblings, and under another parent with its whole branch", async () => {
    const { b } = await roleAccount("pages-mover", ["editor"]);
    const k = stamp();
    const one = (await save(b, { title: "One", slug: `one-${k}`, parentId: "" })).body.data.attributes;
    const two = (await save(b, { title: "Two", slug: `two-${k}`, parentId: "" })).body.data.attributes;
    const x = (await save(b, { title: "X", slug: "x", parentId: one.id })).body.data.attributes;
    const y = (await save(b, { title: "Y", slug: "y", parentId: one.id })).body.data.attributes;
    const leaf = (await save(b, { title: "Leaf", slug: "leaf", parentId: y.id })).body.data.attributes;
    expect((await b.fetch(`/api/console/pages/${y.id}/move`, json("POST", { direction: "up" }))).status).toBe(200);
    expect([await orderOf(y.id), await orderOf(x.id)]).toEqual([0, 1]);
    const stuck = await b.fetch(`/api/console/pages/${y.id}/move`, json("POST", { direction: "up" }));
    expect(stuck.status).toBe(409);
    expect((await b.fetch(`/api/console/pages/${y.id}/move`, json("POST", { direction: "sideways" }))).status).toBe(400);

    expect((await visit(`/one-${k}/y/leaf`)).status).toBe(200);
    const moved = await save(b, { title: "Y", slug: "why", parentId: two.id }, y.id);
    expect(moved.status).toBe(200);
    expect(moved.body.data.attributes.fullPath).toBe(`two-${k}/why`);
    const leafRow = await env.DB.prepare("SELECT full_path, nested_level FROM menu_pages WHERE id = ?1").bind(leaf.id).first();
    expect(leafRow).toEqual({ full_path: `two-${k}/why/leaf`, nested_level: 2 });
    expect((await visit(`/two-${k}/why/leaf`)).status).toBe(200);
    expect((await visit(`/one-${k}/y/leaf`)).status).toBe(404);
  });

  it("deletes a page without children after the worker's check; one with children is refused 409", async () => {
    const { b, identity } = await roleAccount("pages-deleter", ["editor"]);
    const k = stamp();
    const parent = (await save(b, { title: "Parent", slug: `parent-${k}`, parentId: "" })).body.data.attributes;
    const child = (await save(b, { title: "Child", slug: "child", parentId: parent.id })).body.data.attributes;
    const refused = await b.fetch(`/api/console/pages/${parent.id}`, json("DELETE"));
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Errors).errors[0]!.code).toBe("PAGE_HAS_CHILDREN");
    expect((await visit(`/parent-${k}/child`)).status).toBe(200);
    expect((await b.fetch(`/api/console/pages/${child.id}`, json("DELETE"))).status).toBe(200);
    expect((await visit(`/parent-${k}/child`)).status).toBe(404);
    expect((await b.fetch(`/api/console/pages/${parent.id}`, json("DELETE"))).status).toBe(200);
    expect((await b.fetch(`/api/console/pages/${parent.id}`, json("DELETE"))).status).toBe(404);
    const last = await env.DB.prepare("SELECT detail FROM admin_audit_log WHERE actor = ?1 AND action = 'page.delete' AND status = 200 ORDER BY id DESC LIMIT 1").bind(`staff:${identity.ssoID}`).first<{ detail: string }>();
    expect(JSON.parse(last!.detail)).toMatchObject({ before: { id: parent.id }, after: null });
  });

  it("shows the tree to content.view; only content.publish writes", async () => {
    const { b: commerce } = await roleAccount("pages-reader", ["commerce"]);
    const page = await commerce.fetch("/admin/pages");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("club-information");
    expect((await commerce.fetch("/api/console/pages", json("POST", { ...base, title: "T", slug: "t", parentId: "" }))).status).toBe(403);
  });
});
