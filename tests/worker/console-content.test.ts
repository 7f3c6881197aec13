import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browser, type Browser } from "./auth-test-app";
import { account, adminHeaders, CONSOLE_VARS, expectNotFoundPage, queryPlan, staffAccount } from "./staff-accounts";
import type { AuditPage, ConsoleContent } from "../../src/schemas/console-content";

/** A refused write: one error per field (worker/http/api-error.ts). */
type FieldErrors = { errors: { code: string; detail: string; field?: string }[] };

/** The console's content pages over the admin API's writes, and the audit log. */

const json = (method: string, body?: unknown, headers: Record<string, string> = {}) => ({
  method,
  headers: { "content-type": "application/json", ...headers },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

async function content(b: Browser, kind: string): Promise<ConsoleContent> {
  const res = await b.fetch(`/api/console/content/${kind}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  return ((await res.json()) as { data: { attributes: ConsoleContent } }).data.attributes;
}

async function audited(target: string, action: string) {
  return env.DB.prepare("SELECT actor, status, detail FROM admin_audit_log WHERE action = ?1 AND target = ?2 ORDER BY id").bind(action, target).all<{ actor: string; status: number; detail: string }>();
}

const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A valid create body of each kind, and a change and a field error for it. */
const KINDS = {
  adverts: {
    create: { advertName: "Console advert", advertRef: "c-ad", campaignRef: "c-camp", url: "/tickets", channel: "web", childFriendly: true, startUTC: soon(-1), endUTC: soon(30), mobileImageKey: "advert-square", slotType: "mpu" },
    change: { advertName: "Console advert, renamed" },
    bad: { endUTC: soon(-2) },
    badField: "endUTC",
    active: "enabled",
  },
  promos: {
    create: { startDateTime: soon(-1), endDateTime: soon(3), url: "/videos", imageKey: "promo-console", imageAltText: "Console promo" },
    change: { type: "Mini" },
    bad: { url: "javascript:alert(1)" },
    badField: "url",
    active: "enabled",
  },
  sponsors: {
    create: { title: "Console Sponsor", adminName: "console-sponsor", url: "https://sponsor.example/", imageKey: "sponsor-console", rowID: 1 },
    change: { rowID: null },
    bad: { rowID: 9999 },
    badField: "rowID",
    active: "published",
  },
  menu: {
    create: { postTitle: "Console page", pageSlug: "console-page", fullPath: "console-page" },
    change: { postTitle: "Console page, renamed" },
    bad: { pageSlug: "Not A Slug" },
    badField: "pageSlug",
    active: "inMenu",
  },
} as const;

describe("the console's content writes", () => {
  for (const [kind, k] of Object.entries(KINDS)) {
    it(`${kind}: create, edit and disable, field errors beside the fields, each audited with the staff actor`, async () => {
      const { b, identity } = await staffAccount();
      const actor = `staff:${identity.ssoID}`;

      const missing = await b.fetch(`/api/console/content/${kind}`, json("POST", {}));
      expect(missing.status).toBe(400);
      const refused = (await missing.json()) as FieldErrors;
      // One item per field, each with the stable code, its field and its text.
      expect(refused.errors.every((e) => e.code === "INVALID_INPUT" && typeof e.field === "string")).toBe(true);
      expect(refused.errors.map((e) => e.detail)).toContain("required");

      const created = await b.fetch(`/api/console/content/${kind}`, json("POST", k.create));
      expect(created.status).toBe(201);
      const { data } = (await created.json()) as { data: { id: number; attributes: Record<string, unknown> } };
      const id = String(data.id);
      expect((await content(b, kind)).rows.find((r) => r.id === id)).toMatchObject({ active: true });

      const bad = await b.fetch(`/api/console/content/${kind}/${id}`, json("PUT", k.bad));
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as FieldErrors).errors.map((e) => e.field)).toContain(k.badField);

      const changed = await b.fetch(`/api/console/content/${kind}/${id}`, json("PUT", k.change));
      expect(changed.status).toBe(200);
      const row = (await content(b, kind)).rows.find((r) => r.id === id);
      for (const [field, value] of Object.entries(k.change)) expect(row?.values[field]).toBe(value);

      expect((await b.fetch(`/api/console/content/${kind}/${id}/disable`, json("POST"))).status).toBe(200);
      const disabled = (await content(b, kind)).rows.find((r) => r.id === id);
      expect(disabled).toMatchObject({ active: false, values: { [k.active]: false } });
      expect((await b.fetch(`/api/console/content/${kind}/999999/disable`, json("POST"))).status).toBe(404);

      for (const [action, statuses] of [[`${kind}.create`, [201]], [`${kind}.update`, [400, 200]], [`${kind}.disable`, [200]]] as const) {
        const { results } = await audited(id, action);
        expect(results.map((r) => [r.actor, r.status])).toEqual(statuses.map((s) => [actor, s]));
      }
      const refusedCreate = await env.DB.prepare("SELECT actor, status FROM admin_audit_log WHERE action = ?1 AND target IS NULL AND actor = ?2").bind(`${kind}.create`, actor).first();
      expect(refusedCreate).toEqual({ actor, status: 400 });
    });
  }

  it("web settings: create, edit and remove; a new name that exists is a field error", async () => {
    const { b, identity } = await staffAccount();
    const key = `console.test${Date.now()}`;
    expect((await b.fetch("/api/console/content/settings", json("POST", { key: "not a key", value: "x" }))).status).toBe(400);
    expect((await b.fetch("/api/console/content/settings", json("POST", { key, value: "first" }))).status).toBe(200);
    const again = await b.fetch("/api/console/content/settings", json("POST", { key, value: "second" }));
    expect(again.status).toBe(400);
    expect(((await again.json()) as FieldErrors).errors).toEqual([{ code: "INVALID_INPUT", detail: expect.any(String), field: "key" }]);
    expect((await b.fetch(`/api/console/content/settings/${key}`, json("PUT", { value: "changed" }))).status).toBe(200);
    expect((await content(b, "settings")).rows.find((r) => r.id === key)?.values.value).toBe("changed");
    expect((await b.fetch(`/api/console/content/settings/${key}/disable`, json("POST"))).status).toBe(200);
    expect((await content(b, "settings")).rows.some((r) => r.id === key)).toBe(false);
    const { results } = await env.DB.prepare("SELECT action, status FROM admin_audit_log WHERE target = ?1 AND actor = ?2 ORDER BY id").bind(key, `staff:${identity.ssoID}`).all();
    expect(results).toEqual([
      { action: "settings.create", status: 200 },
      { action: "settings.create", status: 400 },
      { action: "settings.update", status: 200 },
      { action: "settings.delete", status: 200 },
    ]);
  });

  it("lists each kind with its form's fields (the sponsor's footer rows as choices)", async () => {
    const { b } = await staffAccount();
    const sponsors = await content(b, "sponsors");
    const rowField = sponsors.fields.find((f) => f.name === "rowID");
    expect(rowField).toMatchObject({ input: "select", nullable: true, numeric: true });
    expect(rowField?.options.length).toBeGreaterThan(0);
    const adverts = await content(b, "adverts");
    expect(adverts.fields.find((f) => f.name === "advertName")).toMatchObject({ required: true, input: "text" });
    expect(adverts.fields.find((f) => f.name === "enabled")).toMatchObject({ input: "checkbox", initial: true });
    expect(adverts.rows.length).toBeGreaterThan(0);
    expect((await b.fetch("/api/console/content/nothing")).status).toBe(404);
  });

  it("a change is on the public site at the next request (the admin API's cache invalidation)", async () => {
    const { b } = await staffAccount();
    const visitor = browser();
    const ids = async () => ((await (await visitor.fetch("/api/adverts?area=footer")).json()) as { adverts: { id: number }[] }).adverts.map((a) => a.id);
    const created = await b.fetch("/api/console/content/adverts", json("POST", KINDS.adverts.create));
    const { data } = (await created.json()) as { data: { id: number } };
    expect(await ids()).toContain(data.id);
    await b.fetch(`/api/console/content/adverts/${data.id}/disable`, json("POST"));
    expect(await ids()).not.toContain(data.id);
  });

  it("refuses a write without the site's Origin (CSRF), and from another site", async () => {
    const { b } = await staffAccount();
    for (const origin of ["", "https://evil.example"]) {
      const res = await b.fetch("/api/console/content/adverts", { ...json("POST", KINDS.adverts.create), headers: { "content-type": "application/json", origin } });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ errors: [{ code: "CSRF" }] });
    }
    const noOrigin = new Headers({ "content-type": "application/json", cookie: b.jar.header() });
    const { app } = await import("../../worker/app");
    const res = await app.request("http://localhost/api/console/content/adverts", { method: "POST", headers: noOrigin, body: JSON.stringify(KINDS.adverts.create) }, b.env);
    expect(res.status).toBe(403);
  });

  it("is a 404 for a visitor and a supporter: pages and API, reads and writes", async () => {
    const { b: fan } = await account("fan-content");
    for (const who of [browser(CONSOLE_VARS), fan]) {
      for (const path of ["/admin/content", "/admin/content/adverts", "/admin/content/settings", "/admin/audit"]) await expectNotFoundPage(who, path, "Club console");
      expect((await who.fetch("/api/console/content/adverts")).status).toBe(404);
      expect((await who.fetch("/api/console/audit")).status).toBe(404);
      expect((await who.fetch("/api/console/content/adverts", json("POST", KINDS.adverts.create))).status).toBe(404);
      expect((await who.fetch("/api/console/content/adverts/1/disable", json("POST"))).status).toBe(404);
    }
  });

  it("renders the content and audit pages for staff", async () => {
    const { b } = await staffAccount();
    for (const [path, text] of [["/admin/content", "New advert"], ["/admin/content/settings", "New web setting"], ["/admin/audit", "Audit log"]] as const) {
      const res = await b.fetch(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control")).toContain("no-store");
      const html = await res.text();
      expect(html).toContain(text);
    }
    expect((await b.fetch("/admin/content/nothing")).status).toBe(404);
  });
});

describe("the audit log", () => {
  async function page(b: Browser, query = ""): Promise<AuditPage> {
    const res = await b.fetch(`/api/console/audit${query}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { attributes: AuditPage } }).data.attributes;
  }

  it("is newest first, filtered by actor, by action or target text and by day, and paged by id", async () => {
    const { b, identity } = await staffAccount();
    const actor = `staff:${identity.ssoID}`;
    const key = `audit.filter${Date.now()}`;
    for (let i = 0; i < 3; i++) await b.fetch("/api/console/content/settings" + (i === 0 ? "" : `/${key}`), json(i === 0 ? "POST" : "PUT", i === 0 ? { key, value: "0" } : { value: String(i) }));
    // an admin API call by someone else, in the same log
    await browser(CONSOLE_VARS).fetch(`/api/admin/settings/${key}`, json("PUT", { value: "by ops" }, { ...adminHeaders, "x-admin-actor": "ops" }));

    const mine = await page(b, `?actor=${encodeURIComponent(actor)}`);
    expect(mine.entries.map((e) => e.action)).toEqual(["settings.update", "settings.update", "settings.create"]);
    expect(mine.entries.every((e) => e.actor === actor)).toBe(true);
    expect(mine.entries[0]!.id).toBeGreaterThan(mine.entries[1]!.id);

    const byTarget = await page(b, `?q=${key}`);
    expect(byTarget.entries.map((e) => e.actor)).toEqual(["ops", actor, actor, actor]);
    expect((await page(b, `?q=${key}&actor=ops`)).entries).toHaveLength(1);

    const today = new Date().toISOString().slice(0, 10);
    expect((await page(b, `?q=${key}&from=${today}&to=${today}`)).entries).toHaveLength(4);
    expect((await page(b, `?q=${key}&to=2000-01-01`)).entries).toHaveLength(0);
    expect((await page(b, `?q=${key}&from=2999-01-01`)).entries).toHaveLength(0);

    const older = await page(b, `?q=${key}&before=${byTarget.entries[1]!.id}`);
    expect(older.entries.map((e) => e.id)).toEqual(byTarget.entries.slice(2).map((e) => e.id));
  });

  it("pages 50 at a time, each page read from the primary key", async () => {
    const { b } = await staffAccount();
    const stmt = env.DB.prepare("INSERT INTO admin_audit_log (actor, action, target, status, ip) VALUES ('pager', 'paging.test', ?1, 200, '127.0.0.1')");
    await env.DB.batch(Array.from({ length: 60 }, (_, i) => stmt.bind(String(i))));
    const first = await page(b, "?actor=pager");
    expect(first.entries).toHaveLength(50);
    expect(first.nextBefore).toBe(first.entries.at(-1)!.id);
    const second = await page(b, `?actor=pager&before=${first.nextBefore}`);
    expect(second.entries).toHaveLength(10);
    expect(second.nextBefore).toBeNull();
    expect(second.entries[0]!.target).toBe("9");
    const plan = await queryPlan("SELECT id FROM admin_audit_log WHERE id < ?1 ORDER BY id DESC LIMIT 51", 100);
    expect(plan.join(" ")).toMatch(/INTEGER PRIMARY KEY|rowid/i);
  });
});
