/**
 * KV cache-aside for the data every page needs (menus, sponsors, adverts, settings, promos).
 *
 * Keys are versioned: the current version lives in KV under VERSION_KEY, and every cached value's
 * key includes it. invalidateCache() bumps the version, so every older entry is simply never read
 * again and expires on its own (short TTL). KV is eventually consistent: other locations may serve
 * the old version for up to a minute after an invalidation, which the club accepts for this data.
 *
 * In front of KV sits a copy in the isolate's memory (same keys, same TTL; the generation itself
 * for a few seconds): a render whose data is warm there makes no KV read and no D1 query, which
 * is most of a rendered page's cost. invalidateCache() drops the copy of its own isolate at once;
 * other isolates follow within VERSION_MEMO_MS, well inside KV's own minute.
 */

type CacheEnv = Pick<Env, "CACHE">;

const VERSION_KEY = "site-cache:version";
/** Bump when the shape of cached values changes, so a deploy never reads the old shape. */
const SHAPE = "s2";
/** KV refuses an expirationTtl below 60 seconds. */
const KV_MIN_TTL_SECONDS = 60;
export const DEFAULT_TTL_SECONDS = 60;
/** How long an isolate trusts the generation it last read from KV. */
const VERSION_MEMO_MS = 5_000;

let versionMemo: { value: string; until: number } | null = null;
// Values, not promises: a promise made in one request must not be awaited by another (workerd).
const memo = new Map<string, { value: unknown; until: number }>();
/** Bounds the in-isolate copy (a handful of keys per generation in practice). */
const MEMO_MAX_ENTRIES = 200;

/** The cache generation: bumped by invalidateCache(); also part of the page cache key. */
export async function currentVersion(env: CacheEnv): Promise<string> {
  const now = Date.now();
  if (versionMemo && versionMemo.until > now) return versionMemo.value;
  let value: string;
  try {
    value = (await env.CACHE.get(VERSION_KEY)) ?? "0";
  } catch {
    return "0";
  }
  versionMemo = { value, until: now + VERSION_MEMO_MS };
  return value;
}

/**
 * The value under `key`, loaded with `load` and stored for `ttlSeconds` when missing.
 * KV failures never fail the request: the value is then loaded from D1.
 */
export async function cached<T>(env: CacheEnv, key: string, ttlSeconds: number, load: () => Promise<T>): Promise<T> {
  const fullKey = `site-cache:${SHAPE}:v${await currentVersion(env)}:${key}`;
  const inIsolate = memo.get(fullKey);
  if (inIsolate && inIsolate.until > Date.now()) return inIsolate.value as T;
  const value = await fromKvOrLoad(env, fullKey, ttlSeconds, load);
  if (memo.size >= MEMO_MAX_ENTRIES) memo.clear();
  memo.set(fullKey, { value, until: Date.now() + ttlSeconds * 1000 });
  return value;
}

async function fromKvOrLoad<T>(env: CacheEnv, fullKey: string, ttlSeconds: number, load: () => Promise<T>): Promise<T> {
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
  versionMemo = null;
  const version = Number.parseInt(await currentVersion(env), 10);
  const next = String(Number.isFinite(version) ? version + 1 : 1);
  await env.CACHE.put(VERSION_KEY, next);
  memo.clear();
  versionMemo = { value: next, until: Date.now() + VERSION_MEMO_MS };
}
