import type { ReactNode } from "react";
import { IconSpriteContext } from "../components/sprite-context";
import { AppStateProvider } from "../state/store";
import { ROUTER_DATA_ID } from "./router-data";
import { ROUTE_STYLES_ATTRIBUTE, RouteStylesContext, type RouteStyles } from "./route-styles";
import { SITE_ORIGIN_ATTRIBUTE, SiteOriginContext } from "./site-origin";
import { SignedInHintContext } from "./signed-in-hint";
import { DEFAULT_PREFERENCES, PREFERENCES_ATTRIBUTE, preferencesKey, ViewerPreferencesContext, type ViewerPreferences } from "./viewer-preferences";

export interface DocumentAssets {
  /** hashed URL of the shell stylesheet from the client build */
  css: string;
  /** each page module's own stylesheets (carried on <html data-route-styles> for the browser) */
  styles: RouteStyles;
  /** hashed icon sprite URL from the client build (carried on <html data-icons> for the browser) */
  icons: string;
  /** the site's public origin, for canonical and Open Graph addresses (src/app/site-origin.ts) */
  origin?: string;
}

/**
 * The whole HTML document, rendered by the worker and hydrated by the browser (hydrateRoot on
 * `document`), so both sides must pass the same assets and router data (the browser reads them
 * back from the page). The client state lives outside the router so the error page keeps it too.
 */
export function Document({
  assets,
  routerData,
  signedInHint = false,
  preferences = DEFAULT_PREFERENCES,
  children,
}: {
  assets: DocumentAssets;
  routerData: string;
  /** the signed-in variant of a page (src/app/signed-in-hint.ts) */
  signedInHint?: boolean;
  /** the cookie preferences the page is rendered for (src/app/viewer-preferences.ts) */
  preferences?: ViewerPreferences;
  children: ReactNode;
}) {
  return (
    <html lang="en-GB" data-icons={assets.icons} {...{ [ROUTE_STYLES_ATTRIBUTE]: JSON.stringify(assets.styles) }} {...{ [SITE_ORIGIN_ATTRIBUTE]: assets.origin }} data-signed-in={signedInHint ? "true" : undefined} {...{ [PREFERENCES_ATTRIBUTE]: preferencesKey(preferences) }}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1f3a" />
        {/* Title, description, canonical and Open Graph tags are each page's own (src/components/DocumentTitle.tsx). */}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* A React resource (precedence): React writes it before the module preloads, so the one
            render-blocking file is asked for first. */}
        <link rel="stylesheet" href={assets.css} precedence="default" />
      </head>
      <body>
        <SiteOriginContext value={assets.origin ?? ""}>
        <IconSpriteContext value={assets.icons}>
        <RouteStylesContext value={assets.styles}>
          <SignedInHintContext.Provider value={signedInHint}>
            <ViewerPreferencesContext value={preferences}>
              <AppStateProvider preferences={preferences}>{children}</AppStateProvider>
            </ViewerPreferencesContext>
          </SignedInHintContext.Provider>
        </RouteStylesContext>
        </IconSpriteContext>
        </SiteOriginContext>
        <script type="application/json" id={ROUTER_DATA_ID} dangerouslySetInnerHTML={{ __html: routerData }} />
      </body>
    </html>
  );
}
