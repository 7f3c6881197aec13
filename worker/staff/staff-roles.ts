import { z } from "zod";
import { allRows, firstOf, firstRow, rowSchema, totalRow } from "../db/rows";
import { parseRoles, STAFF_ROLES, type StaffRole } from "../../src/domain/staff-roles";

/**
 * Staff roles in D1 (`staff_roles`, migrations/0022_staff_roles.sql): one row per account and
 * role. The session middleware reads an account's roles in the query that already reads its
 * row (worker/auth/session-middleware.ts, ROLES_OF_ACCOUNT_SQL), so holding a role costs no read.
 * `accounts.staff` follows the rows by trigger: 1 while the account holds any role.
 */
export const ROLES_OF_ACCOUNT_SQL = "SELECT group_concat(role) FROM staff_roles WHERE account = a.sso_id";

/** Administrators whose account is not blocked: the ones who can still sign in and grant roles. */
const ACTIVE_ADMINISTRATORS_SQL = "SELECT COUNT(*) FROM staff_roles r JOIN accounts a ON a.sso_id = r.account WHERE r.role = 'administrator' AND a.blocked = 0";

/**
 * The statement-level form of leavesNoAdministrator (src/domain/staff-roles.ts), for the WHERE of a
 * write that blocks account `param` or takes its administrator role: true when it may go ahead. In
 * the write itself, so two such writes at once cannot both pass a check made before them.
 */
export const keepsAnAdministratorSql = (param: string) =>
  `(NOT EXISTS (SELECT 1 FROM staff_roles r JOIN accounts a ON a.sso_id = r.account WHERE r.account = ${param} AND r.role = 'administrator' AND a.blocked = 0)
    OR (${ACTIVE_ADMINISTRATORS_SQL}) > 1)`;

const ROLES_SQL = "SELECT group_concat(role) AS roles FROM staff_roles WHERE account = ?1";
const roleRow = rowSchema("staff roles", { roles: z.string().nullable() });

export async function rolesOf(db: D1Database, ssoID: string): Promise<StaffRole[]> {
  const row = await firstRow(roleRow, db.prepare(ROLES_SQL).bind(ssoID));
  return parseRoles(row?.roles);
}

export interface RoleChange {
  /** the account's roles just before and just after the statement, read in its transaction */
  before: StaffRole[];
  after: StaffRole[];
  /** false: nothing to do (the role was held already, or was not held), or the last administrator kept */
  changed: boolean;
}

/**
 * Grants or revokes one role, with the roles before and after read in the same batch (one D1
 * transaction), so what the audit log says is exactly what this write did. A grant is an INSERT …
 * ON CONFLICT DO NOTHING: two administrators granting the same role at once write one row, and
 * only one of them sees a change. An administrator's revoke keeps one active administrator in the same
 * statement, so two administrators revoking each other at once cannot leave the club with none.
 */
export async function changeRole(db: D1Database, ssoID: string, role: StaffRole, grant: boolean, actor: string): Promise<RoleChange> {
  const write = grant
    ? db.prepare("INSERT INTO staff_roles (account, role, granted_by) VALUES (?1, ?2, ?3) ON CONFLICT (account, role) DO NOTHING").bind(ssoID, role, actor)
    : db
        .prepare(
          `DELETE FROM staff_roles WHERE account = ?1 AND role = ?2
              AND (?2 <> 'administrator' OR ${keepsAnAdministratorSql("?1")})`,
        )
        .bind(ssoID, role);
  const [before, written, after] = await db.batch([db.prepare(ROLES_SQL).bind(ssoID), write, db.prepare(ROLES_SQL).bind(ssoID)]);
  return {
    before: parseRoles(firstOf(roleRow, before)?.roles),
    after: parseRoles(firstOf(roleRow, after)?.roles),
    changed: (written?.meta.changes ?? 0) > 0,
  };
}

export async function activeAdministratorCount(db: D1Database): Promise<number> {
  const row = await firstRow(totalRow, db.prepare(`${ACTIVE_ADMINISTRATORS_SQL.replace("SELECT COUNT(*)", "SELECT COUNT(*) AS total")}`));
  return row?.total ?? 0;
}

const staffRow = rowSchema("staff with their roles", {
  sso_id: z.string(),
  email: z.string(),
  display_name: z.string(),
  roles: z.string(),
});

export interface StaffMember {
  ssoID: string;
  email: string;
  displayName: string;
  roles: StaffRole[];
}

/** Every account holding a role (a club has a handful), by e-mail. */
export async function listStaff(db: D1Database): Promise<StaffMember[]> {
  const rows = await allRows(
    staffRow,
    db.prepare(
      `SELECT a.sso_id, a.email, a.display_name, group_concat(r.role) AS roles
         FROM staff_roles r JOIN accounts a ON a.sso_id = r.account
        GROUP BY a.sso_id ORDER BY a.email`,
    ),
  );
  return rows.map((r) => ({ ssoID: r.sso_id, email: r.email, displayName: r.display_name, roles: parseRoles(r.roles) }));
}

/**
 * The roles an account starts with, written once when the account is created (the demo accounts).
 * `WHERE true`: without it SQLite reads the upsert's ON as a join constraint of json_each.
 */
export function initialRolesStatement(db: D1Database, ssoID: string, roles: readonly StaffRole[]): D1PreparedStatement {
  return db
    .prepare("INSERT INTO staff_roles (account, role, granted_by) SELECT ?1, value, 'demo-data' FROM json_each(?2) WHERE true ON CONFLICT (account, role) DO NOTHING")
    .bind(ssoID, JSON.stringify(roles.filter((r) => STAFF_ROLES.includes(r))));
}
