import type { PriceKind } from "../domain/package-rules";

/**
 * The console's subscription packages (/admin/packages), as the worker answers them
 * (worker/commercial/package-store.ts) and the screen shows them. The screen re-reads the list
 * through its loader after every write, so no answer of a write is parsed in the browser.
 */
export interface ConsolePrice {
  /** Stripe's price id: a new amount or kind is a new price, and a new id */
  id: string;
  kind: PriceKind;
  amountPence: number;
  priceDisplay: string;
  offer: string | null;
  /** the card's further information and its back, as HTML */
  furtherInformation: string;
  backsideText: string;
  entitlements: string[];
  /** accounts whose purchase of this price is active or paid */
  holders: number;
}

export interface ConsolePackage {
  id: string;
  title: string;
  description: string;
  customLabel: string | null;
  displayType: "icon-only" | "background-image";
  styleMode: "light" | "dark";
  imageKey: string;
  /** on the site's Subscriptions tab (false once archived) */
  active: boolean;
  archivedAt: string | null;
  stripeProductId: string | null;
  /** moved on by every write, sent back by the form: a write against an older version is a 409 */
  version: number;
  /** the active prices, in the card's order */
  prices: ConsolePrice[];
  /** holders of any of its prices, archived ones too */
  holders: number;
}
