import { useId, useRef } from "react";
import { useBackgroundLock } from "../use-background-lock";
import { useAppState } from "../../state/store";
import { useDialogFocus } from "../use-dialog-focus";
import { NO_PACKAGES_TEXT, PACKAGES_PANEL_TITLE } from "../../domain/subscription-plan";
import type { VariantPlan } from "../../domain/subscription-variants";
import { usePlanPurchase } from "./plan-purchase";
import { useDelayedLoading } from "../use-delayed-loading";

/**
 * The 'Choose a subscription' panel (spec §2 'Packages'): close button, each plan's Title, Body and
 * buy button ('Buy - £5.99 p/m' for monthly plans); 'No packages available' when there are none.
 * Open while the client state's showPackages is; it locks the page behind it. `plans` is null while
 * they load (the packages modal fetches them when first opened).
 */
export function PackagesPanel({ plans }: { plans: readonly VariantPlan[] | null }) {
  const { state, dispatch } = useAppState();
  const open = state.showPackages;
  const close = () => dispatch({ type: "packages/close" });
  const dialog = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const purchase = usePlanPurchase();
  const slow = useDelayedLoading(plans === null);
  useDialogFocus(open, dialog, { onClose: close, modal: true });
  useBackgroundLock(open);
  if (!open) return null;
  return (
    <div className="packages-panel" onClick={(e) => e.target === e.currentTarget && close()}>
      <div className="packages-panel__dialog" role="dialog" aria-modal="true" aria-labelledby={headingId} ref={dialog}>
        <div className="packages-panel__head">
          <h2 id={headingId}>{PACKAGES_PANEL_TITLE}</h2>
          <button type="button" className="packages-panel__close" onClick={close} aria-label="Close">
            ×
          </button>
        </div>
        {plans === null ? (
          <p className="packages-panel__empty" role="status">
            {slow ? "Loading packages" : null}
          </p>
        ) : plans.length === 0 ? (
          <p className="packages-panel__empty">{NO_PACKAGES_TEXT}</p>
        ) : (
          <ul className="packages-panel__list">
            {plans.map((plan) => (
              <li key={plan.Id} className={`packages-panel__plan packages-panel__plan--${plan.Class}`}>
                <h3>{plan.Title}</h3>
                {/* Plan bodies are CMS HTML, sanitised by the server. */}
                <div className="packages-panel__body" dangerouslySetInnerHTML={{ __html: plan.Body }} />
                <button type="button" className="btn btn--primary-dark" onClick={() => void purchase.buy(plan)}>
                  <span className="btn__text">{purchase.label(plan)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {purchase.portalError ? (
          <p className="packages-panel__error" role="alert">
            {purchase.portalError}
          </p>
        ) : null}
      </div>
    </div>
  );
}
