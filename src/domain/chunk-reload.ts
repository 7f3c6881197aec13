/**
 * Spec §8 'Route errors: chunk load failure reloads the page'. A page's code is a lazy chunk; after a
 * deploy an open tab may ask for a chunk that no longer exists. A full load of the same address
 * fetches the new build. Once only: a reload within the guard window means the chunk is really
 * unavailable, and the error page shows instead of reloading for ever.
 */
export const CHUNK_RELOAD_GUARD_MS = 10_000;

/** What browsers throw when a dynamic import() fails (Chromium, Firefox, Safari). */
const chunkLoadMessages = [/Failed to fetch dynamically imported module/i, /error loading dynamically imported module/i, /Importing a module script failed/i];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return chunkLoadMessages.some((pattern) => pattern.test(message));
}

/** lastReloadAt: when the previous chunk reload happened (ms), null when never in this tab. */
export function shouldReloadForChunk(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !(now - lastReloadAt >= 0 && now - lastReloadAt < CHUNK_RELOAD_GUARD_MS);
}
