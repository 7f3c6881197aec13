import { createContext, useContext } from "react";

/**
 * The site's public origin ('https://www.example.com'), for the absolute addresses of canonical
 * links, Open Graph tags and structured data. The worker takes it from settings (SITE_ORIGIN, else
 * the request's origin) and carries it on <html data-origin>, where the browser reads it back, so
 * hydration renders the same tags.
 */
export const SITE_ORIGIN_ATTRIBUTE = "data-origin";

export const SiteOriginContext = createContext<string>("");

export function useSiteOrigin(): string {
  return useContext(SiteOriginContext);
}
