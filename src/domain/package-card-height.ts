/** Spec §9: package card height 480 px plus 80 per price option beyond two. */
export const PACKAGE_CARD_BASE_HEIGHT = 480;
export const PACKAGE_CARD_EXTRA_OPTION_HEIGHT = 80;

export function packageCardHeight(priceOptions: number): number {
  const extra = Math.max(0, Math.floor(priceOptions) - 2);
  return PACKAGE_CARD_BASE_HEIGHT + PACKAGE_CARD_EXTRA_OPTION_HEIGHT * extra;
}
