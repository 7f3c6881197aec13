/**
 * Spec §2 'Layouts': the default layout's header (sticky or v3), footer advertising (v1, v2 or v3)
 * and footer (v1 or v2) are chosen by configuration. The choice is three web settings, so the club
 * switches a variant through the admin API (PUT /api/admin/settings/layout.header) without a deploy.
 * A missing or unknown value is the first variant: a typo in the CMS never leaves a page without a header.
 */
export const HEADER_VARIANTS = ["sticky", "v3"] as const;
export const FOOTER_VARIANTS = ["v1", "v2"] as const;
export const FOOTER_ADVERT_VARIANTS = ["v1", "v2", "v3"] as const;

export type HeaderVariant = (typeof HEADER_VARIANTS)[number];
export type FooterVariant = (typeof FOOTER_VARIANTS)[number];
export type FooterAdvertVariant = (typeof FOOTER_ADVERT_VARIANTS)[number];

export interface LayoutVariants {
  header: HeaderVariant;
  footer: FooterVariant;
  footerAdverts: FooterAdvertVariant;
}

/** The setting keys, one per part of the layout. */
export const LAYOUT_SETTING_KEYS = {
  header: "layout.header",
  footer: "layout.footer",
  footerAdverts: "layout.footerAdverts",
} as const;

function pick<T extends string>(allowed: readonly T[], value: string | undefined): T {
  const trimmed = value?.trim().toLowerCase();
  return allowed.find((variant) => variant === trimmed) ?? allowed[0]!;
}

export function layoutVariants(settings: Readonly<Record<string, string>>): LayoutVariants {
  return {
    header: pick(HEADER_VARIANTS, settings[LAYOUT_SETTING_KEYS.header]),
    footer: pick(FOOTER_VARIANTS, settings[LAYOUT_SETTING_KEYS.footer]),
    footerAdverts: pick(FOOTER_ADVERT_VARIANTS, settings[LAYOUT_SETTING_KEYS.footerAdverts]),
  };
}
