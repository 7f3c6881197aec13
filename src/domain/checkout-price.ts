/**
 * What a completed checkout may grant, by its mode and the type of the price it names. Only a
 * subscription grants a recurring price's entitlement (and keeps it only while it is paid); a
 * one-off payment grants only a one-off price. A payment-mode session naming a recurring price (a
 * Rovers TV plan bought once, forever) grants nothing, and neither does a subscription of a
 * one-off price.
 */
export type CheckoutMode = "payment" | "subscription";
export type PriceType = "recurring" | "one_time";

/** null when the checkout grants its price; else why it grants nothing. */
export function checkoutPriceMismatch(mode: CheckoutMode, priceType: PriceType): string | null {
  if (mode === "payment" && priceType === "recurring") return "a payment-mode checkout of a recurring price grants nothing (only a subscription does)";
  if (mode === "subscription" && priceType === "one_time") return "a subscription-mode checkout of a one-off price grants nothing";
  return null;
}
