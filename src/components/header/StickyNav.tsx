import { useState } from "react";
import SecondaryNav from "./SecondaryNav";
import type { HeaderScroll } from "./use-header-scroll";

/**
 * The sticky copy of the secondary nav (spec §2 'Header'): it appears once the page has
 * scrolled past the sticky threshold, at the very top while the header is away and just
 * under it when the header returns. Hidden from assistive tech while off screen.
 */
export default function StickyNav({ scroll }: { scroll: HeaderScroll }) {
  const visible = scroll.sticky;
  // Its links are rendered the first time it shows, not in every page's HTML: until the page
  // scrolls it is off screen and inert, and the header holds the same links.
  const [shown, setShown] = useState(false);
  if (visible && !shown) setShown(true);
  return (
    <div className="sticky-nav" data-visible={visible} data-header-hidden={scroll.hidden} aria-hidden={!visible} inert={!visible}>
      {shown ? <SecondaryNav label="Sticky" className="sticky-nav__nav" /> : null}
    </div>
  );
}
