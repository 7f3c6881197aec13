import { Segmented } from "../Segmented";
import { useCallback, useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { rootLoader } from "../../layouts/root.loader";
import { readLinkSetting, readSetting } from "../../data/web-settings";
import { NO_MATCH_PASSES_AVAILABLE, NO_SUBSCRIPTIONS_AVAILABLE } from "../../domain/package-purchase";
import Button from "../Button";
import { VoucherOverlay, voucherTexts } from "./VoucherOverlay";
import { PackageCarousel } from "./PackageCarousel";
import { PackageCard } from "./PackageCard";
import { usePackageLists } from "./use-package-lists";
import { useDelayedLoading } from "../use-delayed-loading";
import { focusPrice, useShowPrice } from "./show-price";

/** Packages widget sections (spec §2 'Packages'): Subscriptions is activeSection 1 and the default. */
const SECTIONS = [
  { id: 1, label: "Subscriptions", type: "membership", empty: NO_SUBSCRIPTIONS_AVAILABLE, emptyKey: "noSubscriptionsText" },
  { id: 2, label: "Match passes", type: "match-pass", empty: NO_MATCH_PASSES_AVAILABLE, emptyKey: "noMatchPassesText" },
] as const;

/**
 * The packages widget (spec §2 'Packages', §3 'Packages widget data', §4): two tabs, each a
 * carousel of flip cards fetched from the packages service, loading until its own fetch ends;
 * card colour by the configured style (§5); the two call-to-action blocks, the first opening the
 * voucher overlay. Shown on /videos/subscriptions and in the streamer layout.
 */
export function PackagesWidget({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const lists = usePackageLists();
  const [activeSection, setActiveSection] = useState<1 | 2>(1);
  const [voucherOpen, setVoucherOpen] = useState(false);
  // The widget's configured texts and style (spec §3 'Packages widget data'); empty means the default.
  const settings = useRouteLoaderData<typeof rootLoader>("root")?.settings ?? {};
  const setting = (key: string) => readSetting(settings, `packages.${key}`);
  const widgetStyle = setting("style") === "dark" ? "dark" : "light";
  const section = SECTIONS.find((s) => s.id === activeSection) ?? SECTIONS[0];
  const list = lists[section.type];
  const slow = useDelayedLoading(list.loading);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  // A price the subscriptions page's plan block asked for: its tab shown, then the price focused.
  const [wanted, setWanted] = useState<string | null>(null);
  useShowPrice(
    useCallback((priceId: string) => {
      setActiveSection(1);
      setWanted(priceId);
    }, []),
  );
  useEffect(() => {
    if (wanted && focusPrice(wanted)) setWanted(null);
  }, [wanted, list.loading, activeSection]);

  return (
    <div className={`packages-widget packages-widget--${widgetStyle}`}>
      <Segmented kind="tabs" center label="Package types" options={SECTIONS} selected={activeSection} onSelect={setActiveSection} panelId={(id) => `packages-panel-${id}`} />
      <div role="tabpanel" id={`packages-panel-${section.id}`} aria-labelledby={`packages-panel-${section.id}-tab`} aria-busy={list.loading}>
        <Heading className="visually-hidden">{section.label}</Heading>
        {list.loading ? (
          // the box holds its place at once; the loader shows only after the fetch helper's delay (spec §9)
          <p className="packages__loading" role="status">
            {slow ? (
              <>
                <span className="packages__spinner" aria-hidden="true" />
                Loading {section.label.toLowerCase()}…
              </>
            ) : null}
          </p>
        ) : list.packages.length === 0 ? (
          <p className="packages__empty">{setting(section.emptyKey) ?? section.empty}</p>
        ) : (
          <PackageCarousel key={section.id} label={section.label}>
            {list.packages.map((pkg) => (
              <PackageCard key={pkg.id} pkg={pkg} widgetStyle={widgetStyle} />
            ))}
          </PackageCarousel>
        )}
      </div>
      <div className={`packages__ctas packages__ctas--${setting("footerStyle") === "dark" ? "dark" : "light"}`}>
        <div className="packages__cta">
          <Heading>{setting("cta1Text") ?? "Got a voucher code?"}</Heading>
          <Button type="primary-dark" text={setting("cta1ButtonCta") ?? "Redeem a voucher"} onClick={() => setVoucherOpen(true)} />
        </div>
        <div className="packages__cta">
          <Heading>{setting("cta2Text") ?? "Questions?"}</Heading>
          <Button type="ghost-dark" href={readLinkSetting(settings, "packages.cta2ButtonLink") ?? "/videos/faqs"} text={setting("cta2ButtonCta") ?? "Read the FAQs"} />
        </div>
      </div>
      <VoucherOverlay
        open={voucherOpen}
        onClose={() => setVoucherOpen(false)}
        {...voucherTexts(setting)}
      />
    </div>
  );
}
