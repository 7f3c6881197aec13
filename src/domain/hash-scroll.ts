/** Where the page scrolls for an anchor: its top on the page plus the (negative) offset, never above 0. */
export function hashScrollTarget(elementTopInViewport: number, scrollY: number, offset: number): number {
  return Math.max(0, Math.round(elementTopInViewport + scrollY + offset));
}

/** Smooth start and stop for scroll animations; t in [0, 1]. */
export function easeInOutCubic(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}
