import { z } from "zod";
import { allRows, stringList, rowSchema } from "../db/rows";
import { PRICE_KINDS, priceDisplayFor, priceKindOf, type CheckedPackage, type CheckedPrice } from "../../src/domain/package-rules";
import type { ConsolePackage, ConsolePrice } from "../../src/schemas/console-packages";

/**
 * The console's subscription packages in D1: `packages` rows of type 'membership' and their
 * `prices` (what the packages widget, checkout and the webhook already read). Every write is one
 * D1 batch whose first statement moves the package's version on only from the version the form
 * was opened at, and whose other statements act only once it did: a write that lost a race changes
 * nothing and answers false (the console's 409).
 */

const packageRow = rowSchema("a console package", {
  id: z.string(),
  title: z.string(),
  description: z.string(),
  custom_label: z.string().nullable(),
  display_type: z.enum(["icon-only", "background-image"]),
  style_mode: z.string(),
  image_key: z.string(),
  active: z.number(),
  archived_at: z.string().nullable(),
  stripe_product_id: z.string().nullable(),
  version: z.number(),
  holders: z.number(),
});

const priceRow = rowSchema("a console price", {
  id: z.string(),
  package_id: z.string(),
  type: z.enum(["recurring", "one_time"]),
  interval: z.enum(["month", "year"]).nullable(),
  amount_pence: z.number(),
  price_display: z.string(),
  offer: z.string().nullable(),
  further_information: z.string(),
  backside_text: z.string(),
  entitlements: z.string(),
  holders: z.number(),
});

const HOLDING = "status IN ('active', 'paid')";

const PACKAGE_SELECT = `SELECT p.id, p.title, p.description, p.custom_label, p.display_type, p.style_mode, p.image_key, p.active, p.archived_at,
    p.stripe_product_id, p.version,
    (SELECT COUNT(*) FROM purchases u WHERE u.package_id = p.id AND u.${HOLDING}) AS holders
  FROM packages p WHERE p.package_type = 'membership'`;

const PRICE_SELECT = `SELECT pr.id, pr.package_id, pr.type, pr.interval, pr.amount_pence, pr.price_display, pr.offer, pr.further_information,
    pr.backside_text, pr.entitlements, (SELECT COUNT(*) FROM purchases u WHERE u.price_id = pr.id AND u.${HOLDING}) AS holders
  FROM prices pr JOIN packages p ON p.id = pr.package_id
  WHERE p.package_type = 'membership' AND pr.active = 1`;

function toPrice(r: z.output<typeof priceRow>): ConsolePrice {
  return {
    id: r.id,
    kind: priceKindOf(r.type, r.interval),
    amountPence: r.amount_pence,
    priceDisplay: r.price_display,
    offer: r.offer,
    furtherInformation: r.further_information,
    backsideText: r.backside_text,
    entitlements: stringList(r.entitlements),
    holders: r.holders,
  };
}

function toPackage(r: z.output<typeof packageRow>, prices: ConsolePrice[]): ConsolePackage {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    customLabel: r.custom_label,
    displayType: r.display_type,
    styleMode: r.style_mode === "light" ? "light" : "dark",
    imageKey: r.image_key,
    active: r.active === 1,
    archivedAt: r.archived_at,
    stripeProductId: r.stripe_product_id,
    version: r.version,
    prices,
    holders: r.holders,
  };
}

/** The packages on sale in the Subscriptions tab's order, then the archived ones, newest archive first. */
export async function consolePackages(db: D1Database): Promise<ConsolePackage[]> {
  const [packages, prices] = await Promise.all([
    allRows(packageRow, db.prepare(`${PACKAGE_SELECT} ORDER BY p.active DESC, CASE WHEN p.active = 1 THEN p.order_position END, p.archived_at DESC, p.id`)),
    allRows(priceRow, db.prepare(`${PRICE_SELECT} ORDER BY pr.package_id, pr.position, pr.id`)),
  ]);
  const byPackage = new Map<string, ConsolePrice[]>();
  for (const p of prices) byPackage.set(p.package_id, [...(byPackage.get(p.package_id) ?? []), toPrice(p)]);
  return packages.map((p) => toPackage(p, byPackage.get(p.id) ?? []));
}

export async function consolePackage(db: D1Database, id: string): Promise<ConsolePackage | null> {
  const [packages, prices] = await Promise.all([
    allRows(packageRow, db.prepare(`${PACKAGE_SELECT} AND p.id = ?1`).bind(id)),
    allRows(priceRow, db.prepare(`${PRICE_SELECT} AND pr.package_id = ?1 ORDER BY pr.position, pr.id`).bind(id)),
  ]);
  const row = packages[0];
  return row ? toPackage(row, prices.map(toPrice)) : null;
}

/** Only while the package is at `version` (the one this batch's first statement wrote). */
const AT_VERSION = (idArg: string, versionArg: string) => `EXISTS (SELECT 1 FROM packages WHERE id = ${idArg} AND version = ${versionArg})`;

function priceInsert(db: D1Database, packageId: string, priceId: string, price: CheckedPrice, position: number, version: number) {
  const { type, interval } = PRICE_KINDS[price.kind];
  return db
    .prepare(
      `INSERT INTO prices (id, package_id, type, interval, amount_pence, currency, price_display, offer, further_information, backside_text, entitlements, position, active)
       SELECT ?1, ?2, ?3, ?4, ?5, 'gbp', ?6, ?7, ?8, ?9, ?10, ?11, 1 WHERE ${AT_VERSION("?2", "?12")}`,
    )
    .bind(priceId, packageId, type, interval, price.amountPence, priceDisplayFor(price.kind, price.amountPence), price.offer, price.furtherInformation, price.backsideText, JSON.stringify(price.entitlements), position, version);
}

/** A new package at the end of the Subscriptions tab, with its first price. */
export async function insertPackage(db: D1Database, n: { id: string; pkg: CheckedPackage; productId: string; priceId: string; price: CheckedPrice }): Promise<void> {
  const { pkg } = n;
  await db.batch([
    db
      .prepare(
        `INSERT INTO packages (id, mode, package_type, title, description, successful_payment_page, cancelled_payment_page, display_type, icon,
           custom_label, style_mode, image_key, order_position, active, stripe_product_id, version)
         VALUES (?1, ?2, 'membership', ?3, ?4, '/payment-successful', '/payment-cancelled', ?5, 'tv', ?6, ?2, ?7,
           (SELECT COALESCE(MAX(order_position), 0) + 1 FROM packages WHERE package_type = 'membership'), 1, ?8, 1)`,
      )
      .bind(n.id, pkg.styleMode, pkg.title, pkg.description, pkg.displayType, pkg.customLabel, pkg.imageKey, n.productId),
    priceInsert(db, n.id, n.priceId, n.price, 1, 1),
  ]);
}

/** Moves the version on from `version` (false: someone changed the package first), then the rest. */
async function guarded(db: D1Database, version: number, bump: D1PreparedStatement, rest: (next: number) => D1PreparedStatement[]): Promise<boolean> {
  const [first] = await db.batch([bump, ...rest(version + 1)]);
  return (first?.meta.changes ?? 0) === 1;
}

const bumpSql = (set: string) => `UPDATE packages SET ${set}${set ? ", " : ""}version = version + 1 WHERE id = ?1 AND version = ?2 AND package_type = 'membership'`;

export function updatePackage(db: D1Database, id: string, version: number, pkg: CheckedPackage, productId: string | null): Promise<boolean> {
  return guarded(
    db,
    version,
    db
      .prepare(bumpSql("title = ?3, description = ?4, custom_label = ?5, display_type = ?6, style_mode = ?7, mode = ?7, image_key = ?8, stripe_product_id = COALESCE(?9, stripe_product_id)"))
      .bind(id, version, pkg.title, pkg.description, pkg.customLabel, pkg.displayType, pkg.styleMode, pkg.imageKey, productId),
    () => [],
  );
}

/** A price added at the end of the package's card (`productId`: the Product made for a package that had none). */
export function addPrice(db: D1Database, id: string, version: number, priceId: string, price: CheckedPrice, productId: string | null): Promise<boolean> {
  return guarded(db, version, db.prepare(bumpSql("stripe_product_id = COALESCE(?3, stripe_product_id)")).bind(id, version, productId), (next) => [
    priceInsert(db, id, priceId, price, 0, next),
    // its place: after the package's other active prices
    db
      .prepare(`UPDATE prices SET position = (SELECT COALESCE(MAX(position), 0) + 1 FROM prices WHERE package_id = ?1 AND active = 1 AND id <> ?2) WHERE id = ?2 AND ${AT_VERSION("?1", "?3")}`)
      .bind(id, priceId, next),
  ]);
}

/** Card texts and what the price grants, in place (its amount and kind are Stripe's and unchanged). */
export function editPriceInPlace(db: D1Database, id: string, version: number, priceId: string, price: CheckedPrice): Promise<boolean> {
  return guarded(db, version, db.prepare(bumpSql("")).bind(id, version), (next) => [
    db
      .prepare(`UPDATE prices SET offer = ?3, further_information = ?4, backside_text = ?5, entitlements = ?6 WHERE id = ?2 AND package_id = ?1 AND active = 1 AND ${AT_VERSION("?1", "?7")}`)
      .bind(id, priceId, price.offer, price.furtherInformation, price.backsideText, JSON.stringify(price.entitlements), next),
  ]);
}

/** A new Stripe price in the old one's place on the card; the old row stays (its purchases point at it), inactive. */
export function replacePrice(db: D1Database, id: string, version: number, oldPriceId: string, newPriceId: string, price: CheckedPrice, productId: string | null): Promise<boolean> {
  return guarded(db, version, db.prepare(bumpSql("stripe_product_id = COALESCE(?3, stripe_product_id)")).bind(id, version, productId), (next) => [
    priceInsert(db, id, newPriceId, price, 0, next),
    db
      .prepare(`UPDATE prices SET position = (SELECT position FROM prices WHERE id = ?2) WHERE id = ?3 AND ${AT_VERSION("?1", "?4")}`)
      .bind(id, oldPriceId, newPriceId, next),
    db.prepare(`UPDATE prices SET active = 0 WHERE id = ?2 AND package_id = ?1 AND ${AT_VERSION("?1", "?3")}`).bind(id, oldPriceId, next),
  ]);
}

/** Off the card and out of checkout; holders keep what it granted (their purchases point at the row). */
export function archivePrice(db: D1Database, id: string, version: number, priceId: string): Promise<boolean> {
  return guarded(db, version, db.prepare(bumpSql("")).bind(id, version), (next) => [
    db.prepare(`UPDATE prices SET active = 0 WHERE id = ?2 AND package_id = ?1 AND ${AT_VERSION("?1", "?3")}`).bind(id, priceId, next),
  ]);
}

/** Off the Subscriptions tab and out of checkout; holders keep their access and their subscriptions. */
export function archivePackage(db: D1Database, id: string, version: number): Promise<boolean> {
  return guarded(db, version, db.prepare(bumpSql("active = 0, archived_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')") + " AND active = 1").bind(id, version), (next) => [
    db.prepare(`UPDATE prices SET active = 0 WHERE package_id = ?1 AND ${AT_VERSION("?1", "?2")}`).bind(id, next),
  ]);
}

/**
 * The Subscriptions tab's order: the packages on sale take positions 1, 2, 3… as `ids` lists them,
 * once the moved package (`id`) is still at `version`. The others' versions stay: their own fields
 * did not change.
 */
export function reorderPackages(db: D1Database, id: string, version: number, ids: readonly string[]): Promise<boolean> {
  return guarded(db, version, db.prepare(bumpSql("") + " AND active = 1").bind(id, version), (next) =>
    ids.map((other, i) =>
      db.prepare(`UPDATE packages SET order_position = ?2 WHERE id = ?1 AND active = 1 AND ${AT_VERSION("?3", "?4")}`).bind(other, i + 1, id, next),
    ),
  );
}

/** The ids of the packages on sale, in the Subscriptions tab's order. */
export async function packageOrder(db: D1Database): Promise<string[]> {
  const rows = await allRows(rowSchema("package order", { id: z.string() }), db.prepare("SELECT id FROM packages WHERE package_type = 'membership' AND active = 1 ORDER BY order_position, id"));
  return rows.map((r) => r.id);
}
