import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { currentVersion } from "../data/kv-cache";
import { settingsOf } from "../env";
import { clientAssets } from "./assets";
import { pageVariantKey, pageVariantOf, type PageVariant } from "./page-variant";
import { VIDEO_FILTERS } from "../../src/data/video-filter";

/**
 * Rendered pages are the same for every visitor (no inline script or nonce, and the header's
 * account state is filled in by the browser), so a 200 page is kept in the Workers cache for a
 * minute. The key carries the client build (entry and icon sprite) and the content cache generation: a deploy or
 * `invalidateCache()` (POST /api/admin/cache/invalidate) retires every stored page at once.
 *
 * The key is the path plus only the query parameters a page reads while rendering
 * (PAGE_QUERY_PARAMS), and the page is rendered for exactly that URL: random query strings can
 * neither grow the cache nor force renders. A client's `Cache-Control: no-cache` forces a fresh
 * render only in development (the bench measures rendering that way).
 *
 * Each page has a few variants (worker/ssr/page-variant.ts): visitor or signed-in (the hint
 * cookie, src/app/signed-in-hint.ts) times the cookie preferences (src/app/viewer-preferences.ts).
 * A hit reads no session and makes no D1 query: only the Cache API and the KV cache generation.
 */
export const PAGE_TTL_SECONDS = 60;

/**
 * `page` of the lists; `returnUrl` of /account/login (its Log In link); the video browse filters
 * (team, season, duration: their values are checked, an unknown one is a 404 and never stored).
 * Everything else is read by the browser only.
 */
export const PAGE_QUERY_PARAMS: readonly string[] = ["page", "returnUrl", ...VIDEO_FILTERS.map((f) => f.searchHandler)];

/** The URL a page is rendered and cached for: path plus the query parameters pages read, in a fixed order. */
export function pageCacheUrl(requestUrl: string): URL {
  const url = new URL(requestUrl);
  const kept = new URLSearchParams();
  for (const name of PAGE_QUERY_PARAMS) {
    const value = url.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  url.search = kept.toString();
  url.hash = "";
  return url;
}

export async function withPageCache(
  c: Context<AppEnv>,
  render: (request: Request, variant: PageVariant) => Promise<Response>,
): Promise<Response> {
  const variant = pageVariantOf(c);
  if (c.req.method !== "GET") return render(c.req.raw, variant);
  const pageUrl = pageCacheUrl(c.req.url);
  const request = new Request(pageUrl, c.req.raw);
  const version = await currentVersion(c.env);
  // The build version: the entry's and the icon sprite's hashes (a deploy that changes only icons
  // must not serve pages pointing at a removed sprite), then the content cache generation.
  const build = `${clientAssets.entry}${clientAssets.icons}`;
  const key = new Request(
    `https://page-cache.invalid${build}/v${version}/${pageVariantKey(variant)}${pageUrl.pathname}${pageUrl.search}`,
  );
  const cache = await caches.open("pages");
  const forceRender = settingsOf(c.env).isDevelopment && /\bno-cache\b/.test(c.req.header("cache-control") ?? "");
  if (!forceRender) {
    const hit = await cache.match(key);
    if (hit) return forBrowser(c, hit, "hit");
  }
  const response = await render(request, variant);
  // Only a plain page for everyone: not errors or redirects, nor an answer that changes cookies.
  if (response.status !== 200 || response.headers.has("set-cookie") || !response.body) return response;
  // Read whole, then given to both: nothing suspends while a page renders (its data is loaded
  // first and the lazy parts are preloaded), so React has the whole document when the first byte
  // leaves and reading it costs no time to first byte. A tee() pumped every chunk twice in
  // JavaScript: rendered each time, `/` served 131 requests/s with it and 154 without (local workerd).
  const body = await response.arrayBuffer();
  const stored = new Response(body, response);
  stored.headers.delete("x-request-id");
  stored.headers.set("Cache-Control", `public, max-age=${PAGE_TTL_SECONDS}`);
  c.executionCtx.waitUntil(cache.put(key, stored));
  return forBrowser(c, new Response(body, response), "miss");
}

/** Browsers revalidate pages every time; only the worker's cache keeps them. */
function forBrowser(c: Context<AppEnv>, response: Response, state: "hit" | "miss"): Response {
  const out = new Response(response.body, response);
  out.headers.set("X-Request-Id", c.get("requestId"));
  out.headers.set("Cache-Control", "no-cache");
  out.headers.set("X-Page-Cache", state);
  return out;
}
