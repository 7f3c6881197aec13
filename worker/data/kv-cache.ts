/**
 * KV cache-aside for the data every page needs (menus, sponsors, adverts, settings, promos).
 *
 * Keys are versioned: the current version lives in KV under VERSION_KEY, and every cached value's
 * key includes it. invalidateCache() bumps the version, so every older entry is simply never read
 * again and expires on its own (short TTL). KV is eventually consistent: other locations may serve
 * the old version for up to a minute after an invalidation, which the club accepts for this data.
 */

type CacheEnv = Pick<Env, "CACHE">;

const VERSION_KEY = "site-cache:version";
/** Bump when the shape of cached values changes, so a deploy never reads the old shape. */
const SHAPE = "s2";
/** KV refuses an expirationTtl below 60 seconds. */
const KV_MIN_TTL_SECONDS = 60;
export const DEFAULT_TTL_SECONDS = 60;

/** The cache generation: bumped by invalidateCache(); also part of the page cache key. */
export async function currentVersion(env: CacheEnv): Promise<string> {
  try {
    return (await env.CACHE.get(VERSION_KEY)) ?? "0";
  } catch {
    return "0";
  }
}

/**
 * The value under `key`, loaded with `load` and stored for `ttlSeconds` when missing.
 * KV failures never fail the request: the value is then loaded from D1.
 */
export async function cached<T>(env: CacheEnv, key: string, ttlSeconds: number, load: () => Promise<T>): Promise<T> {
  const fullKey = `site-cache:${SHAPE}:v${await currentVersion(env)}:${key}`;
  try {
    const hit = await env.CACHE.get<T>(fullKey, "json");
    if (hit !== null) return hit;
  } catch {
    // fall through to D1
  }
  const value = await load();
  try {
    await env.CACHE.put(fullKey, JSON.stringify(value), { expirationTtl: Math.max(KV_MIN_TTL_SECONDS, Math.ceil(ttlSeconds)) });
  } catch {
    // A failed write (e.g. KV's one-write-per-second limit on a key) only costs a D1 read next time.
  }
  return value;
}

/** Makes every cached value stale at once; call it whenever the club changes content. */
export async function invalidateCache(env: CacheEnv): Promise<void> {
  const version = Number.parseInt(await currentVersion(env), 10);
  await env.CACHE.put(VERSION_KEY, String(Number.isFinite(version) ? version + 1 : 1));
}
