import { useState } from "react";
import { useAppState } from "../../state/store";
import { LOGIN_TO_PURCHASE_LABEL, holdsEntitlement, priceButtonLabel } from "../../domain/package-purchase";
import type { VariantPlan } from "../../domain/subscription-variants";
import { openCustomerPortal } from "../../account/customer-portal";
import { startCheckout } from "./start-checkout";

/**
 * A plan's buy button on /videos/subscriptions (spec §6): logged out it reads 'You must be logged
 * in to purchase' and opens the login prompt; holding the entitlement it reads 'Manage
 * Subscriptions' and opens the customer portal; otherwise 'Buy - {amount}…' starts a checkout.
 */
export function usePlanPurchase() {
  const { state, dispatch } = useAppState();
  const { loggedIn, entitlements } = state.user;
  const [portalError, setPortalError] = useState("");
  const owns = (plan: VariantPlan) => loggedIn && holdsEntitlement(entitlements, plan.entitlements);
  return {
    portalError,
    owns,
    label: (plan: VariantPlan) => priceButtonLabel({ loggedIn, userEntitlements: entitlements, priceEntitlements: plan.entitlements, priceDisplay: plan.buttonText }),
    buy: async (plan: VariantPlan) => {
      if (!loggedIn) dispatch({ type: "loginPrompt/open", message: LOGIN_TO_PURCHASE_LABEL });
      else if (owns(plan)) setPortalError(await openCustomerPortal());
      else await startCheckout(plan.packageId, plan.Id);
    },
  };
}
