import { useEffect, useRef, useState, type ReactNode } from "react";

/** How far below the viewport a rail starts rendering its cards: about a screen ahead of the reader. */
const AHEAD = "800px 0px";

/**
 * A horizontal rail of cards (.page-rail) whose cards render when it comes near the viewport,
 * unless `eager`. The TV home has eight rails of up to ten cards: rendering (and hydrating) the
 * ones below the fold on arrival was most of that page's elements and its blocking time; the
 * home page's Rovers TV rail was an eighth of its HTML. The
 * section's heading and 'View all' link stay in the page; the server and the hydrating browser
 * render the same empty rail, so nothing mismatches.
 */
export function DeferredRail({ eager, className = "page-rail", children }: { eager: boolean; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(eager);
  useEffect(() => {
    const rail = ref.current;
    if (shown || !rail) return;
    if (typeof IntersectionObserver === "undefined") {
      setShown(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { rootMargin: AHEAD },
    );
    observer.observe(rail);
    return () => observer.disconnect();
  }, [shown]);
  return (
    <div className={className} ref={ref} data-deferred={shown ? undefined : "true"}>
      {shown ? children : null}
    </div>
  );
}
