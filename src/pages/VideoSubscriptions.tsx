import { useState } from "react";
import { useLoaderData, useRouteLoaderData } from "react-router";
import type { rootLoader } from "../layouts/root.loader";
import { readSetting } from "../data/web-settings";
import { VoucherOverlay } from "./parts/VoucherOverlay";
import { PackageCarousel } from "./parts/PackageCarousel";
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

export default function VideoSubscriptions() {
  const { packages } = useLoaderData<typeof packagesLoader>();
  const { state, dispatch } = useAppState();
  const [activeSection, setActiveSection] = useState<1 | 2>(1);
  const [voucherOpen, setVoucherOpen] = useState(false);
  // The widget's configured texts and style (spec §3 'Packages widget data'); empty means the default.
  const settings = useRouteLoaderData<typeof rootLoader>("root")?.settings ?? {};
  const setting = (key: string) => readSetting(settings, `packages.${key}`);
  const widgetStyle = setting("style") === "dark" ? "dark" : "light";
  const emptyText = (s: (typeof SECTIONS)[number]) => setting(s.id === 1 ? "noSubscriptionsText" : "noMatchPassesText") ?? s.empty;
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
          <p className="packages__empty">{emptyText(section)}</p>
        ) : (
          <div role="tabpanel" aria-label={section.label}>
            <h2 className="visually-hidden">{section.label}</h2>
            <PackageCarousel key={section.id} label={section.label}>
              {shown.map((pkg) => (
                <PackageCard key={pkg.id} pkg={pkg} widgetStyle={widgetStyle} />
              ))}
            </PackageCarousel>
          </div>
        )}
        <div className={`packages__ctas packages__ctas--${setting("footerStyle") === "dark" ? "dark" : "light"}`}>
          <div className="packages__cta">
            <h2>{setting("cta1Text") ?? "Got a voucher code?"}</h2>
            <Button type="primary-dark" text={setting("cta1ButtonCta") ?? "Redeem a voucher"} onClick={() => setVoucherOpen(true)} />
          </div>
          <div className="packages__cta">
            <h2>{setting("cta2Text") ?? "Questions?"}</h2>
            <Button type="ghost-dark" href={setting("cta2ButtonLink") ?? "/videos/faqs"} text={setting("cta2ButtonCta") ?? "Read the FAQs"} />
          </div>
        </div>
        <VoucherOverlay
          open={voucherOpen}
          onClose={() => setVoucherOpen(false)}
          title={setting("voucherTitle") ?? "Redeem a voucher code"}
          text={setting("voucherText") ?? ""}
          button={setting("voucherButton") ?? "Redeem"}
        />
      </section>
    </div>
  );
}
