import { useCallback, useEffect, useRef, useState } from "react";
import { carouselNav, carouselPerView, type CarouselType } from "../domain/carousel-per-view";

/**
 * A scroll-snap carousel's state (spec §4, §9): the cards per view for its type at the window's
 * width (corrected on mount and on resize; `initialPerView` until then, the server's guess), the
 * first card in view as the track scrolls, and whether previous or next can move (previous
 * disabled at the first card, next at the end). `go(±1)` scrolls the track by one card. With
 * `startDelayMs` it starts that long after mount (spec §4 'carousel starts 100 ms after mount'):
 * until then neither button moves it.
 */
export function useCarousel<T extends HTMLElement>(type: CarouselType, count: number, initialPerView: number, startDelayMs = 0) {
  const track = useRef<T>(null);
  const [perView, setPerView] = useState(initialPerView);
  const [index, setIndex] = useState(0);
  const [started, setStarted] = useState(startDelayMs === 0);

  useEffect(() => {
    if (startDelayMs === 0) return;
    const timer = setTimeout(() => setStarted(true), startDelayMs);
    return () => clearTimeout(timer);
  }, [startDelayMs]);

  useEffect(() => {
    const update = () => setPerView(carouselPerView(type, window.innerWidth));
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, [type]);

  /** The width of one step: a card plus the gap. */
  const step = useCallback(() => {
    const el = track.current;
    const first = el?.firstElementChild;
    if (!el || !(first instanceof HTMLElement)) return 0;
    return first.offsetWidth + (parseFloat(getComputedStyle(el).columnGap) || 0);
  }, []);

  const onScroll = () => {
    const width = step();
    if (width > 0 && track.current) setIndex(Math.round(track.current.scrollLeft / width));
  };
  const go = (delta: number) => track.current?.scrollBy({ left: delta * step(), behavior: "smooth" });
  return { track, perView, onScroll, go, ...carouselNav(index, count, perView, started) };
}
