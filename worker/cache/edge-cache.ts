import type { Context } from "hono";
import type { AppEnv } from "../env";
import { currentVersion } from "./kv-cache";

/**
 * The one wrapper of the Workers cache (`caches.open`): entries of cache `name` under the content
 * cache generation (worker/cache/kv-cache.ts), so invalidating the content retires every page and
 * file at once. `keyPath` tells entries of the cache apart; `put` stores after the answer has gone.
 */
export async function openEdgeCache(c: Context<AppEnv>, name: string, keyPath: string) {
  const version = await currentVersion(c.env);
  const key = new Request(`https://${name}.invalid/v${version}/${keyPath}`);
  const cache = await caches.open(name);
  return {
    match: () => cache.match(key),
    put: (response: Response) => c.executionCtx.waitUntil(cache.put(key, response)),
  };
}

/**
 * A generated file (calendar feed, sitemap) kept in the Workers cache under the content cache
 * generation (worker/cache/kv-cache.ts): invalidating the content retires it at once; otherwise it
 * lives `ttlSeconds`. `build` answers null for "nothing by that name" (404, never stored).
 * The answer says X-Edge-Cache: hit or miss.
 */
export async function edgeCached(
  c: Context<AppEnv>,
  cacheName: string,
  keyPath: string,
  ttlSeconds: number,
  build: () => Promise<{ body: string; headers: Record<string, string> } | null>,
): Promise<Response> {
  const cache = await openEdgeCache(c, cacheName, keyPath);
  const hit = await cache.match();
  if (hit) return marked(hit, "hit");
  const built = await build();
  if (!built) return c.text("Not found", 404);
  const response = new Response(built.body, { headers: { ...built.headers, "Cache-Control": `public, max-age=${ttlSeconds}` } });
  cache.put(response.clone());
  return marked(response, "miss");
}

function marked(response: Response, state: "hit" | "miss"): Response {
  const out = new Response(response.body, response);
  out.headers.set("X-Edge-Cache", state);
  return out;
}
