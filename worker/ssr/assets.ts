import { matchRoutes, type RouteObject } from "react-router";
import manifest from "../../public/build/manifest.json";
import { isLazyPage } from "../../src/pages/lazy-pages";

/** Hashed client files written by scripts/build-client.mjs. */
export interface ClientManifest {
  entry: string;
  css: string;
  /** the icon sprite (src/components/icon-sprite.ts) */
  icons: string;
  /** chunks the entry imports statically */
  preload: string[];
  /** page name → its chunk and the chunks it needs beyond the entry's */
  pages: Record<string, string[]>;
}

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
