/**
 * Spec §2: route changes show a progress bar with a 200 ms throttle and a 5000 ms duration.
 * A navigation that finishes within the throttle shows no bar at all (no flash).
 */
import { ROUTE_PROGRESS_DURATION_MS, ROUTE_PROGRESS_THROTTLE_MS } from "./timings";

export { ROUTE_PROGRESS_DURATION_MS, ROUTE_PROGRESS_THROTTLE_MS };

export function shouldShowProgress(elapsedMs: number): boolean {
  return elapsedMs >= ROUTE_PROGRESS_THROTTLE_MS;
}

/**
 * How far the bar is drawn (0..1): it starts when the throttle passes and creeps towards (never
 * reaching) the end over the duration; the navigation's end completes it.
 */
export function progressFraction(elapsedMs: number): number {
  if (!shouldShowProgress(elapsedMs)) return 0;
  const t = Math.min(1, (elapsedMs - ROUTE_PROGRESS_THROTTLE_MS) / ROUTE_PROGRESS_DURATION_MS);
  return Math.min(0.95, t);
}
