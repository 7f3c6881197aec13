import { useEffect, useState } from "react";
import { useAppState } from "../../state/store";
import { fetchPackages } from "../../data/packages-service";
import type { VariantPlan } from "../../domain/subscription-variants";
import { membershipPlans } from "./membership-plans";
import { PackagesPanel } from "./PackagesPanel";

/**
 * The packages modal of the default layout (spec §2 'Layouts'): the 'Choose a subscription' panel,
 * opened from any page (the upgrade promo, a locked player, the account panel) by the client
 * state's showPackages. A chunk of its own, loaded the first time it is wanted; the memberships
 * are fetched then too, once, and a failure is only logged and shows 'No packages available'
 * (spec §8).
 */
export default function PackagesModal() {
  const { state } = useAppState();
  const [plans, setPlans] = useState<VariantPlan[] | null>(null);
  const wanted = state.showPackages;
  useEffect(() => {
    if (!wanted || plans !== null) return;
    const abort = new AbortController();
    fetchPackages("membership", abort.signal)
      .catch((error: unknown) => {
        if (!abort.signal.aborted) console.warn(JSON.stringify({ msg: "packages fetch failed", type: "membership", error: String(error) }));
        return [];
      })
      .then((packages) => {
        if (!abort.signal.aborted) setPlans(membershipPlans(packages));
      });
    return () => abort.abort();
  }, [wanted, plans]);
  return <PackagesPanel plans={plans} />;
}
