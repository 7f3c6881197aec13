import { memo, Suspense, useEffect, type ComponentType } from "react";
import { lazyComponent } from "../lazy-component";
import { everyRegionWanted, whenRegionWanted } from "./region-wanted";

/** What data-hydrated on a lower region says: its code has arrived and its parts answer clicks. */
export const REGION_HYDRATED_ATTRIBUTE = "data-hydrated";

type Module<P> = { default: ComponentType<P> };

/** Region chunks asked for as their page's chunk ran, during a navigation (awaited by the page). */
const loading: Promise<unknown>[] = [];

/** The part, marking its region hydrated once it has mounted (tests and monitoring wait for it). */
function marked<P extends object>(id: string, Part: ComponentType<P>): ComponentType<P> {
  return function Hydrated(props: P) {
    useEffect(() => {
      document.getElementById(id)?.setAttribute(REGION_HYDRATED_ATTRIBUTE, "true");
    }, []);
    return <Part {...props} />;
  };
}

/**
 * A part of the page below the fold, in a chunk of its own. The server renders it in full; in the
 * browser its boundary keeps the server's HTML until the part is wanted (region-wanted.ts), then
 * its chunk comes and it hydrates: a reader who stays at the top never downloads it. After hydration, pages come by navigation: a page defining a region then
 * loads it with its own chunk (loadingRegions), so the region is there when the page first shows.
 *
 * The region is memoised, and its props must stay the same for the page's life: a boundary still
 * waiting for its code that receives new props is drawn again from scratch, dropping the server's
 * HTML. A part reads what changes (the client state, the loader's data) itself.
 */
export function lowerRegion<P extends object>(id: string, className: string, load: () => Promise<Module<P>>) {
  const Part = lazyComponent<P>(async () => {
    await whenRegionWanted(id);
    return { default: marked(id, (await load()).default) };
  });
  if (everyRegionWanted()) loading.push(Part.preload());
  function LowerRegion(props: P) {
    return (
      <div id={id} className={className}>
        <Suspense>
          <Part {...props} />
        </Suspense>
      </div>
    );
  }
  return memo(LowerRegion);
}

/** Resolves when the regions of the pages that just ran are loaded (src/routes/lazy-page.ts). */
export function loadingRegions(): Promise<unknown> {
  return Promise.all(loading.splice(0));
}
