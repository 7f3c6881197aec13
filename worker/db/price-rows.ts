import type { Price } from "../../src/schemas/videos";
import { sanitizeHtml } from "../html/sanitize-html";
import { resultsOf, stringList } from "./rows";

/** The columns of an active price both price lists select (`pr` is the prices table). */
export const PRICE_COLUMNS = `pr.id, pr.package_id, pr.type, pr.interval, pr.amount_pence, pr.price_display, pr.offer,
  pr.further_information, pr.backside_text, pr.entitlements`;

export interface PriceRow {
  id: string;
  package_id: string;
  type: Price["type"];
  interval: Price["interval"];
  amount_pence: number;
  price_display: string;
  offer: string | null;
  further_information: string;
  backside_text: string;
  entitlements: string;
}

/**
 * Price rows (ordered by package, then position) grouped by package, each as the videos feed's
 * `Price` (CMS HTML sanitised); the packages API reshapes its entitlements, nothing else.
 */
export function pricesByPackage(result: D1Result<unknown> | undefined): Map<string, Price[]> {
  const prices = new Map<string, Price[]>();
  for (const r of resultsOf<PriceRow>(result)) {
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
