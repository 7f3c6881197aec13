import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browser } from "./auth-test-app";
import { adminHeaders, CONSOLE_VARS, roleAccount } from "./staff-accounts";

/** The club keeps an administrator whatever door a revoke comes through: the club API refuses like the console. */

const revokeStaff = (ssoID: string) => browser(CONSOLE_VARS).fetch(`/api/admin/accounts/${ssoID}/revoke-staff`, { method: "POST", headers: adminHeaders });
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
