import { useId } from "react";
import type { CategoryCarousel as Carousel } from "../../schemas/videos";
import { CAROUSEL_STEPS } from "../../domain/carousel-per-view";
import { useCarousel } from "../use-carousel";
import { CategoryCard } from "./CategoryCard";

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
  // Before the browser measures: the type's widest count (the buttons' state only, never the layout).
  const { track, onScroll, go, prevDisabled, nextDisabled } = useCarousel<HTMLUListElement>(type, categories.length, CAROUSEL_STEPS[type][0]?.[1] ?? 1);
  // aria-disabled rather than disabled: a keyboard user who steps to the end keeps focus on the button.
  const step = (delta: number, disabled: boolean) => {
    if (!disabled) go(delta);
  };

  return (
    <section className={`page-section category-carousel category-carousel--${style}`} data-type={type} aria-labelledby={headingId}>
      <div className="page-section__head">
        <h2 className="page-section__title" id={headingId}>
          {title}
        </h2>
        <div className="category-carousel__nav">
          <button type="button" className="category-carousel__button" aria-label={`Previous: ${title}`} aria-disabled={prevDisabled} onClick={() => step(-1, prevDisabled)}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="category-carousel__button" aria-label={`Next: ${title}`} aria-disabled={nextDisabled} onClick={() => step(1, nextDisabled)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      <div role="group" aria-roledescription="carousel" aria-labelledby={headingId}>
        <ul className="category-carousel__track" ref={track} onScroll={onScroll}>
          {categories.map((c) => (
            <li className="category-carousel__slide" key={c.slug}>
              <CategoryCard category={c} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
