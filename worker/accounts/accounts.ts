import { z } from "zod";
import type { Identity, SessionUser } from "./identity";
import { displayNameOf } from "./identity";
import { liveEntitlements, parseEntitlementEnds } from "../../src/domain/entitlement-ends";
import { grantedEntitlements, parseGrantedAccess } from "../../src/domain/access-grants";
import { allRows, firstOf, firstRow, rowSchema, totalRow } from "../db/rows";
import { initialRolesStatement, keepsAnAdministratorSql } from "../staff/staff-roles";
import type { StaffRole } from "../../src/domain/staff-roles";

/**
 * Rovers Accounts in D1 (table `accounts`, migrations/0002_accounts.sql): one row per ssoID,
 * created on first sign-in. Entitlements, the payment customer and the blocked/bypassed flags
 * are the site's own data; the login token only says who the user is.
 */
export const accountShape = {
  id: z.number(),
  sso_id: z.string(),
  email: z.string(),
  display_name: z.string(),
  entitlements: z.string(),
  /** granted by payments (migrations/0007_payments.sql); recomputed by the Stripe webhook */
  paid_entitlements: z.string(),
  /** when paid entitlements end unless renewed (migrations/0011_paid_entitlement_ends.sql) */
  paid_entitlement_ends: z.string(),
  /** the club's grants not yet ended, by time (migrations/0041_access_grants.sql) */
  granted_access: z.string(),
  stripe_customer_id: z.string().nullable(),
  blocked: z.number(),
  blocked_reason: z.string().nullable(),
  bypassed: z.number(),
  /** site sessions issued before this time (unix ms) are signed out (migrations/0013_sessions_valid_after.sql) */
  sessions_valid_after: z.number().nullable(),
  /** 1 while the account holds a staff role (kept by trigger from `staff_roles`, migrations/0022_staff_roles.sql) */
  staff: z.number(),
  /** YYYY-MM-DD where the sign-in service sent one (migrations/0047_match_extras_birthdates.sql) */
  birthdate: z.string().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
};
export const accountRow = rowSchema("accounts", accountShape);
export type AccountRow = z.infer<typeof accountRow>;

const entitlementsSchema = z.array(z.string());

export function parseEntitlements(json: string): string[] {
  try {
    const parsed = entitlementsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function userFromRow(row: AccountRow): SessionUser {
  const blocked = row.blocked === 1;
  return {
    ssoID: row.sso_id,
    email: row.email,
    displayName: row.display_name,
    // What the club set plus what payments granted: a webhook never touches the club's own list.
    // Paid ones past the end of a subscription cancelled at period end are gone even before
    // Stripe's deletion event arrives. The club's grants (complimentary access, extensions) count
    // from their start to their end, read by time: nothing has to run for one to start or end.
    entitlements: [
      ...new Set([
        ...parseEntitlements(row.entitlements),
        ...liveEntitlements(parseEntitlements(row.paid_entitlements), parseEntitlementEnds(row.paid_entitlement_ends), Date.now()),
        ...grantedEntitlements(parseGrantedAccess(row.granted_access), Date.now()),
      ]),
    ],
    stripeCustomerID: row.stripe_customer_id ?? "",
    bypassed: row.bypassed === 1,
    blocked,
    blockedReason: blocked ? (row.blocked_reason === "country" ? "country" : "administrator") : null,
  };
}

/** What a new account starts with (the dev portal's demo fixture; everyone else: nothing). */
export interface InitialAccountData {
  entitlements: string[];
  bypassed: boolean;
  blocked: boolean;
  /** staff roles (the demo data's staff@rovers.test, editor@rovers.test…) */
  staffRoles?: readonly StaffRole[];
}

const NOW_SQL = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/**
 * Creates the account on first sign-in, or refreshes its email, name and date of birth from the
 * portal (a sign-in without a date of birth keeps the one known). The
 * initial data applies only when the row is created: later sign-ins never overwrite what the
 * club (admin API, payments) has changed since.
 */
export async function upsertAccountOnSignIn(db: D1Database, identity: Identity, initial?: InitialAccountData): Promise<SessionUser & { birthdate: string | null }> {
  const start = initial ?? { entitlements: [], bypassed: false, blocked: false };
  const upsert = db
    .prepare(
      `INSERT INTO accounts (sso_id, email, display_name, entitlements, bypassed, blocked, blocked_reason, birthdate)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
       ON CONFLICT (sso_id) DO UPDATE SET
         email = excluded.email,
         display_name = excluded.display_name,
         birthdate = COALESCE(excluded.birthdate, accounts.birthdate),
         updated_at = ${NOW_SQL}
       RETURNING *`,
    )
    .bind(
      identity.ssoID,
      identity.email,
      displayNameOf(identity),
      JSON.stringify(start.entitlements),
      start.bypassed ? 1 : 0,
      start.blocked ? 1 : 0,
      start.blocked ? "administrator" : null,
      identity.birthdate ?? null,
    );
  const row = await firstRow(accountRow, upsert);
  if (!row) throw new Error("account upsert returned no row");
  // Created by this statement (one statement's 'now' is one instant; a later sign-in moves
  // updated_at): only then do the initial roles apply, so a role revoked later stays revoked.
  if (start.staffRoles?.length && row.created_at === row.updated_at) {
    await initialRolesStatement(db, identity.ssoID, start.staffRoles).run();
  }
  return { ...userFromRow(row), birthdate: row.birthdate ?? null };
}

export async function findAccount(db: D1Database, ssoID: string): Promise<AccountRow | null> {
  return firstRow(accountRow, db.prepare("SELECT * FROM accounts WHERE sso_id = ?1").bind(ssoID));
}

/**
 * Blocks or unblocks the account. A block of the last active administrator is refused
 * (LastAdministratorError) in the UPDATE itself: a blocked administrator cannot sign in, so the club
 * would be left with nobody to grant roles.
 */
export async function setBlocked(
  db: D1Database,
  ssoID: string,
  blocked: boolean,
  reason: "administrator" | "country" = "administrator",
): Promise<AccountRow | null> {
  const guard = blocked ? `AND ${keepsAnAdministratorSql("?1")}` : "";
  const [updated, read] = await db.batch([
    db.prepare(`UPDATE accounts SET blocked = ?2, blocked_reason = ?3, updated_at = ${NOW_SQL} WHERE sso_id = ?1 ${guard} RETURNING *`).bind(ssoID, blocked ? 1 : 0, blocked ? reason : null),
    db.prepare("SELECT * FROM accounts WHERE sso_id = ?1").bind(ssoID),
  ]);
  const row = firstOf(accountRow, read);
  if (row && (updated?.results.length ?? 0) === 0) throw new LastAdministratorError();
  return row;
}

export async function setBypassed(db: D1Database, ssoID: string, bypassed: boolean): Promise<AccountRow | null> {
  return firstRow(accountRow, db.prepare(`UPDATE accounts SET bypassed = ?2, updated_at = ${NOW_SQL} WHERE sso_id = ?1 RETURNING *`).bind(ssoID, bypassed ? 1 : 0));
}

/**
 * The bearer-token API's way in to the console (how the club's first administrator is made):
 * grant is the administrator role, revoke every role. The console's own Staff screen grants and
 * revokes one role at a time (worker/console/staff.ts). The next request of that account sees it.
 */
export async function setStaff(db: D1Database, ssoID: string, staff: boolean): Promise<AccountRow | null> {
  if (!staff) return revokeStaff(db, ssoID);
  const grant = db
    .prepare("INSERT INTO staff_roles (account, role, granted_by) SELECT sso_id, 'administrator', 'admin-api' FROM accounts WHERE sso_id = ?1 ON CONFLICT (account, role) DO NOTHING")
    .bind(ssoID);
  const [, read] = await db.batch([grant, db.prepare("SELECT * FROM accounts WHERE sso_id = ?1").bind(ssoID)]);
  return firstOf(accountRow, read);
}

/** Thrown when a change would leave the club without an active administrator (the rule: leavesNoAdministrator, src/domain/staff-roles.ts). */
export class LastAdministratorError extends Error {
  constructor() {
    super("LAST_ADMINISTRATOR");
  }
}

const heldAdministrator = rowSchema("administrator held", { held: z.number() });

/**
 * Removes every role of the account, unless it is the last active administrator: the guard is in
 * the DELETE itself, so two revokes at once cannot both pass a check made before them.
 */
async function revokeStaff(db: D1Database, ssoID: string): Promise<AccountRow | null> {
  const [held, removed, read] = await db.batch([
    db.prepare("SELECT COUNT(*) AS held FROM staff_roles WHERE account = ?1").bind(ssoID),
    db.prepare(`DELETE FROM staff_roles WHERE account = ?1 AND ${keepsAnAdministratorSql("?1")}`).bind(ssoID),
    db.prepare("SELECT * FROM accounts WHERE sso_id = ?1").bind(ssoID),
  ]);
  if ((firstOf(heldAdministrator, held)?.held ?? 0) > 0 && (removed?.meta.changes ?? 0) === 0) throw new LastAdministratorError();
  return firstOf(accountRow, read);
}

/** Whether an account holds any staff role. */
export const isStaff = (row: Pick<AccountRow, "staff">): boolean => row.staff === 1;

/**
 * Signs the account out everywhere: every site session cookie issued before `nowMs`
 * stops counting (the session middleware compares its issue time with `sessions_valid_after`),
 * and the provider sessions that could refresh them are forgotten, in one batch. Answers the
 * account, or null when there is none.
 */
export async function signOutEverywhere(db: D1Database, ssoID: string, nowMs = Date.now()): Promise<AccountRow | null> {
  const [updated] = await db.batch([
    db
      .prepare(`UPDATE accounts SET sessions_valid_after = MAX(COALESCE(sessions_valid_after, 0), ?2), updated_at = ${NOW_SQL} WHERE sso_id = ?1 RETURNING *`)
      .bind(ssoID, nowMs),
    db.prepare("DELETE FROM provider_sessions WHERE sso_id = ?1").bind(ssoID),
  ]);
  return firstOf(accountRow, updated);
}

export async function listAccounts(
  db: D1Database,
  options: { limit: number; offset: number; query?: string | undefined; blocked?: boolean | undefined; bypassed?: boolean | undefined },
): Promise<{ rows: AccountRow[]; total: number }> {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (options.query) {
    params.push(`%${options.query.toLowerCase().replace(/[%_\\]/g, (m) => `\\${m}`)}%`);
    const p = `?${params.length}`;
    where.push(`(lower(email) LIKE ${p} ESCAPE '\\' OR lower(sso_id) LIKE ${p} ESCAPE '\\' OR lower(display_name) LIKE ${p} ESCAPE '\\')`);
  }
  if (options.blocked !== undefined) {
    params.push(options.blocked ? 1 : 0);
    where.push(`blocked = ?${params.length}`);
  }
  if (options.bypassed !== undefined) {
    params.push(options.bypassed ? 1 : 0);
    where.push(`bypassed = ?${params.length}`);
  }
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const [rows, count] = await Promise.all([
    allRows(
      accountRow,
      db
        .prepare(`SELECT * FROM accounts ${clause} ORDER BY id LIMIT ?${params.length + 1} OFFSET ?${params.length + 2}`)
        .bind(...params, options.limit, options.offset),
    ),
    firstRow(totalRow, db.prepare(`SELECT COUNT(*) AS total FROM accounts ${clause}`).bind(...params)),
  ]);
  return { rows, total: count?.total ?? 0 };
}
