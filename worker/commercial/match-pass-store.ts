import { z } from "zod";
import { allRows, firstRow, rowSchema, stringList } from "../db/rows";
import { passEntitlements, streamEntitlements, type CheckedPass } from "../../src/domain/match-pass";
import { priceDisplayOf } from "../../src/domain/money";
import type { ConsoleMatchPass, FixturePassView, MatchStream } from "../../src/schemas/console-match-pass";

/**
 * The console's match passes in D1: a `packages` row of type 'match-pass' for the fixture, its
 * active `prices` row (the Stripe price id, granting `matchpass-{match}`), and the pass code on the
 * match's live streams it opens. Every write is one D1 batch whose statements after the first only
 * act while the package holds the version the first one wrote, so a write that lost a race changes
 * nothing and answers `false` (the console's 409).
 */

const passRow = rowSchema("a console match pass", {
  id: z.string(),
  match_id: z.number(),
  title: z.string(),
  price_id: z.string().nullable(),
  amount_pence: z.number().nullable(),
  on_sale_from: z.string().nullable(),
  on_sale_until: z.string().nullable(),
  stripe_product_id: z.string().nullable(),
  version: z.number(),
  sold: z.number(),
});

const PASS_SELECT = `SELECT p.id, p.match_id, p.title, pr.id AS price_id, pr.amount_pence, p.on_sale_from, p.on_sale_until,
    p.stripe_product_id, p.version,
    (SELECT COUNT(*) FROM purchases u WHERE u.package_id = p.id AND u.status = 'paid') AS sold
  FROM packages p LEFT JOIN prices pr ON pr.package_id = p.id AND pr.active = 1
  WHERE p.package_type = 'match-pass' AND p.active = 1`;

function toPass(r: z.output<typeof passRow>): ConsoleMatchPass {
  return {
    packageId: r.id,
    matchId: r.match_id,
    title: r.title,
    priceId: r.price_id ?? "",
    amountPence: r.amount_pence ?? 0,
    saleFrom: r.on_sale_from,
    saleUntil: r.on_sale_until,
    stripeProductId: r.stripe_product_id,
    sold: r.sold,
    version: r.version,
  };
}

const streamRow = rowSchema("a match's live stream", { id: z.string(), title: z.string(), media_type: z.enum(["audio", "video"]), entitlements: z.string(), match_id: z.number() });

/** Each fixture's pass (if one is on sale) and live streams, for the fixture list. */
export async function passViews(db: D1Database, matchIds: readonly number[]): Promise<Record<number, FixturePassView>> {
  const views: Record<number, FixturePassView> = {};
  if (matchIds.length === 0) return views;
  const ids = JSON.stringify(matchIds);
  const [passes, streams] = await Promise.all([
    allRows(passRow, db.prepare(`${PASS_SELECT} AND p.match_id IN (SELECT value FROM json_each(?1)) ORDER BY p.match_id`).bind(ids)),
    allRows(streamRow, db.prepare("SELECT id, title, media_type, entitlements, match_id FROM live_stream_assets WHERE match_id IN (SELECT value FROM json_each(?1)) ORDER BY position, id").bind(ids)),
  ]);
  for (const id of matchIds) views[id] = { pass: null, streams: [] };
  for (const p of passes) views[p.match_id]!.pass = toPass(p);
  for (const s of streams) {
    const opened = stringList(s.entitlements).includes(passEntitlements(s.match_id)[0]!);
    views[s.match_id]!.streams.push({ id: s.id, title: s.title, mediaType: s.media_type, opened } satisfies MatchStream);
  }
  return views;
}

export async function passOfMatch(db: D1Database, matchId: number): Promise<ConsoleMatchPass | null> {
  const row = await firstRow(passRow, db.prepare(`${PASS_SELECT} AND p.match_id = ?1`).bind(matchId));
  return row ? toPass(row) : null;
}

export async function passById(db: D1Database, packageId: string): Promise<ConsoleMatchPass | null> {
  const row = await firstRow(passRow, db.prepare(`${PASS_SELECT} AND p.id = ?1`).bind(packageId));
  return row ? toPass(row) : null;
}

/** The match's live streams with their entitlements (what a write changes). */
export async function matchStreams(db: D1Database, matchId: number): Promise<{ id: string; entitlements: string[] }[]> {
  const rows = await allRows(streamRow, db.prepare("SELECT id, title, media_type, entitlements, match_id FROM live_stream_assets WHERE match_id = ?1 ORDER BY position, id").bind(matchId));
  return rows.map((r) => ({ id: r.id, entitlements: stringList(r.entitlements) }));
}

/** The statements that give the chosen streams the pass's code and take it from the match's others. */
function streamStatements(db: D1Database, matchId: number, streams: { id: string; entitlements: string[] }[], opened: readonly string[], guard: string, guardArgs: unknown[]) {
  return streams.map((s) =>
    db
      .prepare(`UPDATE live_stream_assets SET entitlements = ?1 WHERE id = ?2 AND ${guard}`)
      .bind(JSON.stringify(streamEntitlements(s.entitlements, matchId, opened.includes(s.id))), s.id, ...guardArgs),
  );
}

const PASS_TEXTS = {
  furtherInformation: "<p>A one-off payment: no subscription.</p>",
  backsideText: "<p>Match passes are not refundable unless the match is postponed or a fault is reported during the game.</p>",
};

function priceInsert(db: D1Database, packageId: string, priceId: string, matchId: number, amountPence: number, guard: string, guardArgs: unknown[]) {
  return db
    .prepare(
      `INSERT INTO prices (id, package_id, type, interval, amount_pence, currency, price_display, offer, further_information, backside_text, entitlements, position, active)
       SELECT ?1, ?2, 'one_time', NULL, ?3, 'gbp', ?4, NULL, ?5, ?6, ?7, 1, 1 WHERE ${guard}`,
    )
    .bind(priceId, packageId, amountPence, priceDisplayOf(amountPence), PASS_TEXTS.furtherInformation, PASS_TEXTS.backsideText, JSON.stringify(passEntitlements(matchId)), ...guardArgs);
}

export interface NewPass {
  packageId: string;
  matchId: number;
  title: string;
  description: string;
  productId: string;
  priceId: string;
  pass: CheckedPass;
}

/** Inserts the pass, its price and its streams' codes; false when the match already has a pass on sale (the unique index). */
export async function insertPass(db: D1Database, n: NewPass): Promise<boolean> {
  const streams = await matchStreams(db, n.matchId);
  try {
    await db.batch([
      db
        .prepare(
          `INSERT INTO packages (id, mode, package_type, title, description, successful_payment_page, cancelled_payment_page, display_type, icon,
             custom_label, style_mode, image_key, order_position, active, match_id, on_sale_from, on_sale_until, stripe_product_id, version)
           VALUES (?1, 'light', 'match-pass', ?2, ?3, '/live', '/payment-cancelled', 'icon-only', 'ticket', 'Single match', 'light', 'package-match-pass', 10, 1, ?4, ?5, ?6, ?7, 1)`,
        )
        .bind(n.packageId, n.title, n.description, n.matchId, n.pass.saleFrom, n.pass.saleUntil, n.productId),
      priceInsert(db, n.packageId, n.priceId, n.matchId, n.pass.amountPence, "EXISTS (SELECT 1 FROM packages WHERE id = ?8 AND version = 1)", [n.packageId]),
      ...streamStatements(db, n.matchId, streams, n.pass.streams, "EXISTS (SELECT 1 FROM packages WHERE id = ?3 AND version = 1)", [n.packageId]),
    ]);
    return true;
  } catch (error) {
    if (String(error).includes("UNIQUE")) return false;
    throw error;
  }
}

export interface PassChange {
  before: ConsoleMatchPass;
  pass: CheckedPass;
  productId: string;
  /** the new Stripe price, when the amount changed */
  newPriceId: string | null;
}

/** Writes an edit if the pass is still at `before.version`; false when someone changed it first. */
export async function updatePass(db: D1Database, change: PassChange): Promise<boolean> {
  const { before, pass } = change;
  const next = before.version + 1;
  const streams = await matchStreams(db, before.matchId);
  const [bump] = await db.batch([
    db
      .prepare("UPDATE packages SET on_sale_from = ?2, on_sale_until = ?3, stripe_product_id = ?4, version = ?5 WHERE id = ?1 AND version = ?6 AND active = 1")
      .bind(before.packageId, pass.saleFrom, pass.saleUntil, change.productId, next, before.version),
    ...(change.newPriceId
      ? [
          db.prepare("UPDATE prices SET active = 0 WHERE package_id = ?1 AND active = 1 AND EXISTS (SELECT 1 FROM packages WHERE id = ?1 AND version = ?2)").bind(before.packageId, next),
          priceInsert(db, before.packageId, change.newPriceId, before.matchId, pass.amountPence, "EXISTS (SELECT 1 FROM packages WHERE id = ?8 AND version = ?9)", [before.packageId, next]),
        ]
      : []),
    ...streamStatements(db, before.matchId, streams, pass.streams, "EXISTS (SELECT 1 FROM packages WHERE id = ?3 AND version = ?4)", [before.packageId, next]),
  ]);
  return (bump?.meta.changes ?? 0) === 1;
}

/**
 * Archives the pass: off the tab and out of checkout (package and prices inactive). The streams
 * keep the pass's code and the sold price rows stay, so buyers keep their access.
 */
export async function archivePass(db: D1Database, before: ConsoleMatchPass): Promise<boolean> {
  const next = before.version + 1;
  const [bump] = await db.batch([
    db
      .prepare("UPDATE packages SET active = 0, archived_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), version = ?2 WHERE id = ?1 AND version = ?3 AND active = 1")
      .bind(before.packageId, next, before.version),
    db.prepare("UPDATE prices SET active = 0 WHERE package_id = ?1 AND EXISTS (SELECT 1 FROM packages WHERE id = ?1 AND version = ?2 AND active = 0)").bind(before.packageId, next),
  ]);
  return (bump?.meta.changes ?? 0) === 1;
}
