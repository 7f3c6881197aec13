import "./videos.css";
import { useLoaderData } from "react-router";
import type { packagesLoader } from "./videos.loader";
import { club } from "../../config/club";
import { useAppState } from "../../state/store";
import { LOGIN_TO_PURCHASE_LABEL } from "../../domain/package-purchase";
import { DocumentTitle } from "../../components/DocumentTitle";
import { PageHead } from "../../components/PageHead";
import { TvNav } from "../../components/video/TvNav";
import { PackagesWidget } from "../../components/packages/PackagesWidget";
import { SubscriptionPlans } from "../../components/packages/SubscriptionPlans";
import { membershipPlans } from "../../components/packages/membership-plans";
import Button from "../../components/Button";

/**
 * /videos/subscriptions (spec §2 'Packages'): the variants with their switcher and owned-state
 * box (its 'Choose a subscription' button opens the default layout's packages modal), then the
 * packages widget.
 */
export default function VideoSubscriptions() {
  const { packages } = useLoaderData<typeof packagesLoader>();
  const { state, dispatch } = useAppState();
  const plans = membershipPlans(packages);

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
        <PackagesWidget />
      </section>
    </div>
  );
}
