import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { CategoryCarousel as Carousel } from "../../schemas/videos";
import { CAROUSEL_STEPS, carouselNav, carouselPerView } from "../../domain/carousel-per-view";
import { videoBrowsePath } from "../../routes/paths";
import { Picture } from "../Picture";

/**
 * The video carousel with category cards (spec §2 Shared widgets): its type sets the cards per view
 * (§9, src/domain/carousel-per-view.ts), its style light or dark. The count comes from the
 * stylesheet's media queries (category-carousel.css, the same steps), so the server's HTML is
 * already laid out for the screen and hydration moves nothing; the script only keeps the buttons'
 * state: previous disabled at the first slide, next at the end (§4).
 */
export function CategoryCarousel({ carousel }: { carousel: Carousel }) {
  const { title, type, style, categories } = carousel;
  const headingId = useId();
  const track = useRef<HTMLUListElement>(null);
  // Before the browser measures: the type's widest count (the buttons' state only, never the layout).
  const [perView, setPerView] = useState(CAROUSEL_STEPS[type][0]?.[1] ?? 1);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const update = () => setPerView(carouselPerView(type, window.innerWidth));
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, [type]);

  /** The width of one step: a card plus the gap. */
  const step = useCallback(() => {
    const el = track.current;
    const first = el?.firstElementChild as HTMLElement | null;
    if (!el || !first) return 0;
    return first.offsetWidth + (parseFloat(getComputedStyle(el).columnGap) || 0);
  }, []);

  const onScroll = () => {
    const width = step();
    if (width > 0 && track.current) setIndex(Math.round(track.current.scrollLeft / width));
  };
  const { prevDisabled, nextDisabled } = carouselNav(index, categories.length, perView);
  // aria-disabled rather than disabled: a keyboard user who steps to the end keeps focus on the button.
  const go = (delta: number, disabled: boolean) => {
    if (!disabled) track.current?.scrollBy({ left: delta * step(), behavior: "smooth" });
  };

  return (
    <section className={`page-section category-carousel category-carousel--${style}`} data-type={type} aria-labelledby={headingId}>
      <div className="page-section__head">
        <h2 className="page-section__title" id={headingId}>
          {title}
        </h2>
        <div className="category-carousel__nav">
          <button type="button" className="category-carousel__button" aria-label={`Previous: ${title}`} aria-disabled={prevDisabled} onClick={() => go(-1, prevDisabled)}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="category-carousel__button" aria-label={`Next: ${title}`} aria-disabled={nextDisabled} onClick={() => go(1, nextDisabled)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      <div role="group" aria-roledescription="carousel" aria-labelledby={headingId}>
        <ul className="category-carousel__track" ref={track} onScroll={onScroll}>
          {categories.map((c) => (
            <li className="category-carousel__slide" key={c.slug}>
              <Link className="category-card" to={videoBrowsePath(c.slug)} aria-label={c.name}>
                <Picture imageKey={c.imageKey} w={640} h={360} alt="" />
                {c.titleVisibility ? <span className="category-card__title">{c.name}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
