import type Stripe from "stripe";
import { checkoutMode } from "../../src/domain/package-purchase";
import { safeReturnUrl } from "../../src/domain/return-url";
import type { CheckoutPrice } from "../commercial/package-service";

/**
 * The checkout request (spec §3 'Checkout request', §7 create-checkout), built by the server from
 * D1 alone: the browser names a package and a price id, never an amount, a mode or a URL.
 * Subscription for recurring prices, else payment; quantity 1; promotion codes allowed (FIRSTMONTH);
 * the account's Stripe customer, or its email for a first purchase; success/cancel the site's
 * payment pages unless the package overrides them.
 */
export interface Buyer {
  ssoID: string;
  email: string;
  stripeCustomerID: string;
}

/** Stripe metadata values are at most 500 characters of plain text. */
export function metadataText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 500);
}

/** An absolute URL on the site for a package's return page (a same-site path; anything else falls back to '/'). */
export function siteUrl(origin: string, path: string): string {
  return new URL(safeReturnUrl(path), origin).toString();
}

export function checkoutRequest(price: CheckoutPrice, buyer: Buyer, origin: string): Stripe.Checkout.SessionCreateParams {
  const mode = checkoutMode(price.type);
  const metadata = {
    userID: buyer.ssoID,
    userEmail: buyer.email,
    packageTitle: metadataText(price.packageTitle),
    packageDescription: metadataText(price.packageDescription),
    packageID: price.packageId,
    priceID: price.priceId,
  };
  return {
    mode,
    line_items: [{ price: price.priceId, quantity: 1 }],
    allow_promotion_codes: true,
    success_url: siteUrl(origin, price.successfulPaymentPage),
    cancel_url: siteUrl(origin, price.cancelledPaymentPage),
    client_reference_id: buyer.ssoID,
    metadata,
    // Subscription events carry their own metadata, so they find the account even before the checkout's event.
    ...(mode === "subscription" ? { subscription_data: { metadata: { userID: buyer.ssoID, packageID: price.packageId, priceID: price.priceId } } } : {}),
    ...(buyer.stripeCustomerID ? { customer: buyer.stripeCustomerID } : { customer_email: buyer.email }),
  };
}
