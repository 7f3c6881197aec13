import { z } from "zod";
import { firstRow, rowSchema } from "../db/rows";

/**
 * Where a sponsor shows in the footer (spec §3 'Sponsor row': rowID, its sponsors; the footer has
 * three rows): the admin API's `rowID` on a sponsor. The sponsor stands in at most one footer row,
 * after the row's other sponsors; `null` takes it out of the footer rows. The row must exist and be
 * a footer row, or the body is refused with a field error like any other.
 */
export const ROW_ID_FIELD = "rowID";
export const rowIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable();

/** null when rowID names a footer sponsor row (or is null), else the field error's detail. */
export async function rowIdProblem(db: D1Database, rowID: number | null): Promise<string | null> {
  if (rowID === null) return null;
  const row = await db.prepare("SELECT id FROM sponsor_rows WHERE id = ?1 AND area = 'footer'").bind(rowID).first();
  return row ? null : "no footer sponsor row by that id";
}

/** Moves the sponsor to that row (last place), or out of every footer row (null); one batch. */
export async function placeSponsor(db: D1Database, sponsorID: number, rowID: number | null): Promise<void> {
  const leave = db
    .prepare("DELETE FROM sponsor_row_sponsors WHERE sponsor_id = ?1 AND row_id IN (SELECT id FROM sponsor_rows WHERE area = 'footer')")
    .bind(sponsorID);
  if (rowID === null) {
    await leave.run();
    return;
  }
  await db.batch([
    leave,
    db
      .prepare("INSERT INTO sponsor_row_sponsors (row_id, sponsor_id, position) SELECT ?1, ?2, COALESCE(MAX(position), -1) + 1 FROM sponsor_row_sponsors WHERE row_id = ?1")
      .bind(rowID, sponsorID),
  ]);
}

const placementRow = rowSchema("sponsor_row_sponsors", { row_id: z.number() });

/** The footer row the sponsor stands in, or null. */
export async function sponsorRowOf(db: D1Database, sponsorID: number): Promise<number | null> {
  const row = await firstRow(
    placementRow,
    db
      .prepare("SELECT rs.row_id FROM sponsor_row_sponsors rs JOIN sponsor_rows r ON r.id = rs.row_id WHERE rs.sponsor_id = ?1 AND r.area = 'footer' ORDER BY r.forced_order, r.id LIMIT 1")
      .bind(sponsorID),
  );
  return row?.row_id ?? null;
}
