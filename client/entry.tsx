import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { createRoutes } from "../src/routes";
import { Document } from "../src/app/Document";
import { createApiSiteData } from "./data/api-site-data";

// The stylesheet href must match what the server rendered, and only the DOM knows its hash.
const css = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.getAttribute("href") ?? "";

// Hydration data (window.__staticRouterHydrationData) is read by createBrowserRouter itself.
const router = createBrowserRouter(createRoutes(createApiSiteData()));

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
