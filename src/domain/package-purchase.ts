import { club } from "../config/club";

/**
 * Spec §4 'Packages widget' purchase click and §6 price button texts; §7 checkout mode.
 */
export type PurchaseAction = "openAccountPanel" | "checkout" | "loginPrompt";

export const MANAGE_SUBSCRIPTIONS_LABEL = "Manage Subscriptions";
export const LOGIN_TO_PURCHASE_LABEL = "You must be logged in to purchase";
export const CHECKOUT_UNAVAILABLE_ALERT = "Sorry, checkout is not currently available, please try again";
export const NO_SUBSCRIPTIONS_AVAILABLE = "There are currently no Subscriptions available.";
export const NO_MATCH_PASSES_AVAILABLE = "There are currently no Match Passes available.";

/** The club's paid tiers; freemium comes with every account. */
const TIER_CODES = new Set<string>([club.entitlements.mid, club.entitlements.top, club.entitlements.vip]);

/**
 * A paid tier held with no payment customer: the club gave it (its own list, a complimentary
 * grant), so a package's 'Manage Subscriptions' leads to an account panel with no payment to manage,
 * which then says so. A bypassed account says its own line instead.
 */
export function clubGivenAccess(user: { stripeCustomerID: string; bypassed: boolean; entitlements: readonly string[] | null }): boolean {
  return !user.stripeCustomerID && !user.bypassed && (user.entitlements ?? []).some((code) => TIER_CODES.has(code));
}

export function holdsEntitlement(userEntitlements: readonly string[] | null, priceEntitlements: readonly string[]): boolean {
  const held = (userEntitlements ?? []).map((e) => e.toLowerCase());
  return priceEntitlements.some((e) => held.includes(e.toLowerCase()));
}

export function purchaseAction(input: {
  loggedIn: boolean;
  userEntitlements: readonly string[] | null;
  priceEntitlements: readonly string[];
}): PurchaseAction {
  if (!input.loggedIn) return "loginPrompt";
  return holdsEntitlement(input.userEntitlements, input.priceEntitlements) ? "openAccountPanel" : "checkout";
}

/**
 * The price button's text: owned, or the price itself. Logged out it is the price too (a recorded
 * departure from §6): the page says 'You must be logged in to purchase' once, in its logged-out
 * note, and the login prompt a press opens says it again; on every button it hid the prices.
 */
export function priceButtonLabel(input: {
  loggedIn: boolean;
  userEntitlements: readonly string[] | null;
  priceEntitlements: readonly string[];
  priceDisplay: string;
}): string {
  if (input.loggedIn && holdsEntitlement(input.userEntitlements, input.priceEntitlements)) return MANAGE_SUBSCRIPTIONS_LABEL;
  return input.priceDisplay;
}

/** §7: subscription for recurring prices, otherwise payment. */
export function checkoutMode(priceType: string): "subscription" | "payment" {
  return priceType === "recurring" ? "subscription" : "payment";
}

/**
 * What the browser does with the answer of POST /api/checkout (its success status, and the `url` of
 * the answer once parsed, src/schemas/payments.ts) (spec §8): a failure to *create* the
 * checkout is only logged ('Failures of … checkout creation are only logged, with no user message');
 * a created checkout the browser cannot be sent to is the redirect failure, whose alert is
 * CHECKOUT_UNAVAILABLE_ALERT. The URL is followed only when it is Stripe's https page or a
 * same-site path (the development checkout).
 */
export type CheckoutStep = { kind: "redirect"; url: string } | { kind: "creation-failed" } | { kind: "redirect-failed" };

export function checkoutStep(ok: boolean, url: string | null): CheckoutStep {
  if (!ok) return { kind: "creation-failed" };
  if (url === null) return { kind: "redirect-failed" };
  const sameSite = url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\");
  return url.startsWith("https://") || sameSite ? { kind: "redirect", url } : { kind: "redirect-failed" };
}
