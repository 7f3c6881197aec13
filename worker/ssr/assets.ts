import { matchRoutes, type RouteObject } from "react-router";
import manifest from "../../public/build/manifest.json";
import { isLazyPage } from "../../src/pages/lazy-pages";
import type { ClientManifest } from "./client-manifest";

/** The client build the pages reference (typed by built-manifest.d.ts). */
export const clientAssets: ClientManifest = manifest;

/**
 * Module URLs a first visit to `url` needs: the entry's chunks and the landing page's own, so the
 * browser fetches them all at once instead of discovering them one import at a time.
 */
export function modulePreloads(routes: RouteObject[], url: URL): string[] {
  const pageFiles = (matchRoutes(routes, url) ?? []).flatMap(({ route }) =>
    isLazyPage(route.lazy) ? route.lazy.modules.flatMap((m) => clientAssets.pages[m] ?? []) : [],
  );
  return [...new Set([...clientAssets.preload, ...pageFiles])];
}
