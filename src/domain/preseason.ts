/**
 * Spec §4 'Preseason': a season in preseason mode shows 'New fixtures coming soon' where that
 * season's fixtures would be (its results still show). Which seasons are in it is the club's
 * setting, per season, in the console (`seasons.preseason`; the spec's demo names 2024-25, the
 * demo data leaves it off while that season has published fixtures: docs/spec-departures.md).
 */
export const PRESEASON_MESSAGE = "New fixtures coming soon";

/** `preseasonSeasons`: the slugs of the seasons in preseason mode now. */
export function isPreseason(seasonSlug: string, preseasonSeasons: readonly string[]): boolean {
  return preseasonSeasons.includes(seasonSlug);
}

/**
 * The fixtures a page may list: those of a preseason season give way to PRESEASON_MESSAGE
 * (`preseason` says whether any did), wherever fixtures show (home, /streamer).
 */
export function withoutPreseason<M extends { seasonSlug: string }>(fixtures: readonly M[], preseasonSeasons: readonly string[]): { fixtures: M[]; preseason: boolean } {
  const shown = fixtures.filter((m) => !isPreseason(m.seasonSlug, preseasonSeasons));
  return { fixtures: shown, preseason: shown.length < fixtures.length };
}
