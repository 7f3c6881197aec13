import { useState } from "react";
import { useLoaderData } from "react-router";
import type { packagesLoader } from "./videos.loader";
import { club } from "../config/club";
import { useAppState } from "../state/store";
import { LOGIN_TO_PURCHASE_LABEL, NO_MATCH_PASSES_AVAILABLE, NO_SUBSCRIPTIONS_AVAILABLE } from "../domain/package-purchase";
import { DocumentTitle } from "./parts/DocumentTitle";
import { PageHead } from "./parts/PageHead";
import { TvNav } from "./parts/TvNav";
import { PackageCard } from "./parts/PackageCard";
import Button from "../components/Button";

/** Packages widget sections (spec §2 'Packages'): Subscriptions is activeSection 1 and the default. */
const SECTIONS = [
  { id: 1, label: "Subscriptions", type: "membership", empty: NO_SUBSCRIPTIONS_AVAILABLE },
  { id: 2, label: "Match passes", type: "match-pass", empty: NO_MATCH_PASSES_AVAILABLE },
] as const;

const WIDGET_STYLE = "light" as const;

export default function VideoSubscriptions() {
  const { packages } = useLoaderData<typeof packagesLoader>();
  const { state, dispatch } = useAppState();
  const [activeSection, setActiveSection] = useState<1 | 2>(1);
  const section = SECTIONS.find((s) => s.id === activeSection) ?? SECTIONS[0];
  const shown = packages.filter((p) => p.packageType === section.type).sort((a, b) => a.orderPosition - b.orderPosition);

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
        <div className="page-segmented page-segmented--center" role="tablist" aria-label="Package types">
          {SECTIONS.map((s) => (
            <button
              key={s.id}
              type="button"
              role="tab"
              aria-selected={s.id === activeSection}
              className={`page-segmented__option${s.id === activeSection ? " is-active" : ""}`}
              onClick={() => setActiveSection(s.id)}
            >
              {s.label}
            </button>
          ))}
        </div>
        {shown.length === 0 ? (
          <p className="packages__empty">{section.empty}</p>
        ) : (
          <div className="package-grid" role="tabpanel" aria-label={section.label}>
            <h2 className="visually-hidden">{section.label}</h2>
            {shown.map((pkg) => (
              <PackageCard key={pkg.id} pkg={pkg} widgetStyle={WIDGET_STYLE} />
            ))}
          </div>
        )}
        <div className="packages__ctas">
          <div className="packages__cta">
            <h2>First month free</h2>
            <p>New subscribers can enjoy their first month free with a promo code at checkout. Cancel any time with three working days&rsquo; notice.</p>
          </div>
          <div className="packages__cta">
            <h2>Questions?</h2>
            <p>Read about devices, connection speeds, refunds and more in the {club.tvName} FAQs.</p>
            <Button type="ghost-dark" href="/videos/faqs" text="Read the FAQs" />
          </div>
        </div>
      </section>
    </div>
  );
}
