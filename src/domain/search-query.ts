/**
 * Spec §4 'Search' and §5: the query term (Exact matches wraps it in quotes, no minimum
 * length), the sort, and page moves that clamp at the first and last page. The window of page
 * numbers is the listings' own (src/components/Pagination.tsx pageWindow).
 */
import { NEWS_SEARCH_PAGE_SIZE } from "./timings";

export type SearchMatch = "all" | "exact";
export type SearchSort = "date" | "relevance";
/** The overlay's pickers offer these values only; anything else (a tampered option) changes nothing. */
export const isSearchMatch = (value: string): value is SearchMatch => value === "all" || value === "exact";
export const isSearchSort = (value: string): value is SearchSort => value === "date" || value === "relevance";

export function searchTerm(term: string, match: SearchMatch): string {
  const trimmed = term.trim();
  if (match !== "exact" || trimmed === "") return trimmed;
  // strip quotes the user typed so the phrase is wrapped exactly once
  return `"${trimmed.replace(/"/g, "")}"`;
}

/** §7 news search sort values, the only ones GET /api/news/search accepts. */
export const NEWS_SEARCH_SORTS = ["published_date desc", "_score desc"] as const;
export type NewsSearchSort = (typeof NEWS_SEARCH_SORTS)[number];

/** §7 news search sort: Date Added = published_date desc, Relevance = _score desc. */
export function searchSortParam(sort: SearchSort): NewsSearchSort {
  return sort === "relevance" ? "_score desc" : "published_date desc";
}

/** Index of the last page (0-based); 0 when there are no results. */
export function lastPage(total: number, pageSize: number = NEWS_SEARCH_PAGE_SIZE): number {
  if (total <= 0 || pageSize <= 0) return 0;
  return Math.ceil(total / pageSize) - 1;
}

export function previousPage(page: number): number {
  return Math.max(0, page - 1);
}

export function nextPage(page: number, total: number, pageSize: number = NEWS_SEARCH_PAGE_SIZE): number {
  return Math.min(lastPage(total, pageSize), page + 1);
}
