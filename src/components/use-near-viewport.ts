import { useEffect, useState, type RefObject } from "react";

/** How far below the viewport an element counts as near: about a screen ahead of the reader. */
export const NEAR_VIEWPORT_MARGIN = "800px 0px";

/**
 * Whether the element has come near the viewport (true from the start when `eager`). The server
 * and the hydrating browser both start from `eager`, so what renders on it never mismatches.
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, eager: boolean): boolean {
  const [near, setNear] = useState(eager);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}
