import type { LoaderFunctionArgs } from "react-router";
import type { PageHandle } from "../layouts/page-handle";
import type { LazyPage } from "./lazy-page";

/**
 * How a route gets its data. The worker runs the route's loader (its family's `*.loader.ts`, by
 * route id: worker/pages/route-loaders.ts); the browser asks the worker for that route's result
 * (client/route-data.ts) and never downloads a loader.
 */
export type LoadRoute = (args: LoaderFunctionArgs, route: { id: string }) => Promise<unknown>;

/**
 * A page of the route table, without its data: createRoutes (routes.tsx) gives it its `load`.
 * Each family folder declares its own in its `routes.ts`.
 */
export interface PageRoute {
  path?: string;
  index?: true;
  id?: string;
  page: LazyPage;
  /** the header style's page kind and the query parameters the page reads */
  handle: PageHandle;
  /** the route has a loader: its family's `*.loader.ts` has one under this route's id */
  data?: true;
}
