import type { LoaderFunctionArgs } from "react-router";
import type { SiteData } from "../data/site-data";
import type { PageHandle } from "../layouts/page-handle";
import type { pages } from "./lazy-pages";

/** A route's loader: it runs on the server only, over the worker's SiteData (D1/KV). */
export type Loader = (args: LoaderFunctionArgs, data: SiteData) => Promise<unknown>;

/**
 * How a route gets its data. The worker imports the route's loader module and runs it; the browser
 * asks the worker for that route's result (client/route-data.ts) and never downloads a loader.
 */
export type LoadRoute = (args: LoaderFunctionArgs, route: { id: string; loader: () => Promise<Loader> }) => Promise<unknown>;

/**
 * A page of the route table, without its data: createRoutes (routes.tsx) gives it its `load`.
 * Each family folder declares its own in its `routes.ts`.
 */
export interface PageRoute {
  path?: string;
  index?: true;
  id?: string;
  page: (typeof pages)[keyof typeof pages];
  /** the header style's page kind and the query parameters the page reads */
  handle: PageHandle;
  /** imports the route family's `*.loader.ts` module (its own chunk in the browser) and picks the loader */
  loader?: () => Promise<Loader>;
}

/**
 * A route's `loader`: imports its family's loader module on first use and picks `name` from it.
 * (One call per route rather than an arrow each: the table is in every first visit's JavaScript.)
 */
export function loaderFrom<M extends Record<K, Loader>, K extends keyof M & string>(load: () => Promise<M>, name: K): () => Promise<Loader> {
  return () => load().then((module) => module[name]);
}
