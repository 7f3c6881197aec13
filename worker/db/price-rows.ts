import { z } from "zod";
import { packageSchema, priceSchema, type Price } from "../../src/schemas/videos";
import { sanitizeHtml } from "../html/sanitize-html";
import { resultsOf, rowSchema, stringList } from "./rows";

/** The columns of `packages` both package lists read (the packages API and the content data), as a row shape. */
export const packageColumns = {
  id: z.string(),
  mode: packageSchema.shape.mode,
  package_type: packageSchema.shape.packageType,
  title: z.string(),
  description: z.string(),
  successful_payment_page: z.string(),
  cancelled_payment_page: z.string(),
  display_type: packageSchema.shape.displayType,
  icon: z.string(),
  custom_label: z.string().nullable(),
  image_key: z.string(),
};

/**
 * A package (`p`) inside its sale window: the console's match passes are offered from
 * on_sale_from (inclusive) until on_sale_until (exclusive), UTC ISO as stored; NULL is no bound.
 */
export const ON_SALE_SQL = `(p.on_sale_from IS NULL OR p.on_sale_from <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  AND (p.on_sale_until IS NULL OR p.on_sale_until > strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** The columns of an active price both price lists select (`pr` is the prices table). */
export const PRICE_COLUMNS = `pr.id, pr.package_id, pr.type, pr.interval, pr.amount_pence, pr.price_display, pr.offer,
  pr.further_information, pr.backside_text, pr.entitlements`;

const priceRow = rowSchema("prices (PRICE_COLUMNS)", {
  id: z.string(),
  package_id: z.string(),
  type: priceSchema.shape.type,
  interval: priceSchema.shape.interval,
  amount_pence: z.number(),
  price_display: z.string(),
  offer: z.string().nullable(),
  further_information: z.string(),
  backside_text: z.string(),
  entitlements: z.string(),
});

/**
 * Price rows (ordered by package, then position) grouped by package, each as the videos feed's
 * `Price` (CMS HTML sanitised); the packages API reshapes its entitlements, nothing else.
 */
export function pricesByPackage(result: D1Result<unknown> | undefined): Map<string, Price[]> {
  const prices = new Map<string, Price[]>();
  for (const r of resultsOf(priceRow, result)) {
    const list = prices.get(r.package_id) ?? [];
    list.push({
      id: r.id,
      type: r.type,
      interval: r.interval,
      amountPence: r.amount_pence,
      priceDisplay: r.price_display,
      offer: r.offer,
      furtherInformation: sanitizeHtml(r.further_information),
      backsideText: sanitizeHtml(r.backside_text),
      entitlements: stringList(r.entitlements),
    });
    prices.set(r.package_id, list);
  }
  return prices;
}
