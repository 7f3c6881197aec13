import { Children, type CSSProperties, type ReactNode } from "react";
import { useCarousel } from "../use-carousel";
import { CAROUSEL_START_DELAY_MS } from "../../domain/timings";

/**
 * One tab of the packages widget as a carousel (spec §4, §9): 'full-3' per-view counts (one below
 * 400 px), scroll-snap for the slides, previous disabled at the first slide and next at the end;
 * it starts 100 ms after mount (§4).
 * Server-rendered with the widest count; the browser corrects it on mount and on resize.
 */
export function PackageCarousel({ label, children }: { label: string; children: ReactNode }) {
  const slides = Children.toArray(children);
  const { track, perView, onScroll, go, prevDisabled, nextDisabled } = useCarousel<HTMLDivElement>("full-3", slides.length, 3, CAROUSEL_START_DELAY_MS);
  const style: CSSProperties = { "--per-view": Math.min(perView, Math.max(1, slides.length)) };

  return (
    <div className="package-carousel" style={style} role="group" aria-roledescription="carousel" aria-label={label}>
      <div className="package-carousel__track" ref={track} onScroll={onScroll}>
        {slides.map((slide, i) => (
          <div className="package-carousel__slide" key={i} role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${slides.length}`}>
            {slide}
          </div>
        ))}
      </div>
      {slides.length > perView ? (
        <div className="package-carousel__nav">
          <button type="button" className="package-carousel__button" aria-label="Previous" disabled={prevDisabled} onClick={() => go(-1)}>
            ‹
          </button>
          <button type="button" className="package-carousel__button" aria-label="Next" disabled={nextDisabled} onClick={() => go(1)}>
            ›
          </button>
        </div>
      ) : null}
    </div>
  );
}
