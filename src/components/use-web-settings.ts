import { useRouteLoaderData } from "react-router";
import type { rootLoader } from "../layouts/root.loader";
import { readSetting } from "../data/web-settings";

/**
 * One web setting (spec §3 'Web settings') from the root loader's shell, or `fallback` when the
 * club has not set it: the page follows an admin change on its next request.
 */
export function useWebSetting(dottedKey: string, fallback: string): string {
  const settings = useRouteLoaderData<typeof rootLoader>("root")?.settings ?? {};
  return readSetting(settings, dottedKey) ?? fallback;
}
