import { NEAR_VIEWPORT_MARGIN } from "../use-near-viewport";

const gates = new Map<string, Promise<void>>();
const openers = new Set<() => void>();
let everyRegion = false;

/**
 * Resolves when a lower region's code is wanted: on the server at once; in the browser when the
 * element `id` comes near the screen, or at the router's first update (wantEveryRegion), whichever
 * comes first. A supporter who reads only the top of a page never downloads what is below it.
 *
 * Why the router too: React treats a boundary still waiting for its code as reading every context,
 * so a navigation (the router's context changes) must hydrate it before the new page can show.
 * Asking for every region's chunk as the navigation starts keeps that wait to the chunks' own
 * download, which runs beside the next page's.
 */
export function whenRegionWanted(id: string): Promise<void> {
  if (typeof document === "undefined" || everyRegion) return Promise.resolve();
  let gate = gates.get(id);
  if (!gate) {
    gate = new Promise<void>((resolve) => {
      const region = document.getElementById(id);
      if (!region || typeof IntersectionObserver === "undefined") return resolve();
      const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && open(), { rootMargin: NEAR_VIEWPORT_MARGIN });
      const open = () => {
        observer.disconnect();
        openers.delete(open);
        resolve();
      };
      openers.add(open);
      observer.observe(region);
    });
    gates.set(id, gate);
  }
  return gate;
}

/** Loads every region now and from now on (the router's first update after hydration). */
export function wantEveryRegion(): void {
  everyRegion = true;
  for (const open of [...openers]) open();
}

/** Whether regions load as soon as they are defined: after hydration, pages come by navigation. */
export function everyRegionWanted(): boolean {
  return everyRegion;
}
