import type { Package } from "../../schemas/videos";
import { toVariantPlan, type VariantPlan } from "../../domain/subscription-variants";
import { formatPence } from "./PackageCard";

/**
 * The plans of the memberships, in the service's order: one per recurring price. What both the
 * /videos/subscriptions page and the packages modal of the default layout offer.
 */
export function membershipPlans(packages: readonly Package[]): VariantPlan[] {
  return packages
    .filter((p) => p.packageType === "membership")
    .sort((a, b) => a.orderPosition - b.orderPosition)
    .flatMap((p) =>
      p.prices
        .filter((price) => price.type === "recurring")
        .map((price) =>
          toVariantPlan({
            packageId: p.id,
            packageTitle: p.title,
            priceId: price.id,
            interval: price.interval,
            amountFormatted: formatPence(price.amountPence),
            bodyHtml: price.furtherInformation,
            entitlements: price.entitlements,
          }),
        ),
    );
}
