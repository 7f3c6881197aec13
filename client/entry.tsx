import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router";
import { RouterProvider } from "react-router/dom";
import { createRoutes } from "../src/routes/routes";
import { Document } from "../src/app/Document";
import { preloadErrorPage } from "../src/layouts/RootError";
import { ROUTER_DATA_ID } from "../src/app/router-data";
import { parseRouteStyles, ROUTE_STYLES_ATTRIBUTE } from "../src/app/route-styles";
import { SIGNED_IN_HINT_ATTRIBUTE } from "../src/app/signed-in-hint";
import { PREFERENCES_ATTRIBUTE, preferencesFromKey } from "../src/app/viewer-preferences";
import { reloadOnChunkError } from "./chunk-reload";
import { registerAudioPlayer, registerMatchVideoPlayer, registerVideoPlayer } from "../src/components/player/MediaPlayerSlot";
import { registerOverlayPromo } from "../src/components/promo/OverlayPromoSlot";
import { registerMenuSource } from "../src/components/menu/menu-source";
import { wantEveryRegion } from "../src/components/lower-region/region-wanted";
import { registerClubTimeText } from "../src/components/club-time";

// The stylesheet href, the icon sprite and the router data must match what the server rendered: read them back.
const css = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.getAttribute("href") ?? "";
const icons = document.documentElement.dataset.icons ?? "";
const styles = parseRouteStyles(document.documentElement.getAttribute(ROUTE_STYLES_ATTRIBUTE) ?? undefined);
const origin = document.documentElement.dataset.origin ?? window.location.origin;
const routerData = document.getElementById(ROUTER_DATA_ID)?.textContent ?? "{}";
const signedInHint = document.documentElement.hasAttribute(SIGNED_IN_HINT_ATTRIBUTE);
const preferences = preferencesFromKey(document.documentElement.getAttribute(PREFERENCES_ATTRIBUTE) ?? undefined);
// react-router revives its own serialised errors from this global (see src/app/router-data.ts).
(window as Window & { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData = JSON.parse(routerData);
// A route's data comes from the worker, which runs its loader (client/route-data.ts): one request
// per navigation, and no loader code in the browser.
const routes = createRoutes((args, route) => import("./route-data").then((m) => m.routeData(args, route.id)));
// The main menu's page tree comes with the drawer's first opening, not in every page's data.
registerMenuSource(() => import("./menu-pages").then((m) => m.menuPages()));
// The video player overlay and hls.js are their own chunks, fetched when a player first opens.
registerVideoPlayer(() => import("./player/VideoPlayerOverlay"));
registerAudioPlayer(() => import("./player/AudioPlayerBar"));
registerMatchVideoPlayer(() => import("./player/MatchVideoPlayer"));
// Dates: printed by the server; the browser's own formatter (dayjs) comes when it must print one.
registerClubTimeText(() => import("../src/domain/date-format").then((m) => m.clubTimeText));
// The overlay promo: its own chunk, loaded once the page has hydrated.
registerOverlayPromo(() => import("./promo/OverlayPromoHost"));

/**
 * Pages are lazy chunks: load the ones the server rendered before hydrating, so the trees match.
 * Their loaders stay unfetched: the server's data came with the page (src/routes/routes.tsx).
 */
async function resolveLandingPage(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "object" || !route.lazy.Component) return;
      Object.assign(route, { Component: await route.lazy.Component(), lazy: undefined });
    }),
  );
}

await resolveLandingPage(routes);
const router = createBrowserRouter(routes);
reloadOnChunkError(router);
// Lower regions (the footer, a page's lower sections) hydrate when they come near the screen, or
// as the first navigation starts (src/components/lower-region/region-wanted.ts).
// The error page's code comes then too (src/layouts/RootError.tsx), in case a later one fails offline.
const stopWatching = router.subscribe(() => {
  wantEveryRegion();
  void preloadErrorPage().catch(() => undefined);
  stopWatching();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <Document assets={{ css, styles, icons, origin }} routerData={routerData} signedInHint={signedInHint} preferences={preferences}>
        <RouterProvider router={router} />
      </Document>
    </StrictMode>,
  );
});
