/**
 * Spec §4 'Preseason' and §9: preseason mode is on for season 2024-25 and shows 'New fixtures
 * coming soon' where that season's fixtures would be (its results still show).
 */
export const PRESEASON_SEASONS: readonly string[] = ["2024-25"];
export const PRESEASON_MESSAGE = "New fixtures coming soon";

export function isPreseason(seasonSlug: string): boolean {
  return PRESEASON_SEASONS.includes(seasonSlug);
}
