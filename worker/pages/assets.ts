import { matchRoutes, type RouteObject } from "react-router";
import manifest from "../../public/build/manifest.json";
import { isPageHandle } from "../../src/layouts/page-handle";
import type { ClientManifest } from "./client-manifest";

/** The client build the pages reference (typed by built-manifest.d.ts). */
export const clientAssets: ClientManifest = manifest;

/** The answers so far, by path: the route table's shape is the same for every request (only its loaders' data differ). */
const preloadsByPath = new Map<string, string[]>();
const PRELOADS_LIMIT = 1000;

/**
 * Module URLs a first visit to `url` needs: the entry's chunks and the landing page's own, so the
 * browser fetches them all at once instead of discovering them one import at a time. Kept per
 * path in the isolate: matching flattens and ranks the whole route table each time (5% of a
 * render's CPU in a profile of `/`).
 */
export function modulePreloads(routes: RouteObject[], url: URL): string[] {
  const known = preloadsByPath.get(url.pathname);
  if (known) return known;
  const pageFiles = (matchRoutes(routes, url) ?? []).flatMap(({ route }) =>
    isPageHandle(route.handle) ? (route.handle.modules ?? []).flatMap((m) => clientAssets.pages[m] ?? []) : [],
  );
  const preloads = [...new Set([...clientAssets.preload, ...pageFiles])];
  if (preloadsByPath.size >= PRELOADS_LIMIT) preloadsByPath.clear();
  preloadsByPath.set(url.pathname, preloads);
  return preloads;
}
