import { z } from "zod";
import { allRows, firstRow, rowSchema, stringList } from "../db/rows";

/**
 * The club's grants of access in D1 (migrations/0041_access_grants.sql): each write of
 * `access_grants` is followed, in the same batch, by the rewrite of the account's `granted_access`,
 * which is what the session reads (worker/accounts/accounts.ts userFromRow).
 */
export type GrantSource = "complimentary" | "extension";

const NOW_SQL = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** Rewrites the account's copy of its grants still running or to come (ended ones drop out here too). */
export function refreshGrantedAccess(db: D1Database, accountID: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE accounts SET granted_access = (
         SELECT json_group_array(json_object('entitlement', entitlement, 'startsAt', starts_at, 'endsAt', ends_at)) FROM (
           SELECT entitlement, starts_at, ends_at FROM access_grants
            WHERE account_id = ?1 AND revoked_at IS NULL AND ends_at > ${NOW_SQL} ORDER BY id)),
         updated_at = ${NOW_SQL}
       WHERE id = ?1`,
    )
    .bind(accountID);
}

export interface NewGrant {
  accountID: number;
  entitlements: readonly string[];
  startsAt: string;
  endsAt: string;
  source: GrantSource;
  reason: string;
  grantedBy: string;
}

/** Stores one row per entitlement and refreshes the account, in one batch; answers the new rows' ids. */
export async function insertGrants(db: D1Database, grant: NewGrant): Promise<number[]> {
  const inserts = grant.entitlements.map((entitlement) =>
    db
      .prepare("INSERT INTO access_grants (account_id, entitlement, starts_at, ends_at, source, reason, granted_by) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING id")
      .bind(grant.accountID, entitlement, grant.startsAt, grant.endsAt, grant.source, grant.reason, grant.grantedBy),
  );
  const results = await db.batch([...inserts, refreshGrantedAccess(db, grant.accountID)]);
  return results.slice(0, inserts.length).map((r) => (r.results[0] as { id: number }).id);
}

export const grantRow = rowSchema("access_grants", {
  id: z.number(),
  entitlement: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  source: z.string(),
  reason: z.string(),
  granted_by: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  revoked_by: z.string().nullable(),
});
export type GrantRow = z.infer<typeof grantRow>;

export const GRANTS_SHOWN = 50;
/** The account's grants, newest first (by its index: account_id). */
export const GRANTS_SQL = `SELECT id, entitlement, starts_at, ends_at, source, reason, granted_by, created_at, revoked_at, revoked_by
  FROM access_grants WHERE account_id = ?1 ORDER BY id DESC LIMIT ${GRANTS_SHOWN}`;

export function grantOf(db: D1Database, accountID: number, grantID: number): Promise<GrantRow | null> {
  return firstRow(grantRow, db.prepare(`SELECT * FROM access_grants WHERE id = ?1 AND account_id = ?2`).bind(grantID, accountID));
}

/**
 * Ends a grant now, if it is still running or to come; null when it had already ended or been
 * revoked (the state moved: the caller answers 409). The account is refreshed in the same batch.
 */
export async function revokeGrant(db: D1Database, accountID: number, grantID: number, by: string): Promise<GrantRow | null> {
  const [updated] = await db.batch([
    db
      .prepare(`UPDATE access_grants SET revoked_at = ${NOW_SQL}, revoked_by = ?3 WHERE id = ?1 AND account_id = ?2 AND revoked_at IS NULL AND ends_at > ${NOW_SQL} RETURNING *`)
      .bind(grantID, accountID, by),
    refreshGrantedAccess(db, accountID),
  ]);
  const row = updated?.results[0];
  return row ? grantRow.parse(row) : null;
}

/** The codes the club's packages grant (active prices of active packages): what a grant may give. */
export async function grantableEntitlements(db: D1Database): Promise<string[]> {
  const rows = await allRows(
    rowSchema("grantable codes", { codes: z.string().nullable() }),
    db.prepare(
      `SELECT json_group_array(DISTINCT e.value) AS codes FROM prices pr JOIN packages p ON p.id = pr.package_id, json_each(pr.entitlements) e
        WHERE pr.active = 1 AND p.active = 1`,
    ),
  );
  return stringList(rows[0]?.codes ?? "[]").sort();
}
