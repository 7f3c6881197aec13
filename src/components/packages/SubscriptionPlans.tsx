import { Segmented } from "../Segmented";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { planPeriodText } from "../../domain/subscription-plan";
import { DEFAULT_VARIANT, availableVariants, parseVariant, variantOf, type SubscriptionVariant, type VariantPlan } from "../../domain/subscription-variants";
import { MediaIcon } from "../video/MediaIcon";
import { usePlanPurchase } from "./plan-purchase";
import { showPrice } from "./show-price";

/**
 * The /videos/subscriptions variants (spec §2 'Packages'): a switcher of up to three options
 * (yearly-audio, monthly-audio, video; ?variant= picks the one shown), the chosen variant's plans
 * with their prices and periods, and the owned-state box when the account holds it.
 *
 * The block guides and the packages widget below it sells: each plan's button takes the visitor to
 * that price on its card, so the page has one place to buy (it had three: these buttons, the
 * widget's and the 'Choose a subscription' panel's, all for the same prices). The panel stays
 * where no widget is: a locked video's 'View Packages' and the account panel.
 */
export function SubscriptionPlans({ plans }: { plans: readonly VariantPlan[] }) {
  const [params] = useSearchParams();
  const options = availableVariants(plans);
  const [chosen, setChosen] = useState<SubscriptionVariant>(DEFAULT_VARIANT);
  // The server renders the default (pages are cached without ?variant=, worker/pages/page-cache.ts);
  // the browser then shows the one the address asks for.
  const asked = params.get("variant");
  useEffect(() => setChosen(parseVariant(asked)), [asked]);
  const variant = options.find((o) => o.id === chosen) ?? options[0];
  const purchase = usePlanPurchase();
  const shown = variant ? plans.filter((p) => variantOf(p) === variant.id) : [];
  const owned = shown.find((p) => purchase.owns(p));
  const lead = shown[0];

  return (
    <div className={`subscription-plans subscription-plans--${variant?.id ?? "none"}`}>
      {options.length > 1 ? (
        <Segmented
          kind="radios"
          center
          label="Subscription"
          options={options}
          selected={variant?.id}
          onSelect={(id) => {
            setChosen(id);
            // the variant is shareable without a navigation (and without re-running the loader)
            const url = new URL(window.location.href);
            url.searchParams.set("variant", id);
            window.history.replaceState(window.history.state, "", url);
          }}
        />
      ) : null}
      {/* Without plans the widget below says there are none. */}
      {lead ? (
        <article className="subscription-plans__plan" aria-labelledby="subscription-plan-title">
          <span className="subscription-plans__icon" aria-hidden="true">
            <MediaIcon name={lead.Class === "audio" ? "headphones" : "play"} />
          </span>
          <p className="subscription-plans__type">{lead.PackageType}</p>
          <h2 id="subscription-plan-title">{lead.Title}</h2>
          {owned ? (
            <div className="subscription-plans__owned" role="status">
              <p>
                <strong>You're subscribed to {owned.Title}.</strong> Change or cancel it in your subscriptions.
              </p>
              <button type="button" className="btn btn--primary-dark" onClick={() => void purchase.buy(owned)}>
                <span className="btn__text">{purchase.label(owned)}</span>
              </button>
              {purchase.portalError ? <p role="alert">{purchase.portalError}</p> : null}
            </div>
          ) : (
            <ul className="subscription-plans__options">
              {shown.map((plan) => (
                <li key={plan.Id}>
                  <p className="subscription-plans__price">
                    <strong>{plan.AmountFormatted}</strong> {planPeriodText(plan.Duration)}
                  </p>
                  <div className="subscription-plans__body" dangerouslySetInnerHTML={{ __html: plan.Body }} />
                  <button type="button" className="btn btn--primary-dark" onClick={() => showPrice(plan.Id)}>
                    <span className="btn__text">Choose {plan.AmountFormatted} {planPeriodText(plan.Duration)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </article>
      ) : null}
    </div>
  );
}
