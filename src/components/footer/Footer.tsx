import type { PageShell } from "../../schemas/shell";
import type { FooterAdvertVariant, FooterVariant } from "../../domain/layout-variants";
import { useAppState } from "../../state/store";
import FooterAdverts from "./FooterAdverts";
import SiteFooter from "./SiteFooter";

/**
 * The footer advertising and the footer (spec §2 'Layouts'): one chunk, loaded when the footer is
 * wanted (a lower region: FooterRegion.tsx). It reads the client state itself, so the layout passes
 * only props that never change after the page loads.
 */
export default function Footer({ shell, variant, advertsVariant }: { shell: PageShell | null; variant: FooterVariant; advertsVariant: FooterAdvertVariant }) {
  const { state } = useAppState();
  return (
    <>
      <FooterAdverts adverts={shell?.adverts ?? []} childFriendly={state.childFriendly} disabled={state.advertisingDisabled} variant={advertsVariant} />
      <SiteFooter shell={shell} variant={variant} />
    </>
  );
}
