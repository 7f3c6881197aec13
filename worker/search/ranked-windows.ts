/**
 * The first ranked ids and the hit count of recent news searches, kept in the isolate's memory
 * (worker/search/news-search.ts). An entry is only an answer for the news search generation it
 * was built under (migrations/0015): the caller compares that with D1's on every use, so an edit
 * made any way at all is seen by the next request. Bounded: the least recently used entry goes
 * first, so a flood of distinct queries costs memory no more than MAX_WINDOWS entries.
 */
export interface RankedWindow {
  /** news_search_generation when it was built */
  generation: number;
  /** every match, not only the window's */
  found: number;
  /** the first ids in the requested order, at most RANKED_WINDOW of them */
  ids: number[];
}

/** How many ranked ids an entry keeps: 25 overlay pages of 8. Ranking 200 costs what ranking 8 does. */
export const RANKED_WINDOW = 200;
/** About 2 kB an entry. */
export const MAX_WINDOWS = 256;

const windows = new Map<string, RankedWindow>();

export function windowKey(match: string, sort: string): string {
  return `${sort}\n${match}`;
}

export function readWindow(key: string): RankedWindow | undefined {
  const entry = windows.get(key);
  if (entry) {
    // Map order is insertion order: moving the entry to the end makes the first one the least recently used.
    windows.delete(key);
    windows.set(key, entry);
  }
  return entry;
}

export function storeWindow(key: string, entry: RankedWindow): void {
  windows.delete(key);
  windows.set(key, entry);
  while (windows.size > MAX_WINDOWS) windows.delete(windows.keys().next().value!);
}
