import "../styles/routes/videos.css";
import { useLoaderData } from "react-router";
import type { packagesLoader } from "./videos.loader";
import { club } from "../config/club";
import { useAppState } from "../state/store";
import { LOGIN_TO_PURCHASE_LABEL } from "../domain/package-purchase";
import { toVariantPlan } from "../domain/subscription-variants";
import { DocumentTitle } from "../components/DocumentTitle";
import { PageHead } from "../components/PageHead";
import { TvNav } from "../components/video/TvNav";
import { PackagesWidget } from "../components/packages/PackagesWidget";
import { PackagesPanel } from "../components/packages/PackagesPanel";
import { SubscriptionPlans } from "../components/packages/SubscriptionPlans";
import { formatPence } from "../components/packages/PackageCard";
import Button from "../components/Button";

/**
 * /videos/subscriptions (spec §2 'Packages'): the variants with their switcher and owned-state
 * box, the 'Choose a subscription' panel, then the packages widget.
 */
export default function VideoSubscriptions() {
  const { packages } = useLoaderData<typeof packagesLoader>();
  const { state, dispatch } = useAppState();
  const plans = packages
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

  return (
    <div className="tv tv--packages">
      <DocumentTitle page={`Subscriptions | ${club.tvName}`} />
      <PageHead title="Subscriptions" eyebrow={club.tvName} lead="Live audio commentary, full match replays and exclusive content from every Rovers side." size="compact" />
      <TvNav />
      <section className="page-section packages">
        {!state.user.loggedIn ? (
          <div className="packages__note" role="note">
            <p>{LOGIN_TO_PURCHASE_LABEL}</p>
            <Button type="primary-dark" small text="Log In" onClick={() => dispatch({ type: "accountPanel/open" })} />
          </div>
        ) : null}
        <SubscriptionPlans plans={plans} />
        <PackagesPanel plans={plans} />
        <PackagesWidget />
      </section>
    </div>
  );
}
