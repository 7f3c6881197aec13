import SecondaryNav from "./SecondaryNav";
import type { HeaderScroll } from "./use-header-scroll";

/**
 * The sticky copy of the secondary nav (spec §2 'Header'): it appears once the page has
 * scrolled past the sticky threshold, at the very top while the header is away and just
 * under it when the header returns. Hidden from assistive tech while off screen.
 */
export default function StickyNav({ scroll }: { scroll: HeaderScroll }) {
  const visible = scroll.sticky;
  return (
    <div className="sticky-nav" data-visible={visible} data-header-hidden={scroll.hidden} aria-hidden={!visible} inert={!visible}>
      <SecondaryNav label="Sticky" className="sticky-nav__nav" />
    </div>
  );
}
