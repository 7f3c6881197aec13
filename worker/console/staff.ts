import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError, fieldErrorsOf } from "../http/api-error";
import { staffActor, writeAudit } from "../audit/audit-log";
import { requireCapability } from "./capabilities";
import { activeAdministratorCount, changeRole, listStaff, rolesOf } from "../staff/staff-roles";
import { LAST_ADMINISTRATOR_DETAIL, roleChangeRefusal, ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../../src/domain/staff-roles";
import type { RoleChangeAnswer, StaffList, StaffListAnswer } from "../../src/schemas/console-staff";

/**
 * The console's Staff section, mounted in /api/console behind staffOnly, for administrators
 * (`staff.manage`):
 *   GET  /api/console/staff          every account with a role
 *   POST /api/console/staff/grant    { email, role }: the account with that e-mail gets the role
 *   POST /api/console/staff/revoke   { ssoID, role }
 * Nobody changes their own roles (403 SELF_CHANGE_FORBIDDEN), the last active (unblocked)
 * administrator keeps the role (409 LAST_ADMINISTRATOR). Every answer, refusals too, is audited as `staff.grant` or
 * `staff.revoke` with the roles before and after the write.
 */
export async function staffList(db: D1Database): Promise<StaffList> {
  return { staff: await listStaff(db) };
}

const roleField = z.enum(STAFF_ROLES, { error: `Choose a role: ${STAFF_ROLES.map((r) => ROLE_LABELS[r]).join(", ")}` });
const grantBody = z.object({
  email: z.string({ error: "Enter the account's e-mail address" }).trim().toLowerCase().max(254, "An e-mail address is at most 254 characters").pipe(z.email("Enter an e-mail address, like name@example.com")),
  role: roleField,
});
const revokeBody = z.object({ ssoID: z.string({ error: "Name the account" }).min(1).max(128).regex(/^[\w.@:-]+$/, "Not an account id"), role: roleField });

const emailRow = z.object({ sso_id: z.string(), email: z.string(), blocked: z.number() });

/** One role change, start to end: parse, find, the rules, the write, the audit entry, the answer. */
async function roleChange(c: Context<AppEnv>, grant: boolean) {
  const actor = c.get("user");
  if (!actor) throw new ApiError(404, "NOT_FOUND", "No such route");
  const raw: unknown = await c.req.json().catch(() => undefined);
  const action = grant ? "staff.grant" : "staff.revoke";
  let target: string | null = null;
  const audit = (status: number, detail: Record<string, unknown>) =>
    writeAudit(c, { actor: staffActor(actor.ssoID), action, target, status, detail: { via: "console", ...detail } });
  const refuse = async (error: ApiError, detail: Record<string, unknown> = { body: raw }): Promise<never> => {
    await audit(error.status, detail);
    throw error;
  };

  let role: StaffRole;
  let email: string;
  let targetBlocked: boolean;
  if (grant) {
    const body = grantBody.safeParse(raw ?? {});
    if (!body.success) return refuse(ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", fieldErrorsOf(body.error)));
    const found = await c.env.DB.prepare("SELECT sso_id, email, blocked FROM accounts WHERE email = ?1 ORDER BY id LIMIT 2").bind(body.data.email).all();
    const rows = z.array(emailRow).parse(found.results);
    if (rows.length === 0) return refuse(ApiError.fields(404, "ACCOUNT_NOT_FOUND", "No account with that e-mail", [{ field: "email", detail: "No account uses this e-mail address: they sign in once first" }]));
    if (rows.length > 1) return refuse(ApiError.fields(409, "EMAIL_NOT_UNIQUE", "Several accounts use that e-mail", [{ field: "email", detail: "Several accounts use this e-mail address: ask for their account number" }]));
    target = rows[0]!.sso_id;
    email = rows[0]!.email;
    targetBlocked = rows[0]!.blocked === 1;
    role = body.data.role;
  } else {
    const body = revokeBody.safeParse(raw ?? {});
    if (!body.success) return refuse(ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", fieldErrorsOf(body.error)));
    const row = await c.env.DB.prepare("SELECT sso_id, email, blocked FROM accounts WHERE sso_id = ?1").bind(body.data.ssoID).first();
    if (!row) return refuse(new ApiError(404, "ACCOUNT_NOT_FOUND", "No account with that id"));
    target = body.data.ssoID;
    const found = emailRow.parse(row);
    email = found.email;
    targetBlocked = found.blocked === 1;
    role = body.data.role;
  }

  const [targetRoles, activeAdministrators] = await Promise.all([rolesOf(c.env.DB, target), activeAdministratorCount(c.env.DB)]);
  const refusal = roleChangeRefusal({ actor: actor.ssoID, target, role, grant, targetRoles, targetBlocked, activeAdministrators });
  if (refusal === "SELF_CHANGE_FORBIDDEN") {
    return refuse(new ApiError(403, refusal, "Nobody can change their own roles: ask another administrator"), { role, before: targetRoles, after: targetRoles });
  }
  if (refusal === "LAST_ADMINISTRATOR") {
    return refuse(new ApiError(409, refusal, LAST_ADMINISTRATOR_DETAIL), { role, before: targetRoles, after: targetRoles });
  }
  const change = await changeRole(c.env.DB, target, role, grant, staffActor(actor.ssoID));
  // The statement's own guard: another administrator was revoked between the check and the write.
  if (!grant && !change.changed && change.before.includes(role)) {
    return refuse(new ApiError(409, "LAST_ADMINISTRATOR", LAST_ADMINISTRATOR_DETAIL), { role, before: change.before, after: change.after });
  }
  await audit(200, { role, changed: change.changed, before: change.before, after: change.after });
  const answer: RoleChangeAnswer = { data: { attributes: { ssoID: target, email, role, changed: change.changed, before: change.before, after: change.after } } };
  return c.json(answer);
}

export const consoleStaffApi = new Hono<AppEnv>();
consoleStaffApi.use("/staff", requireCapability("staff.manage"));
consoleStaffApi.use("/staff/*", requireCapability("staff.manage"));

consoleStaffApi.get("/staff", async (c) => {
  const answer: StaffListAnswer = { data: { attributes: await staffList(c.env.DB) } };
  return c.json(answer);
});
consoleStaffApi.post("/staff/grant", (c) => roleChange(c, true));
consoleStaffApi.post("/staff/revoke", (c) => roleChange(c, false));
