/**
 * Spec §9 'loading delay of the fetch helper 200 ms': a loader appears only for a fetch slower
 * than 200 ms, so a quick answer never flashes one. Pure apart from the timer it is handed.
 */
import { LOADING_DELAY_MS } from "./timings";

export { LOADING_DELAY_MS };

/** Calls `show` once the fetch has been pending for the delay; the returned function (the fetch ended) stops it. */
export function showLoaderAfterDelay(show: () => void, delayMs: number = LOADING_DELAY_MS): () => void {
  const timer = setTimeout(show, delayMs);
  return () => clearTimeout(timer);
}
