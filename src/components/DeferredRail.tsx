import { useRef, type ReactNode } from "react";
import { useNearViewport } from "./use-near-viewport";

/**
 * A horizontal rail of cards whose cards render when it comes near the viewport, unless `eager`.
 * The home page's Rovers TV rail was an eighth of its HTML: below the fold, it renders (and
 * hydrates) as the reader comes near. The section's heading and link stay in the page; the server
 * and the hydrating browser render the same `placeholder`, so nothing mismatches.
 *
 * The placeholder must take the room the cards will take (invisible stand-ins of the same layout):
 * an empty rail that fills later pushes down whatever sits below it, and on a slow connection that
 * can be the very button a keyboard user has just tabbed to (Tab skips the empty rail), moved off
 * the screen under their focus.
 */
export function DeferredRail({ eager, className, placeholder, children }: { eager: boolean; className: string; placeholder: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = useNearViewport(ref, eager);
  return (
    <div className={className} ref={ref} data-deferred={shown ? undefined : "true"}>
      {shown ? children : placeholder}
    </div>
  );
}
