/**
 * Spec §2 'Header': hides on scroll down and shows on scroll up; sticky at scroll position 300 or
 * more; always visible under 90 (the header's own height).
 */
import { HEADER_HEIGHT, STICKY_THRESHOLD } from "./timings";

export interface HeaderScrollState {
  hidden: boolean;
  sticky: boolean;
}

/** prevHidden is kept when the position did not change (a resize or a repeated event). */
export function headerScrollState(prevY: number, y: number, prevHidden = false): HeaderScrollState {
  const sticky = y >= STICKY_THRESHOLD;
  if (y < HEADER_HEIGHT) return { hidden: false, sticky };
  if (y > prevY) return { hidden: true, sticky };
  if (y < prevY) return { hidden: false, sticky };
  return { hidden: prevHidden, sticky };
}
