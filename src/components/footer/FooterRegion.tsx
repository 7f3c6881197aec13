import { memo, Suspense } from "react";
import type { PageShell } from "../../schemas/shell";
import type { FooterAdvertVariant, FooterVariant } from "../../domain/layout-variants";
import { lazyComponent } from "../lazy-component";
import { FOOTER_REGION_ID, whenFooterWanted } from "./footer-wanted";

const Footer = lazyComponent(() => whenFooterWanted().then(() => import("./Footer")));

export interface FooterRegionProps {
  shell: PageShell | null;
  variant: FooterVariant;
  advertsVariant: FooterAdvertVariant;
}

/**
 * Below the fold: the footer advertising and the footer. The server renders them in full; in the
 * browser their boundary keeps the server's HTML until the footer is wanted (near the screen, or
 * the first navigation), then its chunk comes and it hydrates. Memoised on props that stay the same
 * for the page's life: a boundary still waiting for its code that receives new props is drawn
 * again from scratch, dropping the server's HTML.
 */
function FooterRegion({ shell, variant, advertsVariant }: FooterRegionProps) {
  return (
    <div id={FOOTER_REGION_ID} className="footer-region">
      <Suspense>
        <Footer shell={shell} variant={variant} advertsVariant={advertsVariant} />
      </Suspense>
    </div>
  );
}

export default memo(FooterRegion);
