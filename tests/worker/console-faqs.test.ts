import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { roleAccount } from "./staff-accounts";

/** The FAQs edited in the console (/admin/faqs, /api/console/faqs): public on the next request, field errors, audit. */

const json = (method: string, body?: unknown) => ({ method, headers: { "content-type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
type Errors = { errors: { code: string; field?: string; detail: string }[] };
const faqPage = async () => (await SELF.fetch("https://rovers.test/videos/faqs")).text();

describe("the FAQs in the console", () => {
  it("adds a question to a group, changes it, moves it to another group and deletes it; the FAQ page follows each at once; audited", async () => {
    const { b, identity } = await roleAccount("faq-editor", ["editor"]);
    const groups = (await env.DB.prepare("SELECT id FROM faq_groups WHERE scope = 'videos' ORDER BY position, id LIMIT 2").all<{ id: number }>()).results;
    const [first, second] = [groups[0]!.id, groups[1]!.id];
    const heading = `Can I watch on two phones ${Date.now().toString(36)}?`;
    await faqPage(); // stored before the change
    const added = await b.fetch("/api/console/faqs", json("POST", { groupId: String(first), heading, bodyHtml: "<p>Yes, two at once.</p>" }));
    expect(added.status).toBe(201);
    const { id, position } = ((await added.json()) as { data: { attributes: { id: number; position: number } } }).data.attributes;
    const lastBefore = await env.DB.prepare("SELECT MAX(position) AS p FROM faq_questions WHERE group_id = ?1 AND id <> ?2").bind(first, id).first<{ p: number }>();
    expect(position).toBe(lastBefore!.p + 1);
    expect(await faqPage()).toContain("Can I watch on two phones");

    expect((await b.fetch(`/api/console/faqs/${id}`, json("PUT", { groupId: second, heading, bodyHtml: "<p>Yes: two streams.</p>" }))).status).toBe(200);
    const moved = await env.DB.prepare("SELECT group_id, body_html FROM faq_questions WHERE id = ?1").bind(id).first();
    expect(moved).toEqual({ group_id: second, body_html: "<p>Yes: two streams.</p>" });
    expect(await faqPage()).toContain("Yes: two streams.");

    expect((await b.fetch(`/api/console/faqs/${id}`, json("DELETE"))).status).toBe(200);
    expect(await faqPage()).not.toContain("Can I watch on two phones");
    expect((await b.fetch(`/api/console/faqs/${id}`, json("DELETE"))).status).toBe(404);

    const audit = await env.DB.prepare("SELECT action, status, detail FROM admin_audit_log WHERE actor = ?1 ORDER BY id").bind(`staff:${identity.ssoID}`).all<{ action: string; status: number; detail: string }>();
    expect(audit.results.map((r) => [r.action, r.status])).toEqual([["faq.create", 201], ["faq.update", 200], ["faq.delete", 200], ["faq.delete", 404]]);
    expect(JSON.parse(audit.results[1]!.detail)).toMatchObject({ before: { groupId: first }, after: { groupId: second } });
  });

  it("refuses empty fields and an unknown group beside their fields, writing nothing; content.view reads but does not write", async () => {
    const { b } = await roleAccount("faq-checker", ["editor"]);
    const count = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM faq_questions").first<{ n: number }>())!.n;
    const before = await count();
    const empty = await b.fetch("/api/console/faqs", json("POST", { groupId: "", heading: " ", bodyHtml: "" }));
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as Errors).errors.map((e) => e.field).sort()).toEqual(["bodyHtml", "groupId", "heading"]);
    const unknown = await b.fetch("/api/console/faqs", json("POST", { groupId: 999_999, heading: "Q", bodyHtml: "A" }));
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as Errors).errors[0]).toMatchObject({ field: "groupId" });
    expect((await b.fetch("/api/console/faqs", { method: "POST", headers: { "content-type": "application/json" }, body: "{" })).status).toBe(400);
    expect(await count()).toBe(before);

    const { b: commerce } = await roleAccount("faq-reader", ["commerce"]);
    expect((await commerce.fetch("/admin/faqs")).status).toBe(200);
    expect((await commerce.fetch("/api/console/faqs", json("POST", { groupId: 1, heading: "Q", bodyHtml: "A" }))).status).toBe(403);
  });
});
