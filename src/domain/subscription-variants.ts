import { derivePlan, type DerivedPlan } from "./subscription-plan";

/**
 * /videos/subscriptions variants (spec §2 'Packages': yearly-audio, monthly-audio, video, a
 * switcher of up to three options). Each membership price is a subscription plan option (§3);
 * a variant is the plans of one kind: audio billed yearly, audio billed monthly, or video.
 */
export const SUBSCRIPTION_VARIANTS = [
  { id: "yearly-audio", label: "Yearly audio" },
  { id: "monthly-audio", label: "Monthly audio" },
  { id: "video", label: "Video" },
] as const;
export type SubscriptionVariant = (typeof SUBSCRIPTION_VARIANTS)[number]["id"];

export const DEFAULT_VARIANT: SubscriptionVariant = "yearly-audio";

/** A plan with what buying it needs: its package and the entitlements it grants. */
export interface VariantPlan extends DerivedPlan {
  packageId: string;
  entitlements: readonly string[];
}

export interface MembershipPrice {
  packageId: string;
  packageTitle: string;
  priceId: string;
  interval: "month" | "year" | null;
  amountFormatted: string;
  bodyHtml: string;
  entitlements: readonly string[];
}

export function toVariantPlan(p: MembershipPrice): VariantPlan {
  return {
    ...derivePlan({
      Id: p.priceId,
      Title: p.packageTitle,
      Body: p.bodyHtml,
      // §3: a null Duration means monthly
      Duration: p.interval === "month" ? null : (p.interval ?? "once"),
      AmountFormatted: p.amountFormatted,
      PurchaseUrl: "",
    }),
    packageId: p.packageId,
    entitlements: p.entitlements,
  };
}

export function variantOf(plan: DerivedPlan): SubscriptionVariant {
  if (plan.Class === "video") return "video";
  return plan.monthly ? "monthly-audio" : "yearly-audio";
}

/** ?variant=…; anything else is the default. */
export function parseVariant(value: string | null | undefined): SubscriptionVariant {
  return SUBSCRIPTION_VARIANTS.find((v) => v.id === value)?.id ?? DEFAULT_VARIANT;
}

/** The switcher's options: the variants that have plans, in their order (at most three). */
export function availableVariants(plans: readonly DerivedPlan[]): (typeof SUBSCRIPTION_VARIANTS)[number][] {
  const present = new Set(plans.map(variantOf));
  return SUBSCRIPTION_VARIANTS.filter((v) => present.has(v.id));
}
