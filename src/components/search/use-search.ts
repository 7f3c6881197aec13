import { useEffect, useRef, useState } from "react";
import * as z from "zod/mini";
import { newsSearchSchema, type NewsSearchHit } from "../../schemas/news-search";
import { videoSchema, type Video } from "../../schemas/videos";
import { searchSortParam, searchTerm, type SearchMatch, type SearchSort } from "../../domain/search-query";
import { NEWS_SEARCH_PAGE_SIZE, VIDEO_SEARCH_PAGE_SIZE } from "../../domain/timings";

/** Typing pauses this long before a request goes out: results as you type, not one request per key. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface SearchResults {
  news: NewsSearchHit[];
  newsFound: number;
  videos: Video[];
  videosFound: number;
}

export interface SearchRequest {
  term: string;
  match: SearchMatch;
  sort: SearchSort;
  page: number;
}

export type SearchStatus = "idle" | "loading" | "complete";

const videoAnswerSchema = z.object({ items: z.array(videoSchema), total: z.int() });
const NONE: SearchResults = { news: [], newsFound: 0, videos: [], videosFound: 0 };

async function getJson<T>(url: string, schema: z.ZodMiniType<T>, signal: AbortSignal): Promise<T> {
  const res = await fetch(url, { signal, headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return z.parse(schema, await res.json());
}

/**
 * One search of the overlay (spec §4 'Search'): news (GET /api/news/search, 8 a page) and
 * videos (GET /api/videos/search by title, 12 newest first) for the term. Exact matches wraps
 * the term in quotes for the news; the video search matches the words in titles.
 */
async function runSearch({ term, match, sort, page }: SearchRequest, signal: AbortSignal): Promise<SearchResults> {
  const news = new URLSearchParams({
    query: searchTerm(term, match),
    size: String(NEWS_SEARCH_PAGE_SIZE),
    start: String(page * NEWS_SEARCH_PAGE_SIZE),
    sort: searchSortParam(sort),
  });
  // The video search takes titles of up to 200 characters; a longer paste searches its start.
  const videos = new URLSearchParams({ title: term.replace(/"/g, " ").trim().slice(0, 200), pageSize: String(VIDEO_SEARCH_PAGE_SIZE) });
  const [newsAnswer, videoAnswer] = await Promise.all([
    getJson(`/api/news/search?${news}`, newsSearchSchema, signal),
    // The videos do not page with the news: page 0 only, fetched again only when the term changes.
    page === 0 ? getJson(`/api/videos/search?${videos}`, videoAnswerSchema, signal) : null,
  ]);
  return {
    news: newsAnswer.hits.hit,
    newsFound: newsAnswer.hits.found,
    videos: videoAnswer?.items ?? [],
    videosFound: videoAnswer?.total ?? 0,
  };
}

export interface SearchState {
  status: SearchStatus;
  /** What the overlay shows: the last answer, kept on screen (and focus with it) while the next loads. */
  results: SearchResults;
  /** The request `results` answer: the page marked current is theirs, not the one still loading. */
  shown: SearchRequest | null;
}

/**
 * Runs `request` after the debounce when `debounce` is set (a keystroke), at once otherwise
 * (a dropdown or a page button), aborting whatever request was still under way. A failed
 * request is logged and the search ends as complete with nothing found (spec §4).
 */
export function useSearch(request: SearchRequest | null, debounce: boolean): SearchState {
  const [answered, setAnswered] = useState<{ key: string; request: SearchRequest; results: SearchResults } | null>(null);
  const videosOfTerm = useRef<{ term: string; videos: Video[]; videosFound: number } | null>(null);

  const key = request === null ? null : JSON.stringify(request);
  useEffect(() => {
    if (request === null || key === null) return;
    const controller = new AbortController();
    const go = async () => {
      try {
        const answer = await runSearch(request, controller.signal);
        // Paging the news keeps the videos found for the same term.
        const known = videosOfTerm.current;
        const merged = request.page > 0 && known?.term === request.term ? { ...answer, videos: known.videos, videosFound: known.videosFound } : answer;
        if (request.page === 0) videosOfTerm.current = { term: request.term, videos: answer.videos, videosFound: answer.videosFound };
        setAnswered({ key, request, results: merged });
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error("search failed", error);
        setAnswered({ key, request, results: NONE });
      }
    };
    const timer = setTimeout(() => void go(), debounce ? SEARCH_DEBOUNCE_MS : 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `key` stands for `request` (a new object every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, debounce]);

  if (key === null) return { status: "idle", results: NONE, shown: null };
  return { status: answered?.key === key ? "complete" : "loading", results: answered?.results ?? NONE, shown: answered?.request ?? null };
}
