import { easeInOutCubic, hashScrollTarget } from "../../domain/hash-scroll";
import { STREAMER_SCROLL_DURATION_MS, STREAMER_SCROLL_OFFSET } from "../../domain/timings";

/** The streamer layout's sections and the header links that scroll to them (spec §2 'Streamer layout'). */
export const STREAMER_SECTIONS = [
  { id: "next-match", label: "Upcoming Game" },
  { id: "packages", label: "Packages" },
  { id: "fixtures", label: "Fixtures" },
  { id: "videos", label: "Replays" },
  { id: "troubleshooting", label: "Troubleshooting" },
] as const;

/** Scrolls to a section: offset -80 px over 400 ms (spec §2 'Header'), then moves focus there. */
export function scrollToSection(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const from = window.scrollY;
  const to = hashScrollTarget(target.getBoundingClientRect().top, from, STREAMER_SCROLL_OFFSET);
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const duration = reduced ? 0 : STREAMER_SCROLL_DURATION_MS;
  const start = performance.now();
  const step = (now: number) => {
    const t = duration === 0 ? 1 : Math.min(1, (now - start) / duration);
    window.scrollTo(0, from + (to - from) * easeInOutCubic(t));
    if (t < 1) requestAnimationFrame(step);
    else target.focus({ preventScroll: true });
  };
  requestAnimationFrame(step);
}
