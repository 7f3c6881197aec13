import type { Context } from "hono";
import { openEdgeCache } from "../cache/edge-cache";
import { settingsOf, type AppEnv } from "../env";
import { clientAssets } from "./assets";
import { pageVariantKey, pageVariantOf, type PageVariant } from "./page-variant";
import { routeDataRequestOf } from "./route-data";
import { ROUTE_DATA_HEADER } from "../../src/app/route-data";
import { pageHandleAt } from "../../src/routes/routes";
import { pageQueryOf } from "../../src/data/page-query";
import type { PageQueryName } from "../../src/layouts/page-handle";

/**
 * Rendered pages are the same for every visitor (no inline script or nonce, and the header's
 * account state is filled in by the browser), so a 200 page is kept in the Workers cache for a
 * minute. The key carries the client build (entry, icon sprite and stylesheets) and the content cache generation: a deploy or
 * `invalidateCache()` (POST /api/admin/cache/invalidate) retires every stored page at once.
 *
 * The key is the path plus only the query parameters its route reads (the route's handle in
 * src/routes/routes.tsx), with values its loader accepts (src/data/page-query.ts), and the page is
 * rendered for exactly that URL: a parameter no page reads (`?utm_source=`, `?returnUrl=`, `?page=`
 * on the home page) is the same entry as without it, and an invalid value (`/news?page=abc`,
 * `/videos/browse?team=zzz`) renders the loader's 404, which is never stored. So random query
 * strings can neither grow the cache nor force renders of a stored page. A client's
 * `Cache-Control: no-cache` forces a fresh render only in development (the bench measures
 * rendering that way).
 *
 * Each page has a few variants (worker/pages/page-variant.ts): visitor or signed-in (the hint
 * cookie, src/app/signed-in-hint.ts) times the cookie preferences (src/app/viewer-preferences.ts).
 * A hit reads no session and makes no D1 query: only the Cache API and the KV cache generation.
 *
 * A browser navigation's data (the same URL with the route-data header, worker/pages/route-data.ts)
 * is kept beside its page under the same rules: its own entry per route id, in the same variants,
 * rendered for the same normalised URL, stored only when it is a plain 200 for everyone.
 */
export const PAGE_TTL_SECONDS = 60;

/**
 * The build version in the cache key (beside the content cache generation): the entry's, the icon
 * sprite's and every stylesheet's hashes, so a deploy that changes only icons or CSS never serves
 * pages pointing at a removed file.
 */
const BUILD = [clientAssets.entry, clientAssets.icons, clientAssets.css, ...new Set(Object.values(clientAssets.styles).flat())].join("");

/** Query names by path, kept in the isolate: matching ranks the whole route table each time. */
const queryByPath = new Map<string, readonly PageQueryName[]>();
const QUERY_BY_PATH_LIMIT = 1000;

function routeQueryOf(pathname: string): readonly PageQueryName[] {
  const known = queryByPath.get(pathname);
  if (known) return known;
  const names = pageHandleAt(pathname)?.query ?? [];
  if (queryByPath.size >= QUERY_BY_PATH_LIMIT) queryByPath.clear();
  queryByPath.set(pathname, names);
  return names;
}

/**
 * The URL a page is rendered (and, when `cacheable`, cached) for: the path plus the query
 * parameters its route reads, in the route's order. Not cacheable when one of their values is
 * invalid: the URL then keeps it as given, so the loader answers its 404.
 */
export function pageCacheUrl(requestUrl: string): { url: URL; cacheable: boolean } {
  const url = new URL(requestUrl);
  const query = pageQueryOf(routeQueryOf(url.pathname), url.searchParams);
  url.search = query.search;
  url.hash = "";
  return { url, cacheable: query.valid };
}

export async function withPageCache(
  c: Context<AppEnv>,
  render: (request: Request, variant: PageVariant) => Promise<Response>,
): Promise<Response> {
  const variant = pageVariantOf(c);
  if (c.req.method !== "GET") return render(c.req.raw, variant);
  const { url: pageUrl, cacheable } = pageCacheUrl(c.req.url);
  const request = new Request(pageUrl, c.req.raw);
  // An invalid value is the loader's 404: rendered each time, never looked up or stored.
  if (!cacheable) return render(request, variant);
  const routeId = routeDataRequestOf(request);
  const answer = routeId === undefined ? "page" : `data:${routeId}`;
  const cache = await openEdgeCache(c, "pages", `${pageVariantKey(variant)}${BUILD}${answer}${pageUrl.pathname}${pageUrl.search}`);
  const forceRender = settingsOf(c.env).isDevelopment && /\bno-cache\b/.test(c.req.header("cache-control") ?? "");
  if (!forceRender) {
    const hit = await cache.match();
    if (hit) return forBrowser(c, hit, "hit");
  }
  const response = await render(request, variant);
  // Only a plain page for everyone: not errors or redirects, nor an answer that changes cookies.
  // Nor a page that says it must not be kept (a match in play, src/routes/matches/matches.loader.ts).
  if (response.status !== 200 || response.headers.has("set-cookie") || !response.body) return response;
  if (/\bno-store\b/.test(response.headers.get("cache-control") ?? "")) return forBrowser(c, response, "miss");
  // Read whole, then given to both: nothing suspends while a page renders (its data is loaded
  // first and the lazy parts are preloaded), so React has the whole document when the first byte
  // leaves and reading it costs no time to first byte. A tee() pumped every chunk twice in
  // JavaScript: rendered each time, `/` served 131 requests/s with it and 154 without (local workerd).
  const body = await response.arrayBuffer();
  const stored = new Response(body, response);
  stored.headers.delete("x-request-id");
  stored.headers.set("Cache-Control", `public, max-age=${PAGE_TTL_SECONDS}`);
  cache.put(stored);
  return forBrowser(c, new Response(body, response), "miss");
}

/** Browsers revalidate pages every time; only the worker's cache keeps them. */
function forBrowser(c: Context<AppEnv>, response: Response, state: "hit" | "miss"): Response {
  const out = new Response(response.body, response);
  out.headers.set("X-Request-Id", c.get("requestId"));
  out.headers.set("Cache-Control", "no-cache");
  out.headers.set("X-Page-Cache", state);
  // A page and its route data share a URL: a browser's cache must not answer one with the other.
  out.headers.set("Vary", ROUTE_DATA_HEADER);
  return out;
}
