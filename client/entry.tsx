import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router";
import { RouterProvider } from "react-router/dom";
import { createRoutes } from "../src/routes";
import { Document } from "../src/app/Document";
import { createApiSiteData } from "./data/api-site-data";

// The stylesheet href must match what the server rendered, and only the DOM knows its hash.
const css = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.getAttribute("href") ?? "";
const routes = createRoutes(createApiSiteData());

/** Pages are lazy chunks: load the ones the server rendered before hydrating, so the trees match. */
async function resolveLandingPage(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

await resolveLandingPage(routes);
// Hydration data (window.__staticRouterHydrationData) is read by createBrowserRouter itself.
const router = createBrowserRouter(routes);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <Document assets={{ css }}>
        <RouterProvider router={router} />
      </Document>
    </StrictMode>,
  );
});
