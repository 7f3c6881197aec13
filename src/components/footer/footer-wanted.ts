import { NEAR_VIEWPORT_MARGIN } from "../use-near-viewport";

/** The element around the footer and its adverts (FooterRegion), watched for coming near the screen. */
export const FOOTER_REGION_ID = "footer-region";

let wanted: Promise<void> | undefined;
let settle: (() => void) | undefined;

/**
 * Resolves when the footer's code is wanted: on the server at once; in the browser when the footer
 * comes near the screen or at the first router update (wantFooter), whichever comes first. A
 * supporter who reads only the top of a page never downloads the footer and its adverts.
 *
 * Why the router too: React treats a boundary still waiting for its code as reading every context,
 * so a navigation (the router's context changes) must hydrate it before the new page can show.
 * Asking for the chunk as the navigation starts keeps that wait to the chunk's own download,
 * which runs beside the next page's.
 */
export function whenFooterWanted(): Promise<void> {
  if (typeof document === "undefined") return Promise.resolve();
  wanted ??= new Promise<void>((resolve) => {
    const region = document.getElementById(FOOTER_REGION_ID);
    if (!region || typeof IntersectionObserver === "undefined") return resolve();
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && settle?.(), { rootMargin: NEAR_VIEWPORT_MARGIN });
    settle = () => {
      observer.disconnect();
      resolve();
    };
    observer.observe(region);
  });
  return wanted;
}

/** Loads the footer now (the router's first update after hydration). */
export function wantFooter(): void {
  if (settle) settle();
  else wanted ??= Promise.resolve();
}
