/**
 * KV cache-aside for the data every page needs (menus, sponsors, adverts, settings, promos).
 *
 * Keys are versioned by generations: KV holds, under GENERATIONS_KEY, one counter for the whole
 * cache ("all") and one per area the club edits (adverts, promos, sponsors, menu, settings). A
 * cached value's key carries the generations of the areas it was built from, so an admin write
 * bumps only its area's counter and only the values built from that area are never read again
 * (they expire on their own, short TTL): nothing has to be deleted in every location, and no one
 * waits out the TTL. invalidateCache() bumps "all", which every key carries. KV is eventually
 * consistent: other locations may read the old counters for up to a minute, which the club
 * accepts for this data.
 *
 * In front of KV sits a copy in the isolate's memory (same keys, same TTL; the generations
 * themselves for a few seconds): a render whose data is warm there makes no KV read and no D1
 * query, which is most of a rendered page's cost. A bump drops the copy of its own isolate at
 * once; other isolates follow within GENERATIONS_MEMO_MS, well inside KV's own minute.
 */

import * as z from "zod/mini";
import type { $ZodType } from "zod/v4/core";

type CacheEnv = Pick<Env, "CACHE">;

/** The areas the admin API writes (worker/club-api/content.ts); each has its own generation. */
export const CACHE_AREAS = ["adverts", "promos", "sponsors", "menu", "settings"] as const;
export type CacheArea = (typeof CACHE_AREAS)[number];

type Generations = Record<"all" | CacheArea, number>;

const GENERATIONS_KEY = "site-cache:generations";
/** Bump when the shape of cached values changes, so a deploy never reads the old shape. */
const SHAPE = "s2";
/** KV refuses an expirationTtl below 60 seconds. */
const KV_MIN_TTL_SECONDS = 60;
export const DEFAULT_TTL_SECONDS = 60;
/** How long an isolate trusts the generations it last read from KV. */
const GENERATIONS_MEMO_MS = 5_000;

let generationsMemo: { value: Generations; until: number } | null = null;
// Values, not promises: a promise made in one request must not be awaited by another (workerd).
const memo = new Map<string, { value: unknown; until: number }>();
/** Bounds the in-isolate copy (a handful of keys per generation in practice). */
const MEMO_MAX_ENTRIES = 200;

const ZERO: Generations = { all: 0, adverts: 0, promos: 0, sponsors: 0, menu: 0, settings: 0 };

/** Every counter under GENERATIONS_KEY. */
const GENERATION_NAMES = ["all", ...CACHE_AREAS] as const;

async function readGenerations(env: CacheEnv): Promise<Generations> {
  const now = Date.now();
  if (generationsMemo && generationsMemo.until > now) return generationsMemo.value;
  let stored: unknown;
  try {
    stored = await env.CACHE.get(GENERATIONS_KEY, "json");
  } catch {
    return { ...ZERO };
  }
  // Read field by field: a missing or broken counter counts as 0, the others stay.
  const fields = new Map(typeof stored === "object" && stored !== null ? Object.entries(stored) : []);
  const out = { ...ZERO };
  for (const name of GENERATION_NAMES) {
    const n: unknown = fields.get(name);
    if (typeof n === "number" && Number.isSafeInteger(n) && n >= 0) out[name] = n;
  }
  generationsMemo = { value: out, until: now + GENERATIONS_MEMO_MS };
  return out;
}

/** The generations as a key part: "all" first, then the given areas in CACHE_AREAS order. */
function versionOf(generations: Generations, areas: readonly CacheArea[]): string {
  return [generations.all, ...CACHE_AREAS.filter((a) => areas.includes(a)).map((a) => `${a[0]}${generations[a]}`)].join(".");
}

/** The whole cache generation (every area): part of the page cache key, so any admin write retires stored pages. */
export async function currentVersion(env: CacheEnv): Promise<string> {
  return versionOf(await readGenerations(env), CACHE_AREAS);
}

/**
 * The value under `key`, loaded with `load` and stored for `ttlSeconds` when missing; `areas` are
 * the club-edited areas it is built from (a write to any of them makes it stale).
 * What KV answers is parsed with `schema` (the value's own shape): a value of another shape (a
 * deploy that changed it without bumping SHAPE, a hand edit) is loaded again, never passed on.
 * KV failures never fail the request: the value is then loaded from D1.
 */
export async function cached<T>(
  env: CacheEnv,
  key: string,
  ttlSeconds: number,
  schema: $ZodType<T>,
  load: () => Promise<T>,
  areas: readonly CacheArea[] = [],
): Promise<T> {
  const fullKey = `site-cache:${SHAPE}:v${versionOf(await readGenerations(env), areas)}:${key}`;
  const inIsolate = memo.get(fullKey);
  if (inIsolate && inIsolate.until > Date.now()) {
    // The isolate's own copy of a value this function returned: parsed or loaded here already.
    return inIsolate.value as T;
  }
  const value = await fromKvOrLoad(env, fullKey, ttlSeconds, schema, load);
  if (memo.size >= MEMO_MAX_ENTRIES) memo.clear();
  memo.set(fullKey, { value, until: Date.now() + ttlSeconds * 1000 });
  return value;
}

async function fromKvOrLoad<T>(env: CacheEnv, fullKey: string, ttlSeconds: number, schema: $ZodType<T>, load: () => Promise<T>): Promise<T> {
  try {
    const hit: unknown = await env.CACHE.get(fullKey, "json");
    if (hit !== null) {
      const parsed = z.safeParse(schema, hit);
      if (parsed.success) return parsed.data;
    }
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

async function bump(env: CacheEnv, names: readonly (keyof Generations)[]): Promise<void> {
  generationsMemo = null;
  const generations = await readGenerations(env);
  for (const name of names) generations[name] += 1;
  await env.CACHE.put(GENERATIONS_KEY, JSON.stringify(generations));
  memo.clear();
  generationsMemo = { value: generations, until: Date.now() + GENERATIONS_MEMO_MS };
}

/** Makes the values built from these areas stale; the admin API calls it after each write. */
export async function bumpGeneration(env: CacheEnv, ...areas: CacheArea[]): Promise<void> {
  await bump(env, areas);
}

/** Makes every cached value stale at once; call it whenever the club changes content. */
export async function invalidateCache(env: CacheEnv): Promise<void> {
  await bump(env, ["all"]);
}
