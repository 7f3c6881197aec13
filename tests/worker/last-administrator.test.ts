import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browser } from "./auth-test-app";
import { adminHeaders, CONSOLE_VARS, roleAccount } from "./staff-accounts";

/**
 * The club keeps an active (unblocked) administrator whatever door a change comes through: a revoke
 * or a block, through the club API or the console.
 */

const revokeStaff = (ssoID: string) => browser(CONSOLE_VARS).fetch(`/api/admin/accounts/${ssoID}/revoke-staff`, { method: "POST", headers: adminHeaders });
const post = (path: string, body?: unknown): RequestInit => ({ method: "POST", headers: { "content-type": "application/json", ...adminHeaders }, body: JSON.stringify(body ?? {}) });
const blockedOf = async (ssoID: string) => (await env.DB.prepare("SELECT blocked FROM accounts WHERE sso_id = ?1").bind(ssoID).first<{ blocked: number }>())?.blocked;
/** Leaves `keep` as the club's only administrator. */
const onlyAdministrator = (keep: string) => env.DB.prepare("DELETE FROM staff_roles WHERE role = 'administrator' AND account <> ?1").bind(keep).run();
const rolesOf = async (ssoID: string) =>
  (await env.DB.prepare("SELECT role FROM staff_roles WHERE account = ?1 ORDER BY role").bind(ssoID).all<{ role: string }>()).results.map((r) => r.role);

describe("the club API's revoke-staff and the last administrator", () => {
  it("refuses 409 LAST_ADMINISTRATOR for the only administrator, keeps every role, audits the refusal; allows it once another exists", async () => {
    const { identity: only } = await roleAccount("only-admin", ["administrator", "editor"]);
    await env.DB.prepare("DELETE FROM staff_roles WHERE role = 'administrator' AND account <> ?1").bind(only.ssoID).run();

    const refused = await revokeStaff(only.ssoID);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      errors: [{ code: "LAST_ADMINISTRATOR", detail: "This is the last administrator: grant the role to someone else first" }],
    });
    expect(await rolesOf(only.ssoID)).toEqual(["administrator", "editor"]);
    const audited = await env.DB.prepare("SELECT action, status FROM admin_audit_log WHERE target = ?1 ORDER BY id DESC LIMIT 1").bind(only.ssoID).first();
    expect(audited).toEqual({ action: "accounts.revoke-staff", status: 409 });

    // A member without the administrator role is revoked as before while one administrator remains.
    const { identity: editor } = await roleAccount("plain-editor", ["editor"]);
    expect((await revokeStaff(editor.ssoID)).status).toBe(200);
    expect(await rolesOf(editor.ssoID)).toEqual([]);

    const { identity: second } = await roleAccount("second-admin", ["administrator"]);
    const allowed = await revokeStaff(only.ssoID);
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toMatchObject({ data: { attributes: { staff: false } } });
    expect(await rolesOf(only.ssoID)).toEqual([]);
    expect((await revokeStaff(second.ssoID)).status).toBe(409);
  });
});

describe("blocking the last active administrator", () => {
  const lastAdministrator = { errors: [{ code: "LAST_ADMINISTRATOR", detail: "This is the last administrator: grant the role to someone else first" }] };

  it("the club API refuses to block the only active administrator (409), blocks nothing, and allows it once another is active", async () => {
    const { identity: only } = await roleAccount("block-only", ["administrator"]);
    await onlyAdministrator(only.ssoID);
    const b = browser(CONSOLE_VARS);
    for (const reason of ["administrator", "country"]) {
      const refused = await b.fetch(`/api/admin/accounts/${only.ssoID}/block`, post("", { reason }));
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual(lastAdministrator);
      expect(await blockedOf(only.ssoID)).toBe(0);
    }
    // A second administrator who is blocked is not active: still refused.
    const { identity: blockedAdmin } = await roleAccount("block-blocked", ["administrator"]);
    await env.DB.prepare("UPDATE accounts SET blocked = 1 WHERE sso_id = ?1").bind(blockedAdmin.ssoID).run();
    expect((await b.fetch(`/api/admin/accounts/${only.ssoID}/block`, post(""))).status).toBe(409);
    // …and the only active administrator keeps their rights through revoke-staff too.
    expect((await revokeStaff(only.ssoID)).status).toBe(409);
    expect(await rolesOf(only.ssoID)).toEqual(["administrator"]);
    // The blocked one may lose their rights: it leaves the active one.
    expect((await revokeStaff(blockedAdmin.ssoID)).status).toBe(200);
    // A plain supporter is blocked as before.
    const { identity: supporter } = await roleAccount("block-supporter", []);
    expect((await b.fetch(`/api/admin/accounts/${supporter.ssoID}/block`, post(""))).status).toBe(200);
    expect(await blockedOf(supporter.ssoID)).toBe(1);

    await roleAccount("block-second", ["administrator"]);
    expect((await b.fetch(`/api/admin/accounts/${only.ssoID}/block`, post(""))).status).toBe(200);
    expect(await blockedOf(only.ssoID)).toBe(1);
  });

  it("the console refuses to block, or revoke the role of, the only active administrator, and audits the refusal", async () => {
    const { b: support } = await roleAccount("block-support", ["support"]);
    const { identity: only } = await roleAccount("console-only", ["administrator"]);
    await onlyAdministrator(only.ssoID);
    const refused = await support.fetch(`/api/console/accounts/${only.ssoID}/block`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual(lastAdministrator);
    expect(await blockedOf(only.ssoID)).toBe(0);
    const audited = await env.DB.prepare("SELECT action, status FROM admin_audit_log WHERE target = ?1 ORDER BY id DESC LIMIT 1").bind(only.ssoID).first();
    expect(audited).toEqual({ action: "accounts.block", status: 409 });

    // Once a second administrator is active, the block goes through.
    await roleAccount("console-second", ["administrator"]);
    expect((await support.fetch(`/api/console/accounts/${only.ssoID}/block`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(200);
    expect(await blockedOf(only.ssoID)).toBe(1);
  });
});
