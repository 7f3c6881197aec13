/** Spec §2 'Search overlay': the count line of the news and the video results. */
export function searchCountText(shown: number, total: number): string {
  if (total <= 0) return "No results";
  if (total === 1) return "Showing 1 result";
  return `Showing ${Math.min(Math.max(shown, 0), total)} of ${total} results`;
}

/** Spec §8: the search overlay's empty message. */
export const NO_RESULTS_FOUND = "No results found";
