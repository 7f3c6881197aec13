import { createContext, use } from "react";
import { useMatches } from "react-router";
import { isPageHandle } from "../layouts/page-handle";

/** Page module name → the stylesheets of its own rules (the client build's manifest `styles`). */
export type RouteStyles = Readonly<Record<string, readonly string[]>>;

/** Carried on <html> so the browser links the same stylesheets the server did. */
export const ROUTE_STYLES_ATTRIBUTE = "data-route-styles";

export const RouteStylesContext = createContext<RouteStyles>({});

/** Reads the attribute back; anything but page names with lists of URLs is no styles at all. */
export function parseRouteStyles(text: string | undefined): RouteStyles {
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof value !== "object" || value === null) return {};
  const styles: Record<string, string[]> = {};
  for (const [page, urls] of Object.entries(value)) {
    if (Array.isArray(urls) && urls.every((url) => typeof url === "string")) styles[page] = urls;
  }
  return styles;
}

/**
 * The current page's own stylesheets, as React 19 stylesheet resources: the server puts them in
 * <head> after the shell's (precedence orders them), so they block the first paint, and on a
 * client-side navigation React holds the new page back until they have loaded.
 */
export function RouteStylesheets() {
  const styles = use(RouteStylesContext);
  const handle = useMatches().at(-1)?.handle;
  const modules = isPageHandle(handle) ? (handle.modules ?? []) : [];
  const urls = [...new Set(modules.flatMap((page) => styles[page] ?? []))];
  return urls.map((href) => <link key={href} rel="stylesheet" href={href} precedence="page" />);
}
