import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Browser } from "./auth-test-app";
import { account, roleAccount, staffAccount } from "./staff-accounts";
import { CAPABILITIES, ROLE_CAPABILITIES, STAFF_ROLES, type Capability, type StaffRole } from "../../src/domain/staff-roles";
import type { RoleChangeAnswer, StaffList } from "../../src/schemas/console-staff";

/** Staff roles: the capability of every console call, the Staff screen's rules and its audit. */

const json = (body: unknown): RequestInit => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const grant = (b: Browser, email: string, role: string) => b.fetch("/api/console/staff/grant", json({ email, role }));
const revoke = (b: Browser, ssoID: string, role: string) => b.fetch("/api/console/staff/revoke", json({ ssoID, role }));
const rolesOf = async (ssoID: string) =>
  (await env.DB.prepare("SELECT role FROM staff_roles WHERE account = ?1 ORDER BY role").bind(ssoID).all<{ role: string }>()).results.map((r) => r.role);
const auditOf = async (target: string, action: string) =>
  (
    await env.DB.prepare("SELECT actor, status, detail FROM admin_audit_log WHERE target = ?1 AND action = ?2 ORDER BY id")
      .bind(target, action)
      .all<{ actor: string; status: number; detail: string | null }>()
  ).results.map((r) => ({ ...r, detail: r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : null }));
const codeOf = async (res: Response) => ((await res.json()) as { errors: { code: string; field?: string; detail: string }[] }).errors;

/** Every /api/console call, with the capability it needs. */
const CALLS: { method: "GET" | "POST" | "PUT"; path: string; capability: Capability; body?: unknown }[] = [
  { method: "GET", path: "/api/console/live", capability: "live.view" },
  { method: "GET", path: "/api/console/revenue", capability: "revenue.view" },
  { method: "GET", path: "/api/console/matches/1/live", capability: "match.operate" },
  { method: "POST", path: "/api/console/matches/1/events", capability: "match.operate", body: {} },
  { method: "GET", path: "/api/console/fixtures?season=2024-25", capability: "fixtures.manage" },
  { method: "POST", path: "/api/console/fixtures", capability: "fixtures.manage", body: {} },
  { method: "POST", path: "/api/console/fixtures/import", capability: "fixtures.manage", body: {} },
  { method: "GET", path: "/api/console/players", capability: "squads.manage" },
  { method: "POST", path: "/api/console/players", capability: "squads.manage", body: {} },
  { method: "GET", path: "/api/console/accounts?q=a", capability: "accounts.view" },
  { method: "GET", path: "/api/console/accounts/nobody-here", capability: "accounts.view" },
  { method: "POST", path: "/api/console/accounts/nobody-here/block", capability: "accounts.support", body: {} },
  { method: "GET", path: "/api/console/webhooks", capability: "webhooks.view" },
  { method: "GET", path: "/api/console/content/adverts", capability: "content.view" },
  { method: "POST", path: "/api/console/content/adverts", capability: "content.publish", body: {} },
  { method: "PUT", path: "/api/console/content/menu/1", capability: "content.publish", body: {} },
  { method: "POST", path: "/api/console/content/sponsors/1/disable", capability: "content.publish" },
  { method: "GET", path: "/api/console/news/articles/1", capability: "content.view" },
  { method: "POST", path: "/api/console/news/articles", capability: "content.edit", body: {} },
  { method: "PUT", path: "/api/console/news/articles/1", capability: "content.edit", body: {} },
  { method: "POST", path: "/api/console/news/articles/1/publish", capability: "content.publish", body: {} },
  { method: "POST", path: "/api/console/news/articles/1/unpublish", capability: "content.publish", body: {} },
  { method: "GET", path: "/api/console/content/settings", capability: "settings.edit" },
  { method: "PUT", path: "/api/console/content/settings/console.webhookSilenceMinutes", capability: "settings.edit", body: { value: "30" } },
  { method: "GET", path: "/api/console/audit", capability: "audit.view" },
  { method: "GET", path: "/api/console/staff", capability: "staff.manage" },
  { method: "POST", path: "/api/console/staff/grant", capability: "staff.manage", body: {} },
  { method: "POST", path: "/api/console/staff/revoke", capability: "staff.manage", body: {} },
  { method: "GET", path: "/api/console/media", capability: "media.manage" },
  { method: "POST", path: "/api/console/media", capability: "media.manage", body: {} },
  { method: "PUT", path: "/api/console/media/1", capability: "media.manage", body: {} },
  { method: "POST", path: "/api/console/videos/uploads", capability: "video.manage", body: {} },
  { method: "GET", path: "/api/console/videos/sources/nothing-here", capability: "video.manage" },
  { method: "PUT", path: "/api/console/videos/catalogue/nothing-here/source", capability: "video.manage", body: {} },
  { method: "GET", path: "/api/console/live-events", capability: "live.manage" },
  { method: "POST", path: "/api/console/live-events", capability: "live.manage", body: {} },
  { method: "POST", path: "/api/console/live-events/nothing-here/end", capability: "live.manage" },
  { method: "POST", path: "/api/console/fixtures/1/match-pass", capability: "commerce.manage", body: {} },
  { method: "PUT", path: "/api/console/match-passes/nothing-here", capability: "commerce.manage", body: {} },
  { method: "POST", path: "/api/console/match-passes/nothing-here/archive", capability: "commerce.manage", body: {} },
  { method: "GET", path: "/api/console/vouchers", capability: "vouchers.manage" },
  { method: "POST", path: "/api/console/vouchers", capability: "vouchers.manage", body: {} },
  { method: "POST", path: "/api/console/vouchers/999999/revoke", capability: "vouchers.manage" },
  { method: "POST", path: "/api/console/promotions", capability: "commerce.manage", body: {} },
  { method: "POST", path: "/api/console/promotions/nothing-here/deactivate", capability: "commerce.manage", body: {} },
];

const call = (b: Browser, c: (typeof CALLS)[number]) =>
  b.fetch(c.path, { method: c.method, ...(c.body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(c.body) }) });

describe("capabilities on every console call", () => {
  it("covers every capability of the table", () => {
    expect(new Set(CALLS.map((c) => c.capability))).toEqual(new Set(CAPABILITIES));
  });

  it("answers 403 CAPABILITY_REQUIRED to each role that lacks the call's capability, and lets the others past the check", async () => {
    const members = new Map<StaffRole, Browser>();
    for (const role of STAFF_ROLES) members.set(role, (await roleAccount(role, [role])).b);
    for (const c of CALLS) {
      for (const role of STAFF_ROLES) {
        const res = await call(members.get(role)!, c);
        const allowed = ROLE_CAPABILITIES[role].includes(c.capability);
        const label = `${role} ${c.method} ${c.path}`;
        if (allowed) {
          expect(res.status, label).not.toBe(403);
        } else {
          expect(res.status, label).toBe(403);
          expect(await codeOf(res), label).toEqual([{ code: "CAPABILITY_REQUIRED", detail: "Your staff role does not allow this" }]);
        }
      }
    }
  });

  it("refuses support a content write: nothing is written and the attempt is audited", async () => {
    const { b, identity } = await roleAccount("support", ["support"]);
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM adverts").first<{ n: number }>();
    const res = await b.fetch("/api/console/content/adverts", json({ name: "Not allowed", enabled: true }));
    expect(res.status).toBe(403);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM adverts").first<{ n: number }>()).toEqual(before);
    const entry = await env.DB.prepare("SELECT status, detail FROM admin_audit_log WHERE actor = ?1").bind(`staff:${identity.ssoID}`).first<{ status: number; detail: string }>();
    expect(entry).toEqual({ status: 403, detail: JSON.stringify({ via: "console", capability: "content.publish" }) });
  });

  it("still answers 404 to a supporter, so the console is not announced", async () => {
    const { b } = await account("supporter");
    for (const c of CALLS) expect((await call(b, c)).status, c.path).toBe(404);
  });
});

describe("console pages by role", () => {
  it("shows support the sections it may open and a 403 page for the others", async () => {
    const { b } = await roleAccount("support", ["support"]);
    const live = await b.fetch("/admin");
    expect(live.status).toBe(200);
    const html = await live.text();
    expect(html).toContain('href="/admin/accounts"');
    expect(html).not.toContain('href="/admin/revenue"');
    expect(html).not.toContain('href="/admin/staff"');
    expect(html).not.toContain('href="/admin/content"');
    for (const path of ["/admin/revenue", "/admin/staff", "/admin/content/adverts", "/admin/audit", "/admin/webhooks"]) {
      const res = await b.fetch(path);
      expect(res.status, path).toBe(403);
      expect(res.headers.get("cache-control"), path).toContain("no-store");
      expect(await res.text(), path).toContain("403 error");
    }
  });

  it("answers a navigation's data request for a section the role lacks with 403", async () => {
    const { b } = await roleAccount("editor", ["editor"]);
    const res = await b.fetch("/admin/revenue", { headers: { "x-route-data": "admin/revenue" } });
    expect(res.status).toBe(403);
  });

  it("shows an editor the content without the web settings, with its controls", async () => {
    const { b } = await roleAccount("editor", ["editor"]);
    const html = await (await b.fetch("/admin/content/adverts")).text();
    expect(html).toContain("New advert");
    expect(html).not.toContain('href="/admin/content/settings"');
    expect((await b.fetch("/admin/content/settings")).status).toBe(403);
  });

  it("shows commerce the content without a control to publish", async () => {
    const { b } = await roleAccount("commerce", ["commerce"]);
    const res = await b.fetch("/admin/content/adverts");
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain("New advert");
  });
});

describe("granting and revoking roles", () => {
  it("grants a role to the account with an e-mail address: the roles before and after in the answer and the audit log; it counts from the next request", async () => {
    const { b: admin, identity: self } = await staffAccount();
    const { b: target, identity } = await account("future-editor");
    expect((await target.fetch("/api/console/content/adverts")).status).toBe(404);

    const res = await grant(admin, ` ${identity.email.toUpperCase()} `, "editor");
    expect(res.status).toBe(200);
    const answer = ((await res.json()) as RoleChangeAnswer).data.attributes;
    expect(answer).toEqual({ ssoID: identity.ssoID, email: identity.email, role: "editor", changed: true, before: [], after: ["editor"] });
    expect(await auditOf(identity.ssoID, "staff.grant")).toEqual([
      { actor: `staff:${self.ssoID}`, status: 200, detail: { via: "console", role: "editor", changed: true, before: [], after: ["editor"] } },
    ]);
    expect(await env.DB.prepare("SELECT granted_by FROM staff_roles WHERE account = ?1").bind(identity.ssoID).first()).toEqual({ granted_by: `staff:${self.ssoID}` });
    expect((await target.fetch("/api/console/content/adverts")).status).toBe(200);

    const list = ((await (await admin.fetch("/api/console/staff")).json()) as { data: { attributes: StaffList } }).data.attributes;
    expect(list.staff).toContainEqual({ ssoID: identity.ssoID, email: identity.email, displayName: expect.any(String), roles: ["editor"] });

    const revoked = await revoke(admin, identity.ssoID, "editor");
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as RoleChangeAnswer).data.attributes).toMatchObject({ changed: true, before: ["editor"], after: [] });
    expect(await auditOf(identity.ssoID, "staff.revoke")).toEqual([
      { actor: `staff:${self.ssoID}`, status: 200, detail: { via: "console", role: "editor", changed: true, before: ["editor"], after: [] } },
    ]);
    // No role left: the console is a 404 again, and the staff badge follows (the trigger).
    expect((await target.fetch("/api/console/content/adverts")).status).toBe(404);
    expect(await env.DB.prepare("SELECT staff FROM accounts WHERE sso_id = ?1").bind(identity.ssoID).first()).toEqual({ staff: 0 });
  });

  it("refuses a change of one's own roles, a grant as much as a revoke, and audits it", async () => {
    const { b: admin, identity: self } = await staffAccount();
    const own = await grant(admin, self.email, "support");
    expect(own.status).toBe(403);
    expect(await codeOf(own)).toMatchObject([{ code: "SELF_CHANGE_FORBIDDEN" }]);
    const ownRevoke = await revoke(admin, self.ssoID, "administrator");
    expect(ownRevoke.status).toBe(403);
    expect(await codeOf(ownRevoke)).toMatchObject([{ code: "SELF_CHANGE_FORBIDDEN" }]);
    expect(await rolesOf(self.ssoID)).toEqual(["administrator"]);
    expect((await auditOf(self.ssoID, "staff.grant")).map((e) => e.status)).toEqual([403]);
  });

  it("keeps one administrator when two revoke each other at once", async () => {
    // Only these two administrators exist for this test.
    await env.DB.prepare("DELETE FROM staff_roles WHERE role = 'administrator'").run();
    const a = await staffAccount();
    const b = await staffAccount();
    const answers = await Promise.all([revoke(a.b, b.identity.ssoID, "administrator"), revoke(b.b, a.identity.ssoID, "administrator")]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_roles WHERE role = 'administrator'").first<{ n: number }>())?.n).toBe(1);
  });

  it("applies a duplicate grant sent twice at once once: one row, one change", async () => {
    const { b: admin } = await staffAccount();
    const { b: other } = await staffAccount();
    const { identity } = await account("twice");
    const answers = await Promise.all([grant(admin, identity.email, "support"), grant(other, identity.email, "support")]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const changed = await Promise.all(answers.map(async (r) => ((await r.json()) as RoleChangeAnswer).data.attributes.changed));
    expect(changed.sort()).toEqual([false, true]);
    expect(await rolesOf(identity.ssoID)).toEqual(["support"]);
    const audited = await auditOf(identity.ssoID, "staff.grant");
    expect(audited.map((e) => e.detail?.changed).sort()).toEqual([false, true]);
    // The one that changed nothing says so: the same roles before and after.
    expect(audited.find((e) => e.detail?.changed === false)?.detail).toMatchObject({ before: ["support"], after: ["support"] });
  });

  it("names the field that is wrong: an address that is not one, an unknown account, a role that does not exist", async () => {
    const { b: admin } = await staffAccount();
    const bad = await grant(admin, "not-an-address", "nobody");
    expect(bad.status).toBe(400);
    expect((await codeOf(bad)).map((e) => [e.code, e.field])).toEqual([
      ["INVALID_INPUT", "email"],
      ["INVALID_INPUT", "role"],
    ]);
    const unknown = await grant(admin, "nobody-at-all@nowhere.test", "editor");
    expect(unknown.status).toBe(404);
    expect(await codeOf(unknown)).toMatchObject([{ code: "ACCOUNT_NOT_FOUND", field: "email" }]);
    const empty = await admin.fetch("/api/console/staff/grant", { method: "POST", body: "not json" });
    expect(empty.status).toBe(400);
  });
});

describe("the first administrator", () => {
  it("is made through the bearer-token API, which grants the administrator role", async () => {
    const { identity } = await staffAccount();
    expect(await rolesOf(identity.ssoID)).toEqual(["administrator"]);
  });
});
