import { useId, type ReactNode } from "react";
import { CAROUSEL_STEPS, type CarouselStyle, type CarouselType } from "../domain/carousel-per-view";
import { useCarousel } from "./use-carousel";
import { useNearViewport } from "./use-near-viewport";

export interface CarouselSlide {
  key: string;
  node: ReactNode;
}

interface CarouselProps {
  title: string;
  type: CarouselType;
  style: CarouselStyle;
  slides: readonly CarouselSlide[];
  /** Beside the heading, before the buttons (a 'View all' link). */
  more?: ReactNode;
  /** Every slide with the page; otherwise the first view's, the rest as the carousel nears the viewport. */
  eager?: boolean;
  className?: string;
}

/** The most slides the type ever shows at once: what a deferred carousel renders first. */
const widestView = (type: CarouselType) => CAROUSEL_STEPS[type][0]?.[1] ?? 1;

/**
 * A carousel of the video feed (spec §2 Shared widgets): its type sets the slides per view (§9,
 * src/domain/carousel-per-view.ts), its style light or dark. The count comes from the stylesheet's
 * media queries (carousel.css, the same steps), so the server's HTML is already laid out for the
 * screen and hydration moves nothing; the script only keeps the buttons' state: previous disabled
 * at the first slide, next at the end (§4). A list, so a screen reader says how many slides.
 */
export function Carousel({ title, type, style, slides, more, eager = true, className = "" }: CarouselProps) {
  const headingId = useId();
  // Before the browser measures: the type's widest count (the buttons' state only, never the layout).
  const { track, onScroll, go, prevDisabled, nextDisabled } = useCarousel<HTMLUListElement>(type, slides.length, widestView(type));
  const near = useNearViewport(track, eager);
  const shown = near ? slides : slides.slice(0, widestView(type));
  // aria-disabled rather than disabled: a keyboard user who steps to the end keeps focus on the button.
  const step = (delta: number, disabled: boolean) => {
    if (!disabled) go(delta);
  };

  return (
    <section className={`page-section carousel carousel--${style} ${className}`.trim()} data-type={type} aria-labelledby={headingId}>
      <div className="page-section__head">
        <h2 className="page-section__title" id={headingId}>
          {title}
        </h2>
        <div className="carousel__actions">
          {more}
          <div className="carousel__nav">
            <button type="button" className="carousel__button" aria-label={`Previous: ${title}`} aria-disabled={prevDisabled} onClick={() => step(-1, prevDisabled)}>
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className="carousel__button" aria-label={`Next: ${title}`} aria-disabled={nextDisabled} onClick={() => step(1, nextDisabled)}>
              <span aria-hidden="true">›</span>
            </button>
          </div>
        </div>
      </div>
      <div role="group" aria-roledescription="carousel" aria-labelledby={headingId}>
        <ul className="carousel__track" ref={track} onScroll={onScroll}>
          {shown.map((slide) => (
            <li className="carousel__slide" key={slide.key}>
              {slide.node}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
