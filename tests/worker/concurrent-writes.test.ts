import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Browser } from "./auth-test-app";
import { roleAccount } from "./staff-accounts";

/**
 * Parallel writes to the page tree and the redirects: each write lands only on the set it checked
 * (a version claimed in its batch), so two requests at once never build a cycle, give two siblings
 * one position, or chain two redirects into a loop; the loser answers 409 and writes nothing.
 */

const json = (method: string, body: unknown) => ({ method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const stamp = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
const base = { template: "Default", status: "Published", heroImageKey: "", bodyHtml: "<p>Hello</p>" };
const savePage = (b: Browser, body: Record<string, unknown>, id?: number) => b.fetch(id === undefined ? "/api/console/pages" : `/api/console/pages/${id}`, json(id === undefined ? "POST" : "PUT", { ...base, ...body }));
const idOf = async (res: Response) => ((await res.json()) as { data: { attributes: { id: number } } }).data.attributes.id;
const codeOf = async (res: Response) => ((await res.json()) as { errors: { code: string }[] }).errors[0]!.code;

/** Each page's ancestors, following parent_id: throws on a cycle. */
async function expectNoCycle() {
  const { results } = await env.DB.prepare("SELECT id, parent_id FROM menu_pages").all<{ id: number; parent_id: number | null }>();
  const parent = new Map(results.map((r) => [r.id, r.parent_id]));
  for (const start of parent.keys()) {
    const seen = new Set<number>();
    for (let at: number | null | undefined = start; at != null; at = parent.get(at)) {
      expect(seen.has(at), `a cycle through page ${at}`).toBe(false);
      seen.add(at);
    }
  }
}

describe("parallel page tree writes", () => {
  it("two crossing moves (A under B, B under A) at once: one lands, the other is 409 and the tree has no cycle", async () => {
    const { b } = await roleAccount("tree-race", ["editor"]);
    const k = stamp();
    const a = await idOf(await savePage(b, { title: "A", slug: `a-${k}`, parentId: "" }));
    const bee = await idOf(await savePage(b, { title: "B", slug: `b-${k}`, parentId: "" }));
    const [one, two] = await Promise.all([savePage(b, { title: "A", slug: `a-${k}`, parentId: bee }, a), savePage(b, { title: "B", slug: `b-${k}`, parentId: a }, bee)]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const refused = one.status === 409 ? one : two;
    expect(["PAGE_CONFLICT", "INVALID_INPUT"]).toContain(await codeOf(refused));
    await expectNoCycle();
  });

  it("five pages created under one parent at once never share a position", async () => {
    const { b } = await roleAccount("tree-creates", ["editor"]);
    const k = stamp();
    const parent = await idOf(await savePage(b, { title: "Parent", slug: `parent-${k}`, parentId: "" }));
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => savePage(b, { title: `Child ${n}`, slug: `child-${n}`, parentId: parent })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409), statuses.join()).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
    for (const r of answers.filter((x) => x.status === 409)) expect(await codeOf(r)).toBe("PAGE_CONFLICT");
    const { results } = await env.DB.prepare("SELECT page_order FROM menu_pages WHERE parent_id = ?1").bind(parent).all<{ page_order: number }>();
    expect(results).toHaveLength(statuses.filter((s) => s === 201).length);
    expect(new Set(results.map((r) => r.page_order)).size).toBe(results.length);
  });
});

describe("parallel redirect writes", () => {
  const create = (b: Browser, from: string, to: string) => b.fetch("/api/console/redirects", json("POST", { from, to, status: 301 }));

  it("two redirects that would loop (/x → /y, /y → /x) written at once: one lands, the other is 409", async () => {
    const { b } = await roleAccount("redirect-race", ["editor"]);
    const k = stamp();
    const [one, two] = await Promise.all([create(b, `/x-${k}`, `/y-${k}`), create(b, `/y-${k}`, `/x-${k}`)]);
    expect([one.status, two.status].sort()).toEqual([201, 409]);
    expect(["REDIRECT_CONFLICT", "REDIRECT_CHAIN"]).toContain(await codeOf(one.status === 409 ? one : two));
    const { results } = await env.DB.prepare("SELECT from_path FROM redirects WHERE from_path IN (?1, ?2)").bind(`/x-${k}`, `/y-${k}`).all();
    expect(results).toHaveLength(1);
  });

  it("the same old path twice at once: one redirect, the other 409", async () => {
    const { b } = await roleAccount("redirect-twice", ["editor"]);
    const k = stamp();
    const answers = await Promise.all([create(b, `/old-${k}`, "/news"), create(b, `/old-${k}`, "/videos")]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const { results } = await env.DB.prepare("SELECT to_location FROM redirects WHERE from_path = ?1").bind(`/old-${k}`).all();
    expect(results).toHaveLength(1);
  });
});
