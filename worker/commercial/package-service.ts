import { sanitizeHtml } from "../html/sanitize-html";
import { z } from "zod";
import { priceSchema } from "../../src/schemas/videos";
import { firstRow, resultsOf, rowSchema, stringList } from "../db/rows";
import { ON_SALE_SQL, PRICE_COLUMNS, packageColumns, pricesByPackage } from "../db/price-rows";

/**
 * The packages service (spec §3 'Package', 'Price entry'; §7 packages): what the packages widget
 * and checkout read. Match passes are offered only for upcoming matches; like the rest of the site,
 * "upcoming" comes from the match's status (still a fixture), not from the clock; a pass sold from
 * the console is offered only inside its sale window, which is the clock's.
 */
export type PackageType = "membership" | "match-pass";

export interface PriceEntry {
  id: string;
  type: "recurring" | "one_time";
  interval: "month" | "year" | null;
  priceDisplay: string;
  /** beside spec §3's fields: the amount, for the 'Buy - £5.99 p/m' button */
  amountPence: number;
  offer: string | null;
  furtherInformation: string;
  backsideText: string;
  accessData: { entitlements: string[] };
}

export interface PackageResource {
  id: string;
  mode: "light" | "dark";
  attributes: {
    packageType: PackageType;
    title: string;
    description: string;
    successfulPaymentPage: string;
    cancelledPaymentPage: string;
    styleData: { displayType: string; icon: string; customLabel: string | null; styleMode: string; backgroundImageKey: string | null };
    imageData: { landscape: { imageKey: string } };
    matchID: number | null;
    priceData: PriceEntry[];
  };
}

const offeredPackageRow = rowSchema("offered packages", {
  ...packageColumns,
  style_mode: z.string(),
  background_image_key: z.string().nullable(),
  match_id: z.number().nullable(),
});

/** On offer: active, its match (if any) still a fixture, and inside its sale window (ON_SALE_SQL). */
const OFFERED = `p.active = 1 AND (p.match_id IS NULL OR EXISTS (SELECT 1 FROM matches m WHERE m.id = p.match_id AND m.status = 'fixture')) AND ${ON_SALE_SQL}`;

export async function offeredPackages(db: D1Database, packageType: PackageType): Promise<PackageResource[]> {
  const [packageRows, priceRows] = await db.batch([
    db
      .prepare(
        `SELECT p.id, p.mode, p.package_type, p.title, p.description, p.successful_payment_page, p.cancelled_payment_page,
                p.display_type, p.icon, p.custom_label, p.style_mode, p.image_key, p.background_image_key, p.match_id
           FROM packages p WHERE p.package_type = ?1 AND ${OFFERED} ORDER BY p.order_position, p.id`,
      )
      .bind(packageType),
    db
      .prepare(
        `SELECT ${PRICE_COLUMNS}
           FROM prices pr JOIN packages p ON p.id = pr.package_id
          WHERE pr.active = 1 AND p.package_type = ?1 AND ${OFFERED} ORDER BY pr.package_id, pr.position, pr.id`,
      )
      .bind(packageType),
  ]);
  const prices = pricesByPackage(priceRows);
  return resultsOf(offeredPackageRow, packageRows).map((r) => ({
    id: r.id,
    mode: r.mode,
    attributes: {
      packageType: r.package_type,
      title: r.title,
      description: sanitizeHtml(r.description),
      successfulPaymentPage: r.successful_payment_page,
      cancelledPaymentPage: r.cancelled_payment_page,
      styleData: {
        displayType: r.display_type,
        icon: r.icon,
        customLabel: r.custom_label,
        styleMode: r.style_mode,
        backgroundImageKey: r.background_image_key,
      },
      imageData: { landscape: { imageKey: r.image_key } },
      matchID: r.match_id,
      priceData: (prices.get(r.id) ?? []).map(({ entitlements, ...price }) => ({ ...price, accessData: { entitlements } })),
    },
  }));
}

/** What checkout needs of one offered price: found only if its package is still on offer. */
export interface CheckoutPrice {
  priceId: string;
  type: "recurring" | "one_time";
  packageId: string;
  packageTitle: string;
  packageDescription: string;
  successfulPaymentPage: string;
  cancelledPaymentPage: string;
  entitlements: string[];
  amountPence: number;
  currency: string;
  priceDisplay: string;
  interval: "month" | "year" | null;
}

const checkoutPriceRow = rowSchema("an offered price with its package", {
  id: z.string(),
  type: priceSchema.shape.type,
  package_id: z.string(),
  title: z.string(),
  description: z.string(),
  successful_payment_page: z.string(),
  cancelled_payment_page: z.string(),
  entitlements: z.string(),
  amount_pence: z.number(),
  currency: z.string(),
  price_display: z.string(),
  interval: priceSchema.shape.interval,
});

export async function offeredPrice(db: D1Database, priceId: string, packageId: string): Promise<CheckoutPrice | null> {
  const row = await firstRow(
    checkoutPriceRow,
    db.prepare(
      `SELECT pr.id, pr.type, pr.package_id, p.title, p.description, p.successful_payment_page, p.cancelled_payment_page,
              pr.entitlements, pr.amount_pence, pr.currency, pr.price_display, pr.interval
         FROM prices pr JOIN packages p ON p.id = pr.package_id
        WHERE pr.id = ?1 AND pr.package_id = ?2 AND pr.active = 1 AND ${OFFERED}`,
    ).bind(priceId, packageId),
  );
  if (!row) return null;
  return {
    priceId: row.id,
    type: row.type,
    packageId: row.package_id,
    packageTitle: row.title,
    packageDescription: row.description,
    successfulPaymentPage: row.successful_payment_page,
    cancelledPaymentPage: row.cancelled_payment_page,
    entitlements: stringList(row.entitlements),
    amountPence: row.amount_pence,
    currency: row.currency,
    priceDisplay: row.price_display,
    interval: row.interval,
  };
}
