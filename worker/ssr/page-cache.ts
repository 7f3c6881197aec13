import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { currentVersion } from "../data/kv-cache";
import { clientAssets } from "./assets";

/**
 * Rendered pages are the same for every visitor (no inline script or nonce, and the header's
 * account state is filled in by the browser), so a 200 page is kept in the Workers cache for a
 * minute. The key carries the client build and the content cache generation: a deploy or
 * `invalidateCache()` (POST /api/admin/cache/invalidate) retires every stored page at once.
 * A request saying `Cache-Control: no-cache` is always rendered afresh.
 */
export const PAGE_TTL_SECONDS = 60;

export async function withPageCache(c: Context<AppEnv>, render: () => Promise<Response>): Promise<Response> {
  if (c.req.method !== "GET") return render();
  const { pathname, search } = new URL(c.req.url);
  const key = new Request(`https://page-cache.invalid/${clientAssets.entry}/v${await currentVersion(c.env)}${pathname}${search}`);
  const cache = await caches.open("pages");
  if (!/\bno-cache\b/.test(c.req.header("cache-control") ?? "")) {
    const hit = await cache.match(key);
    if (hit) return forBrowser(c, hit, "hit");
  }
  const response = await render();
  // Only a plain page for everyone: not errors or redirects, nor an answer that changes cookies.
  if (response.status !== 200 || response.headers.has("set-cookie") || !response.body) return response;
  const [toBrowser, toCache] = response.body.tee();
  const stored = new Response(toCache, response);
  stored.headers.delete("x-request-id");
  stored.headers.set("Cache-Control", `public, max-age=${PAGE_TTL_SECONDS}`);
  c.executionCtx.waitUntil(cache.put(key, stored));
  return forBrowser(c, new Response(toBrowser, response), "miss");
}

/** Browsers revalidate pages every time; only the worker's cache keeps them. */
function forBrowser(c: Context<AppEnv>, response: Response, state: "hit" | "miss"): Response {
  const out = new Response(response.body, response);
  out.headers.set("X-Request-Id", c.get("requestId"));
  out.headers.set("Cache-Control", "no-cache");
  out.headers.set("X-Page-Cache", state);
  return out;
}
