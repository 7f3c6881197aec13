import { useEffect } from "react";
import type { PageShell } from "../../schemas/shell";
import type { FooterAdvertVariant, FooterVariant } from "../../domain/layout-variants";
import { useAppState } from "../../state/store";
import FooterAdverts from "./FooterAdverts";
import SiteFooter from "./SiteFooter";
import { FOOTER_REGION_ID } from "./footer-wanted";

/** What data-hydrated on the footer region says: its code has arrived and its parts answer clicks. */
export const FOOTER_HYDRATED_ATTRIBUTE = "data-hydrated";

/**
 * The footer advertising and the footer (spec §2 'Layouts'): one chunk, loaded when the footer is
 * wanted (footer-wanted.ts). It reads the client state itself, so the layout passes only props
 * that never change after the page loads (FooterRegion).
 */
export default function Footer({ shell, variant, advertsVariant }: { shell: PageShell | null; variant: FooterVariant; advertsVariant: FooterAdvertVariant }) {
  const { state } = useAppState();
  // Tests and monitoring wait for this before using the footer (as for <html data-hydrated>).
  useEffect(() => {
    document.getElementById(FOOTER_REGION_ID)?.setAttribute(FOOTER_HYDRATED_ATTRIBUTE, "true");
  }, []);
  return (
    <>
      <FooterAdverts adverts={shell?.adverts ?? []} childFriendly={state.childFriendly} disabled={state.advertisingDisabled} variant={advertsVariant} />
      <SiteFooter shell={shell} variant={variant} />
    </>
  );
}
