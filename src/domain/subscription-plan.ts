/**
 * Spec §3 'Subscription plan option' and §2 'Packages': the derived package type and class of a
 * plan, and its buy button text ('Buy - {amount} p/m' for monthly plans).
 */
export interface SubscriptionPlanOption {
  Id: string;
  Title: string;
  /** HTML, sanitised before rendering */
  Body: string;
  /** null means monthly */
  Duration: string | null;
  AmountFormatted: string;
  PurchaseUrl: string;
}

export type PackageType = "Listen" | "Watch";
export type PlanClass = "audio" | "video";

export interface DerivedPlan extends SubscriptionPlanOption {
  PackageType: PackageType;
  Class: PlanClass;
  monthly: boolean;
  buttonText: string;
}

export const NO_PACKAGES_TEXT = "No packages available";
export const PACKAGES_PANEL_TITLE = "Choose a subscription";

export function planClass(title: string): PlanClass {
  return /audio/i.test(title) ? "audio" : "video";
}

/**
 * §2 gives the monthly text; a yearly price says its period the same way ('p/a'), so no price on
 * the site is without one. A one-off price has none.
 */
/** A yearly plan: the packages service says 'year', the plan option's ISO form 'P1Y'. */
const yearly = (duration: string | null) => duration === "year" || duration === "P1Y";

export function planButtonText(plan: Pick<SubscriptionPlanOption, "Duration" | "AmountFormatted">): string {
  if (plan.Duration === null) return `Buy - ${plan.AmountFormatted} p/m`;
  return yearly(plan.Duration) ? `Buy - ${plan.AmountFormatted} p/a` : `Buy - ${plan.AmountFormatted}`;
}

/** The period printed beside an amount: 'per month', 'per year' or 'one-off'. */
export function planPeriodText(duration: SubscriptionPlanOption["Duration"]): string {
  if (duration === null) return "per month";
  return yearly(duration) ? "per year" : "one-off";
}

export function derivePlan(plan: SubscriptionPlanOption): DerivedPlan {
  const cls = planClass(plan.Title);
  return {
    ...plan,
    PackageType: cls === "audio" ? "Listen" : "Watch",
    Class: cls,
    monthly: plan.Duration === null,
    buttonText: planButtonText(plan),
  };
}
