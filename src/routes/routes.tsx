import { matchRoutes, type LoaderFunctionArgs, type RouteObject } from "react-router";
import { isPageHandle, type PageHandle } from "../layouts/page-handle";
import { RootLayout } from "../layouts/RootLayout";
import { RootError } from "../layouts/RootError";
import { takeKeptPage } from "../layouts/child-view/kept-page";
import type { LoadRoute, PageRoute } from "./page-route";
import { homeRoutes } from "./home/routes";
import { newsRoutes } from "./news/routes";
import { matchesRoutes } from "./matches/routes";
import { teamsRoutes } from "./teams/routes";
import { videosRoutes, streamerRoutes } from "./videos/routes";
import { liveRoutes } from "./live/routes";
import { loginRoutes, paymentRoutes } from "./account/routes";
import { consoleRoutes } from "./console/routes";
import { contentRoutes } from "./content/routes";

export type { LoadRoute } from "./page-route";

/**
 * The one route table of spec §2, under the root layout: each family folder declares its routes
 * (`<family>/routes.ts`) and this table composes them. The order is the table's (a catch-all
 * last); the login page and /streamer sit between Rovers TV's and the console's routes as they
 * always have. A route's handle names the query parameters its loader reads
 * (src/layouts/page-handle.ts): the page cache keys on exactly those.
 */
const pageRoutes: PageRoute[] = [
  homeRoutes,
  newsRoutes,
  matchesRoutes,
  teamsRoutes,
  videosRoutes,
  liveRoutes,
  loginRoutes,
  streamerRoutes,
  paymentRoutes,
  consoleRoutes,
  contentRoutes,
].flat();

/**
 * A route's id, the same on both sides and across deploys of an unchanged table: its path (the
 * index route is `home`). The browser names it when it asks the worker for the route's data.
 */
const routeIdOf = ({ id, index, path }: PageRoute): string => id ?? (index ? "home" : (path ?? ""));

/**
 * The route table of spec §2, used by the worker (static handler) and the browser (data router).
 * `load` gives a route with `data` its data: the worker runs the route's loader (its family's
 * `*.loader.ts`, by route id); the browser asks the worker for the result with one request per
 * navigation.
 */
export function createRoutes(load: LoadRoute): RouteObject[] {
  // A loader is a plain function, not a key of `lazy`: the router loads every lazy key of the
  // landing page at hydration and runs what it loaded, so a first visit (whose data came with the
  // HTML) would fetch its data for nothing. Keys a route does not have stay absent, as react-router
  // expects of lazy routes.
  const bound = (route: PageRoute) => {
    const id = routeIdOf(route);
    return {
      id,
      // The page a news child view was open over answers its own way back (src/layouts/child-view/).
      ...(route.data
        ? {
            loader: async (args: LoaderFunctionArgs) => {
              const kept = takeKeptPage(args.request.url)?.data;
              if (kept != null) return kept;
              return load(args, { id });
            },
          }
        : {}),
    };
  };
  return [
    {
      id: "root",
      path: "/",
      element: <RootLayout />,
      errorElement: <RootError />,
      loader: (args: LoaderFunctionArgs) => load(args, { id: "root" }),
      shouldRevalidate: () => false,
      children: pageRoutes.map((route): RouteObject => {
        const { index, path, page, handle } = route;
        const lazy = { Component: page.Component };
        const withModules = { ...handle, modules: page.modules };
        return index ? { index, lazy, handle: withModules, ...bound(route) } : { path, lazy, handle: withModules, ...bound(route) };
      }),
    },
  ];
}

/** The routes' shapes only, to match a path without loaders or data. */
const matchTable: RouteObject[] = [{ path: "/", children: pageRoutes.map(({ index, path, handle }): RouteObject => (index ? { index, handle } : { path, handle })) }];

/** The handle of the page `pathname` renders (the catch-all's when nothing else matches). */
export function pageHandleAt(pathname: string): PageHandle | undefined {
  const handle: unknown = matchRoutes(matchTable, pathname)?.at(-1)?.route.handle;
  return isPageHandle(handle) ? handle : undefined;
}
