import type { ComponentType } from "react";
import { loadingRegions } from "../components/lower-region/lower-region";

/**
 * Every page is its own chunk in the browser: a first visit downloads only the page it lands on,
 * and later navigations fetch a page's code in parallel with its data. A family's `routes.ts`
 * declares its pages with `page(...)`; the client build makes a chunk of each dynamic import
 * there (scripts/build-client.mjs). The worker resolves them before rendering; the client entry
 * resolves the landing page's before hydrating.
 */
type PageModule = { default: ComponentType };

/**
 * A page: `Component` is its route's lazy `Component` (react-router's object form of `lazy`);
 * `modules` names the page files, so the worker can preload their chunks and link their
 * stylesheets (the route handle carries them: worker/pages/assets.ts, src/app/route-styles.tsx).
 */
export interface LazyPage {
  modules: string[];
  Component: () => Promise<ComponentType>;
}

/**
 * A page made of one or more page files. Its lower regions (src/components/lower-region/) load
 * with its chunk during a navigation, so they are there when the page first shows; at hydration
 * they wait to be wanted.
 */
export const lazyPage = (modules: string[], load: () => Promise<ComponentType>): LazyPage => ({
  modules,
  Component: async () => {
    const Component = await load();
    await loadingRegions();
    return Component;
  },
});

/** A page of one file: `name` is the file's name, which names its chunk in the build's manifest. */
export const page = (name: string, load: () => Promise<PageModule>): LazyPage => lazyPage([name], async () => (await load()).default);
