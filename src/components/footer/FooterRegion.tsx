import { lowerRegion } from "../lower-region/lower-region";

/** The element around the footer and its adverts. */
export const FOOTER_REGION_ID = "footer-region";

/**
 * Below the fold on every page: the footer advertising and the footer (Footer.tsx, one chunk). The
 * layout passes only props that never change after the page loads (shell, variant, advertsVariant).
 */
export default lowerRegion(FOOTER_REGION_ID, "footer-region", () => import("./Footer"));
