import { z } from "zod";
import { firstOf, firstRow, resultsOf, rowSchema, totalRow } from "../db/rows";
import { claimVersion, isStaleClaim, readVersionStatement, versionOf } from "../db/write-version";
import { REDIRECT_STATUSES, type RedirectStatus, type StoredRedirect } from "../../src/domain/site-redirects";

/**
 * The `redirects` table (migrations/0025_redirects.sql): the console's list and writes, and the
 * one read the worker makes when a page would be a 404 (lookup.ts).
 */
const redirectRow = rowSchema("redirects", {
  id: z.number(),
  from_path: z.string(),
  to_location: z.string(),
  status: z.union(REDIRECT_STATUSES.map((s) => z.literal(s))),
  created_by: z.string(),
  created_at: z.string(),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});

/** A redirect as the console shows it. */
export interface SiteRedirect {
  id: number;
  from: string;
  to: string;
  status: RedirectStatus;
  createdBy: string;
  createdAt: string;
  updatedBy: string | null;
  updatedAt: string | null;
}

const toRedirect = (r: z.infer<typeof redirectRow>): SiteRedirect => ({
  id: r.id,
  from: r.from_path,
  to: r.to_location,
  status: r.status,
  createdBy: r.created_by,
  createdAt: r.created_at,
  updatedBy: r.updated_by,
  updatedAt: r.updated_at,
});

export const REDIRECT_LIST_PAGE = 50;

/** The console's list: by old path, found by a word of either path (`%` and `_` match themselves). */
export async function listRedirects(db: D1Database, q: string, page: number): Promise<{ redirects: SiteRedirect[]; total: number }> {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = "WHERE ?1 = '' OR from_path LIKE ?2 ESCAPE '\\' OR to_location LIKE ?2 ESCAPE '\\'";
  const [rows, count] = await db.batch([
    db.prepare(`SELECT * FROM redirects ${where} ORDER BY from_path LIMIT ?3 OFFSET ?4`).bind(q, like, REDIRECT_LIST_PAGE, page * REDIRECT_LIST_PAGE),
    db.prepare(`SELECT COUNT(*) AS total FROM redirects ${where}`).bind(q, like),
  ]);
  return { redirects: resultsOf(redirectRow, rows).map(toRedirect), total: firstOf(totalRow, count)?.total ?? 0 };
}

export async function redirectById(db: D1Database, id: number): Promise<SiteRedirect | null> {
  const row = await firstRow(redirectRow, db.prepare("SELECT * FROM redirects WHERE id = ?1").bind(id));
  return row ? toRedirect(row) : null;
}

const pairRow = rowSchema("redirect pairs", { id: z.number(), from_path: z.string(), to_location: z.string() });

/**
 * The redirects a write must not chain with: those whose old path is where the new one lands, or
 * whose location may land on the new one's old path (a site path starting with it: '/b?x' and
 * '/b/' land on '/b'). The domain rule then decides exactly (src/domain/site-redirects.ts).
 */
export async function chainCandidates(db: D1Database, from: string, landing: string | null, exceptId: number | null): Promise<{ others: StoredRedirect[]; version: number }> {
  // Read with the redirects' version (one batch, one snapshot): the write claims it, so it lands
  // only if no redirect changed since these were checked (two at once cannot close a loop).
  const [version, rows] = await db.batch([
    readVersionStatement(db, "redirects"),
    db
      .prepare(
        `SELECT id, from_path, to_location FROM redirects
          WHERE (id <> ?3 OR ?3 IS NULL)
            AND (from_path = ?2 OR substr(to_location, 1, length(?1)) = ?1)`,
      )
      .bind(from, landing, exceptId),
  ]);
  const others = z.array(pairRow).parse(rows?.results ?? []).map((r) => ({ id: r.id, from: r.from_path, to: r.to_location }));
  return { others, version: versionOf(version) };
}

export interface RedirectInput {
  from: string;
  to: string;
  status: RedirectStatus;
}

export type WriteOutcome = { kind: "written"; redirect: SiteRedirect } | { kind: "missing" } | { kind: "taken" } | { kind: "stale" };

/** Runs `write` after claiming the redirects' `version`: `stale` when another write came first, `taken` on the unique old path. */
async function claimed(db: D1Database, version: number, write: D1PreparedStatement): Promise<WriteOutcome> {
  try {
    const [, result] = await db.batch([claimVersion(db, "redirects", version), write]);
    const rows = (result?.results ?? []) as unknown[];
    return rows.length > 0 ? { kind: "written", redirect: toRedirect(redirectRow.parse(rows[0])) } : { kind: "missing" };
  } catch (error) {
    if (isStaleClaim(error)) return { kind: "stale" };
    if (/UNIQUE constraint failed/i.test(String(error))) return { kind: "taken" };
    throw error;
  }
}

/** Adds a redirect at the redirects' `version`; `taken` when its old path is taken already (the unique index decides, not a read before). */
export async function insertRedirect(db: D1Database, input: RedirectInput, actor: string, version: number): Promise<WriteOutcome> {
  const outcome = await claimed(
    db,
    version,
    db.prepare("INSERT INTO redirects (from_path, to_location, status, created_by) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (from_path) DO NOTHING RETURNING *").bind(input.from, input.to, input.status, actor),
  );
  return outcome.kind === "missing" ? { kind: "taken" } : outcome;
}

/** Changes a redirect at the redirects' `version`; `taken` when the new old path is another redirect's. */
export async function updateRedirect(db: D1Database, id: number, input: RedirectInput, actor: string, version: number): Promise<WriteOutcome> {
  return claimed(
    db,
    version,
    db
      .prepare(
        `UPDATE redirects SET from_path = ?2, to_location = ?3, status = ?4, updated_by = ?5,
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1 RETURNING *`,
      )
      .bind(id, input.from, input.to, input.status, actor),
  );
}

/** Removes a redirect; the row as it was, or null when there was none. */
export async function deleteRedirect(db: D1Database, id: number): Promise<SiteRedirect | null> {
  const row = await firstRow(redirectRow, db.prepare("DELETE FROM redirects WHERE id = ?1 RETURNING *").bind(id));
  return row ? toRedirect(row) : null;
}

const targetRow = rowSchema("redirect targets", { to_location: z.string(), status: z.union(REDIRECT_STATUSES.map((s) => z.literal(s))) });

/** The redirect from `path` (normalised), if the club made one: one read through the unique index. */
export async function redirectFrom(db: D1Database, path: string): Promise<{ to: string; status: RedirectStatus } | null> {
  const row = await firstRow(targetRow, db.prepare("SELECT to_location, status FROM redirects WHERE from_path = ?1").bind(path));
  return row ? { to: row.to_location, status: row.status } : null;
}
