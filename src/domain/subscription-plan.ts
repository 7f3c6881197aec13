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

export function planButtonText(plan: Pick<SubscriptionPlanOption, "Duration" | "AmountFormatted">): string {
  return plan.Duration === null ? `Buy - ${plan.AmountFormatted} p/m` : `Buy - ${plan.AmountFormatted}`;
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
