/**
 * Spec §4 'Preseason' and §9: preseason mode is on for season 2024-25 and shows 'New fixtures
 * coming soon' where that season's fixtures would be (its results still show).
 */
export const PRESEASON_SEASONS: readonly string[] = ["2024-25"];
export const PRESEASON_MESSAGE = "New fixtures coming soon";

export function isPreseason(seasonSlug: string): boolean {
  return PRESEASON_SEASONS.includes(seasonSlug);
}

/**
 * The fixtures a page may list: those of a preseason season give way to PRESEASON_MESSAGE
 * (`preseason` says whether any did), wherever fixtures show (home, /streamer).
 */
export function withoutPreseason<M extends { seasonSlug: string }>(fixtures: readonly M[]): { fixtures: M[]; preseason: boolean } {
  const shown = fixtures.filter((m) => !isPreseason(m.seasonSlug));
  return { fixtures: shown, preseason: shown.length < fixtures.length };
}
