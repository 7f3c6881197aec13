import { useEffect } from "react";
import { useLocation } from "react-router";
import { SCROLL_TO_HASH_DELAY_MS, SCROLL_TO_HASH_DURATION_MS, SCROLL_TO_HASH_OFFSET } from "../domain/timings";
import { easeInOutCubic, hashScrollTarget } from "../domain/hash-scroll";

/**
 * Spec §2 'Route behaviour': a hash in the route scrolls to that anchor after 1000 ms, over
 * 1000 ms, stopping 130 px above it so the fixed header does not cover it.
 */
export function useHashScroll(): void {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (hash.length < 2) return;
    let frame = 0;
    const timer = setTimeout(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (!target) return;
      const from = window.scrollY;
      const to = hashScrollTarget(target.getBoundingClientRect().top, from, SCROLL_TO_HASH_OFFSET);
      const start = performance.now();
      const step = (now: number) => {
        const t = Math.min(1, (now - start) / SCROLL_TO_HASH_DURATION_MS);
        window.scrollTo(0, from + (to - from) * easeInOutCubic(t));
        if (t < 1) frame = requestAnimationFrame(step);
      };
      frame = requestAnimationFrame(step);
    }, SCROLL_TO_HASH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [hash, pathname]);
}
