import { useRef, type ReactNode } from "react";
import { useNearViewport } from "./use-near-viewport";

/**
 * A horizontal rail of cards whose cards render when it comes near the viewport, unless `eager`.
 * The home page's Rovers TV rail was an eighth of its HTML: below the fold, it renders (and
 * hydrates) as the reader comes near. The section's heading and link stay in the page; the server
 * and the hydrating browser render the same empty rail, so nothing mismatches.
 */
export function DeferredRail({ eager, className, children }: { eager: boolean; className: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = useNearViewport(ref, eager);
  return (
    <div className={className} ref={ref} data-deferred={shown ? undefined : "true"}>
      {shown ? children : null}
    </div>
  );
}
