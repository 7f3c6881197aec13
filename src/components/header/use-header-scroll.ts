import { useEffect, useState } from "react";
import { headerScrollState } from "../../domain/header-visibility";
import { HEADER_HEIGHT } from "../../domain/timings";

export interface HeaderScroll {
  /** scrolled down: the header slides away */
  hidden: boolean;
  /** scrolled past the sticky threshold (300): the sticky nav copy shows */
  sticky: boolean;
  /** within the header's own height of the top: a transparent header stays transparent */
  atTop: boolean;
}

const initial: HeaderScroll = { hidden: false, sticky: false, atTop: true };

/**
 * Follows the window's scroll position through the pure rule in domain/header-visibility.
 * Starts from the top-of-page state on the server and on the first client render (so
 * hydration matches); the real position is read in the effect, once per animation frame.
 */
export function useHeaderScroll(): HeaderScroll {
  const [state, setState] = useState<HeaderScroll>(initial);
  useEffect(() => {
    let prevY = window.scrollY;
    let prevHidden = false;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = Math.max(0, window.scrollY);
      const next = headerScrollState(prevY, y, prevHidden);
      prevY = y;
      prevHidden = next.hidden;
      const atTop = y < HEADER_HEIGHT;
      setState((s) => (s.hidden === next.hidden && s.sticky === next.sticky && s.atTop === atTop ? s : { ...next, atTop }));
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, []);
  return state;
}
