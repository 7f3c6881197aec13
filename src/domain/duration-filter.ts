/** Spec §9 'Duration filters': short under 300 s, medium 300 to 600 s, long over 600 s. */
export const DURATION_FILTERS = ["short", "medium", "long"] as const;
export type DurationFilter = (typeof DURATION_FILTERS)[number];

export const SHORT_UNDER_SECONDS = 300;
export const LONG_OVER_SECONDS = 600;

export function durationBucket(seconds: number): DurationFilter {
  if (seconds < SHORT_UNDER_SECONDS) return "short";
  if (seconds <= LONG_OVER_SECONDS) return "medium";
  return "long";
}

export function matchesDuration(seconds: number, filter: DurationFilter): boolean {
  return durationBucket(seconds) === filter;
}

/**
 * The min/max (inclusive, seconds) a search query uses for a filter (§7 provider 1 builds its
 * query from duration min and max); null means unbounded.
 */
export function durationRange(filter: DurationFilter): { min: number | null; max: number | null } {
  switch (filter) {
    case "short":
      return { min: null, max: SHORT_UNDER_SECONDS - 1 };
    case "medium":
      return { min: SHORT_UNDER_SECONDS, max: LONG_OVER_SECONDS };
    case "long":
      return { min: LONG_OVER_SECONDS + 1, max: null };
  }
}

export function isDurationFilter(value: string): value is DurationFilter {
  return DURATION_FILTERS.some((filter) => filter === value);
}
