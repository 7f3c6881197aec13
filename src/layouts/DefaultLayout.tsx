import { Suspense, useEffect, useRef, type ReactNode } from "react";
import { ScrollRestoration, useLocation } from "react-router";
import type { PageShell } from "../schemas/shell";
import type { HeaderStyle } from "../state/app-state";
import { useAppState, useBackgroundLock } from "../state/store";
import AccountNotification from "../components/account/AccountNotification";
import { useLoginCheck } from "../components/account/use-login-check";
import CookieConsent from "../components/CookieConsent";
import SiteHeader from "../components/header/SiteHeader";
import StickyNav from "../components/header/StickyNav";
import { useHeaderScroll } from "../components/header/use-header-scroll";
import RouteProgress from "../components/RouteProgress";
import { useHashScroll } from "../components/use-hash-scroll";
import { AudioPlayerSlot, MediaPlayerSlot } from "../components/player/MediaPlayerSlot";
import SearchSlot from "../components/search/SearchSlot";
import OverlayPromoSlot from "../components/promo/OverlayPromoSlot";
import { layoutVariants } from "../domain/layout-variants";
import { SkipLink } from "./SkipLink";

import OnDemand from "../components/OnDemand";
import { AccountPanel, ErrorNotification, MainMenu, PackagesModal, UpgradePromo } from "../components/on-demand-parts";
import FooterRegion from "../components/footer/FooterRegion";
import { usePageViews } from "../components/tracking/use-tracker";

export interface DefaultLayoutProps {
  /** CMS data (menu, sponsors, adverts, settings); null when it failed to load: static nav only */
  shell: PageShell | null;
  headerStyle: HeaderStyle;
  children: ReactNode;
}

/**
 * The Default layout of spec §2 'Layouts': skip link, progress bar, header with its sticky
 * copy, main menu, the page, footer adverts, footer, the account panel and notifications, and
 * the cookie popup. Search, the media players and promos mount beside them as they land.
 * The skip link is the first thing Tab reaches; the cookie popup (fixed at the bottom) comes
 * right after it in the document so the keyboard meets it before the page.
 */
export default function DefaultLayout({ shell, headerStyle, children }: DefaultLayoutProps) {
  const { state, dispatch } = useAppState();
  const scroll = useHeaderScroll();
  // Spec §2: the header, footer advertising and footer variants come from the web settings.
  const variants = layoutVariants(shell?.settings ?? {});
  useBackgroundLock();
  useLoginCheck();
  useRouteChanged(dispatch);
  useHashScroll();
  usePageViews();

  // Keep the client state's header style in step with the page (spec §3 'headerStyle').
  useEffect(() => {
    dispatch({ type: "headerStyle/set", headerStyle });
  }, [headerStyle, dispatch]);

  return (
    <div className="site" data-header-style={headerStyle}>
      <SkipLink />
      <CookieConsent settings={shell?.settings ?? {}} />
      <RouteProgress />
      <SiteHeader shell={shell} headerStyle={headerStyle} scroll={scroll} variant={variants.header} />
      {/* v3 stays in place while scrolling, so it has no sticky copy to show */}
      {variants.header === "sticky" ? <StickyNav scroll={scroll} /> : null}
      <SearchSlot />
      {/* With the header, not in the last boundary: for a new visitor the promo is the largest
          thing on screen, and it shows as soon as the header and the page have hydrated. */}
      <OverlayPromoSlot />
      <OnDemand wanted={state.menuOpen}>
        <MainMenu shell={shell} />
      </OnDemand>
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      {/* Below the fold: hydrates when the footer is wanted (near the screen, or the first navigation). */}
      <FooterRegion shell={shell} variant={variants.footer} advertsVariant={variants.footerAdverts} />
      {/* The overlays: a boundary that hydrates in a task of its own after the header and the page,
          so no single long task blocks the first interaction. */}
      <Suspense>
        <MediaPlayerSlot />
        <AudioPlayerSlot />
        <OnDemand wanted={state.upgradePromo.display}>
          <UpgradePromo />
        </OnDemand>
        <OnDemand wanted={state.accountHeaderOpen}>
          <AccountPanel />
        </OnDemand>
        <OnDemand wanted={state.showPackages}>
          <PackagesModal />
        </OnDemand>
        <AccountNotification />
        <OnDemand wanted={state.errorNotification.display}>
          <ErrorNotification />
        </OnDemand>
        <HydratedSignal />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}

/**
 * Marks <html data-hydrated> once the last boundary of the layout has hydrated (boundaries
 * hydrate in document order): tests and monitoring wait for it before using the page.
 */
function HydratedSignal() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

/** Dispatches route/changed on every navigation after the first render (spec §2: search closes). */
function useRouteChanged(dispatch: ReturnType<typeof useAppState>["dispatch"]): void {
  const { pathname, search } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const current = pathname + search;
    if (previous.current !== null && previous.current !== current) dispatch({ type: "route/changed" });
    previous.current = current;
  }, [pathname, search, dispatch]);
}
