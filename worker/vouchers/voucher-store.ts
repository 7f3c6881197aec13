import { z } from "zod";
import { allRows, firstOf, firstRow, rowSchema, stringList } from "../db/rows";
import { refreshGrantedAccess } from "../accounts/access-grants";
import { groupedCode, voucherRefusal, voucherStatus, voucherWindow, type VoucherRefusal } from "../../src/domain/vouchers";
import type { GrantableEntitlement, VoucherBatch, VoucherCodeView } from "../../src/schemas/console-vouchers";

/**
 * Vouchers in D1 (migrations/0043_vouchers.sql): batches and their codes, written by the console
 * (worker/console/vouchers.ts) and redeemed by supporters (./redeem-routes.ts). A redemption is a
 * grant of access_grants with source 'voucher', so the session folds it in by time as it does the
 * club's complimentary access (src/domain/access-grants.ts): held at the next request, ended by
 * itself.
 */
const NOW_SQL = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

const batchRow = rowSchema("voucher_batches with counts", {
  id: z.number(),
  name: z.string(),
  entitlements: z.string(),
  period_days: z.number(),
  redeem_by: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  issued: z.number(),
  redeemed: z.number(),
});

const BATCH_SELECT = `SELECT b.id, b.name, b.entitlements, b.period_days, b.redeem_by, b.created_by, b.created_at, b.revoked_at,
    (SELECT COUNT(*) FROM voucher_codes c WHERE c.batch_id = b.id) AS issued,
    (SELECT COUNT(*) FROM voucher_codes c WHERE c.batch_id = b.id AND c.redeemed_at IS NOT NULL) AS redeemed
  FROM voucher_batches b`;

function toBatch(row: z.infer<typeof batchRow>): VoucherBatch {
  return {
    id: row.id,
    name: row.name,
    entitlements: stringList(row.entitlements),
    periodDays: row.period_days,
    redeemBy: row.redeem_by,
    createdBy: row.created_by,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    issued: row.issued,
    redeemed: row.redeemed,
  };
}

export const BATCHES_SHOWN = 100;

/** The latest batches first, each with how many codes it issued and how many were redeemed. */
export async function batchList(db: D1Database): Promise<VoucherBatch[]> {
  return (await allRows(batchRow, db.prepare(`${BATCH_SELECT} ORDER BY b.id DESC LIMIT ${BATCHES_SHOWN}`))).map(toBatch);
}

export async function batchById(db: D1Database, id: number): Promise<VoucherBatch | null> {
  const row = await firstRow(batchRow, db.prepare(`${BATCH_SELECT} WHERE b.id = ?1`).bind(id));
  return row ? toBatch(row) : null;
}

const codeRow = rowSchema("voucher_codes with the redeeming account", {
  code: z.string(),
  redeemed_at: z.string().nullable(),
  email: z.string().nullable(),
  sso_id: z.string().nullable(),
});

/** A batch's codes in the order they were made, each with its state and who redeemed it. */
export async function batchCodes(db: D1Database, batch: VoucherBatch, nowMs: number): Promise<VoucherCodeView[]> {
  const rows = await allRows(
    codeRow,
    db.prepare("SELECT c.code, c.redeemed_at, a.email, a.sso_id FROM voucher_codes c LEFT JOIN accounts a ON a.id = c.redeemed_by WHERE c.batch_id = ?1 ORDER BY c.id").bind(batch.id),
  );
  return rows.map((r) => ({
    code: groupedCode(r.code),
    status: voucherStatus({ redeemedAt: r.redeemed_at, revokedAt: batch.revokedAt, redeemBy: batch.redeemBy }, nowMs),
    redeemedBy: r.email,
    redeemedBySsoID: r.sso_id,
    redeemedAt: r.redeemed_at,
  }));
}

export interface NewBatch {
  name: string;
  entitlements: readonly string[];
  periodDays: number;
  redeemBy: string;
  createdBy: string;
  codes: readonly string[];
}

/**
 * The batch and all its codes in one D1 batch (one transaction): all of them or none. The codes go
 * in one statement, read from a JSON array (one bound value, however many codes), under the id the
 * batch's own INSERT has just taken: nothing else writes between the two inside the transaction.
 */
export async function createBatch(db: D1Database, batch: NewBatch): Promise<number> {
  const [inserted] = await db.batch([
    db
      .prepare("INSERT INTO voucher_batches (name, entitlements, period_days, redeem_by, created_by) VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id")
      .bind(batch.name, JSON.stringify(batch.entitlements), batch.periodDays, batch.redeemBy, batch.createdBy),
    db.prepare("INSERT INTO voucher_codes (batch_id, code) SELECT (SELECT MAX(id) FROM voucher_batches), j.value FROM json_each(?1) j").bind(JSON.stringify(batch.codes)),
  ]);
  return firstOf(rowSchema("voucher_batches RETURNING id", { id: z.number() }), inserted)!.id;
}

/** Revokes the batch's unused codes (sets the batch's revoked_at once); false when it already was. */
export async function revokeBatch(db: D1Database, id: number, by: string): Promise<boolean> {
  const result = await db.prepare(`UPDATE voucher_batches SET revoked_at = ${NOW_SQL}, revoked_by = ?2 WHERE id = ?1 AND revoked_at IS NULL`).bind(id, by).run();
  return result.meta.changes > 0;
}

const lookupRow = rowSchema("a voucher code with its batch", {
  id: z.number(),
  redeemed_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  redeem_by: z.string(),
  period_days: z.number(),
  entitlements: z.string(),
  name: z.string(),
});

const lookup = (db: D1Database, code: string) =>
  firstRow(
    lookupRow,
    db
      .prepare("SELECT c.id, c.redeemed_at, b.revoked_at, b.redeem_by, b.period_days, b.entitlements, b.name FROM voucher_codes c JOIN voucher_batches b ON b.id = c.batch_id WHERE c.code = ?1")
      .bind(code),
  );

export type Redemption = { ok: true; entitlements: string[]; startsAt: string; endsAt: string } | { ok: false; refusal: VoucherRefusal };

/**
 * Redeems `code` (its stored form) for the account. One D1 batch, one transaction: the code is
 * claimed by a conditional UPDATE (unused, its batch neither revoked nor past its redeem-by date),
 * then the grants are inserted only for a code this account holds without a grant yet, the code
 * is pointed at its first grant, and the account's granted_access is rewritten. Of two requests
 * racing for one code, the second finds it claimed and gets nothing: it is answered as used.
 */
export async function redeemVoucher(db: D1Database, accountID: number, code: string, nowMs: number): Promise<Redemption> {
  const found = await lookup(db, code);
  const refusal = voucherRefusal(found && { redeemedAt: found.redeemed_at, revokedAt: found.revoked_at, redeemBy: found.redeem_by }, nowMs);
  if (refusal || !found) return { ok: false, refusal: refusal ?? "VOUCHER_UNKNOWN" };
  const window = voucherWindow(found.period_days, nowMs);
  const now = window.startsAt;
  const reason = `Voucher ${groupedCode(code)} (${found.name})`;
  const [claimed] = await db.batch([
    db
      .prepare(
        `UPDATE voucher_codes SET redeemed_by = ?2, redeemed_at = ?3
          WHERE id = ?1 AND redeemed_at IS NULL
            AND batch_id IN (SELECT id FROM voucher_batches WHERE revoked_at IS NULL AND redeem_by > ?3)
          RETURNING id`,
      )
      .bind(found.id, accountID, now),
    db
      .prepare(
        `INSERT INTO access_grants (account_id, entitlement, starts_at, ends_at, source, reason, granted_by)
         SELECT ?2, e.value, ?3, ?4, 'voucher', ?5, b.created_by
           FROM voucher_codes c JOIN voucher_batches b ON b.id = c.batch_id, json_each(b.entitlements) e
          WHERE c.id = ?1 AND c.redeemed_by = ?2 AND c.redeemed_at = ?3 AND c.grant_id IS NULL`,
      )
      .bind(found.id, accountID, now, window.endsAt, reason),
    db
      .prepare(
        `UPDATE voucher_codes SET grant_id = (SELECT MIN(id) FROM access_grants WHERE account_id = ?2 AND source = 'voucher' AND starts_at = ?3 AND reason = ?4)
          WHERE id = ?1 AND redeemed_by = ?2 AND redeemed_at = ?3 AND grant_id IS NULL`,
      )
      .bind(found.id, accountID, now, reason),
    refreshGrantedAccess(db, accountID),
  ]);
  if ((claimed?.results.length ?? 0) === 0) {
    // Taken (or revoked, or expired) between the read and the claim: say what it is now.
    const again = await lookup(db, code);
    const now2 = voucherRefusal(again && { redeemedAt: again.redeemed_at, revokedAt: again.revoked_at, redeemBy: again.redeem_by }, Date.now());
    return { ok: false, refusal: now2 ?? "VOUCHER_USED" };
  }
  return { ok: true, entitlements: stringList(found.entitlements), ...window };
}

const titleRow = rowSchema("grantable codes with titles", { code: z.string(), title: z.string() });

/**
 * Each code the club's packages grant (active prices of active packages) with the title of the
 * first package that grants it, in the packages' order: what a batch may grant, and how the site
 * names what a voucher gave.
 */
export async function grantableTitles(db: D1Database): Promise<GrantableEntitlement[]> {
  const rows = await allRows(
    titleRow,
    db.prepare(
      `SELECT e.value AS code, p.title FROM packages p JOIN prices pr ON pr.package_id = p.id, json_each(pr.entitlements) e
        WHERE pr.active = 1 AND p.active = 1 ORDER BY p.order_position, p.id, pr.position`,
    ),
  );
  const seen = new Map<string, string>();
  for (const r of rows) if (!seen.has(r.code)) seen.set(r.code, r.title);
  return [...seen].map(([code, title]) => ({ code, title })).sort((a, b) => a.code.localeCompare(b.code));
}

/** The package titles of `codes` (any package, active or not: a voucher may outlive its package's sale); a code without one is itself. */
export async function titlesOf(db: D1Database, codes: readonly string[]): Promise<{ entitlement: string; title: string }[]> {
  const rows = await allRows(
    titleRow,
    db.prepare(
      `SELECT e.value AS code, p.title FROM packages p JOIN prices pr ON pr.package_id = p.id, json_each(pr.entitlements) e
        WHERE e.value IN (SELECT value FROM json_each(?1)) ORDER BY p.active DESC, p.order_position, p.id`,
    ).bind(JSON.stringify(codes)),
  );
  const titles = new Map<string, string>();
  for (const r of rows) if (!titles.has(r.code)) titles.set(r.code, r.title);
  return codes.map((entitlement) => ({ entitlement, title: titles.get(entitlement) ?? entitlement }));
}
