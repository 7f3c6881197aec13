import type { createBrowserRouter } from "react-router";
import { isChunkLoadError, shouldReloadForChunk } from "../src/domain/chunk-reload";

type BrowserRouter = ReturnType<typeof createBrowserRouter>;

/** sessionStorage key: when this tab last reloaded for a missing chunk (spec §8). */
export const CHUNK_RELOAD_KEY = "rovers:chunk-reload-at";

function lastReloadAt(): number | null {
  try {
    const raw = sessionStorage.getItem(CHUNK_RELOAD_KEY);
    return raw === null || !/^\d+$/.test(raw) ? null : Number(raw);
  } catch {
    return null;
  }
}

/**
 * A navigation whose page chunk fails to load ends on the route's error: load that address in
 * full instead, once (the guard in sessionStorage stops a loop when the chunk is really gone; then
 * the error page stays).
 */
export function reloadOnChunkError(router: BrowserRouter): void {
  router.subscribe((state) => {
    if (state.navigation.state !== "idle" || !state.errors) return;
    if (!Object.values(state.errors).some(isChunkLoadError)) return;
    const now = Date.now();
    if (!shouldReloadForChunk(lastReloadAt(), now)) return;
    try {
      sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
    } catch {
      // Without storage there is no guard against a loop: show the error page instead.
      return;
    }
    window.location.replace(router.createHref(state.location));
  });
}
