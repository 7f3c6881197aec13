/**
 * Spec §9 'Carousel per-view counts': full-3 up to 3, full-4 up to 3 (4 default), full-6 up to 5;
 * below 400 px one. The spec gives the caps, not the steps between: the steps below sit on the
 * spec's breakpoints (640, 760, 1024, 1200, 1440) so cards keep a readable width.
 */
export const CAROUSEL_TYPES = ["full-6", "full-4", "full-3"] as const;
export type CarouselType = (typeof CAROUSEL_TYPES)[number];
/** Spec §2 Shared widgets / §5: a carousel's style, restricted to these values. */
export const CAROUSEL_STYLES = ["light", "dark"] as const;
export type CarouselStyle = (typeof CAROUSEL_STYLES)[number];

export const SINGLE_CARD_BELOW_PX = 400;

/**
 * [minimum width, cards per view], widest first; below every entry: one card. The feed carousels'
 * stylesheet (src/styles/pages/videos/carousel.css) writes the same steps as
 * media queries, so the server's HTML already shows the right count; a unit test keeps the two equal.
 */
export const CAROUSEL_STEPS: Record<CarouselType, ReadonlyArray<readonly [number, number]>> = {
  // up to 3
  "full-3": [
    [760, 3],
    [SINGLE_CARD_BELOW_PX, 2],
  ],
  // 4 by default (wide screens), breakpoints cap it at 3 and below
  "full-4": [
    [1200, 4],
    [760, 3],
    [SINGLE_CARD_BELOW_PX, 2],
  ],
  // up to 5
  "full-6": [
    [1440, 5],
    [1024, 4],
    [640, 3],
    [SINGLE_CARD_BELOW_PX, 2],
  ],
};

export function carouselPerView(type: CarouselType, viewportWidth: number): number {
  if (!(viewportWidth >= SINGLE_CARD_BELOW_PX)) return 1;
  for (const [minWidth, perView] of CAROUSEL_STEPS[type]) {
    if (viewportWidth >= minWidth) return perView;
  }
  return 1;
}

/** Carousel navigation (§4 'Packages widget'): previous disabled at the first slide, next at the end. */
export function carouselNav(index: number, slideCount: number, perView: number, started = true): { prevDisabled: boolean; nextDisabled: boolean } {
  // Before it has started (spec §4: the packages carousel starts 100 ms after mount) it does not move.
  if (!started) return { prevDisabled: true, nextDisabled: true };
  const lastIndex = Math.max(0, slideCount - Math.max(1, perView));
  return { prevDisabled: index <= 0, nextDisabled: index >= lastIndex };
}
