import { useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useAppState } from "../../state/store";
import { useDialogFocus } from "../use-dialog-focus";
import Button from "../Button";
import Icon from "../Icon";
import { Picture } from "../Picture";
import { MediaIcon } from "../video/MediaIcon";
import { pageWindow } from "../Pagination";
import { formatDuration } from "../format";
import ClubTime from "../ClubTime";
import { useVideoLock } from "../video/use-video-lock";
import { videoPath } from "../../routes/paths";
import { isSearchMatch, isSearchSort, lastPage, nextPage, previousPage, type SearchMatch, type SearchSort } from "../../domain/search-query";
import { NO_RESULTS_FOUND, searchCountText } from "../../domain/search-count";
import { NEWS_SEARCH_PAGE_SIZE } from "../../domain/timings";
import { useSearch, type SearchRequest } from "./use-search";
import { useWebSetting } from "../use-web-settings";
import { useDelayedLoading } from "../use-delayed-loading";
import { SearchNewsHit } from "./SearchNewsHit";

/**
 * The search overlay (spec §2 'Search overlay', §4 'Search'): a modal panel (400 px on desktop,
 * full width on phones) with the text field, All results / Exact matches, Date Added /
 * Relevance, the news results (8 a page, paged) and the video results (12, newest first, Watch
 * Now or a padlock by the viewer's entitlements). The reducer closes the menu and locks the
 * background when it opens; a route change closes it (spec §2). Loaded as a chunk of its own
 * the first time the search button is pressed (SearchSlot).
 */
export default function SearchOverlay() {
  const { state, dispatch } = useAppState();
  const open = state.searchOpen;
  const dialog = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const close = () => dispatch({ type: "search/close" });
  // spec §3 web settings: the field's placeholder is the club's `search.placeholder`
  const placeholder = useWebSetting("search.placeholder", "Search");
  useDialogFocus(open, dialog, { onClose: close, modal: true, initialFocus: input });

  const [term, setTerm] = useState("");
  const [match, setMatch] = useState<SearchMatch>("all");
  const [sort, setSort] = useState<SearchSort>("date");
  const [page, setPage] = useState(0);
  // Keystrokes wait for a pause; dropdowns and page buttons search at once.
  const [typing, setTyping] = useState(false);
  const request: SearchRequest | null = open && term.trim() !== "" ? { term: term.trim(), match, sort, page } : null;
  const { status, results, shown } = useSearch(request, typing);
  // 'Searching…' only for a search slower than the fetch helper's delay (spec §9)
  const slowSearch = useDelayedLoading(request !== null && status === "loading");
  const isLocked = useVideoLock();

  if (!open) return null;

  const onTerm = (value: string) => {
    setTerm(value);
    setPage(0); // a new term starts at the first page
    setTyping(true);
  };
  // Changing a dropdown re-runs the search only when there is a term (request is null otherwise).
  const onMatch = (value: SearchMatch) => {
    setMatch(value);
    setPage(0);
    setTyping(false);
  };
  const onSort = (value: SearchSort) => {
    setSort(value);
    setPage(0);
    setTyping(false);
  };
  const goTo = (target: number) => {
    setPage(target);
    setTyping(false);
  };
  const submit = (event: FormEvent) => event.preventDefault();

  // The last answer stays on screen while the next one loads, so focus stays on the page button.
  const searched = request !== null && shown !== null;
  const shownPage = shown?.page ?? page;
  const pages = pageWindow(shownPage, lastPage(results.newsFound) + 1);
  const last = lastPage(results.newsFound);

  return (
    <div className="search-root">
      <div className="search-underlay" aria-hidden="true" onClick={close} />
      <div id="search-panel" className="search-panel" role="dialog" aria-modal="true" aria-labelledby="search-title" ref={dialog}>
        <button type="button" className="panel-close" onClick={close} aria-label="Close search">
          <Icon name="close" size={20} />
        </button>
        <h2 className="search-panel__title" id="search-title">
          Search
        </h2>
        <form className="search-panel__form" role="search" onSubmit={submit}>
          <label className="visually-hidden" htmlFor="search-term">
            Search news and videos
          </label>
          <input
            id="search-term"
            ref={input}
            className="search-panel__input"
            type="search"
            autoComplete="off"
            placeholder={placeholder}
            value={term}
            onChange={(event) => onTerm(event.target.value)}
          />
          <div className="search-panel__filters">
            <label className="search-panel__filter">
              <span className="visually-hidden">Match</span>
              <select value={match} onChange={(event) => isSearchMatch(event.target.value) && onMatch(event.target.value)}>
                <option value="all">All results</option>
                <option value="exact">Exact matches</option>
              </select>
            </label>
            <label className="search-panel__filter">
              <span className="visually-hidden">Sort by</span>
              <select value={sort} onChange={(event) => isSearchSort(event.target.value) && onSort(event.target.value)}>
                <option value="date">Date Added</option>
                <option value="relevance">Relevance</option>
              </select>
            </label>
          </div>
        </form>

        <div className="search-panel__status" role="status">
          {slowSearch ? <span className="search-panel__loader">Searching…</span> : null}
        </div>

        {searched ? (
          <div className="search-panel__results" aria-busy={status === "loading"}>
            <section className="search-results" aria-labelledby="search-news-title">
              <h3 className="search-results__title" id="search-news-title">
                News
              </h3>
              {results.newsFound === 0 ? (
                <p className="search-results__empty">{NO_RESULTS_FOUND}</p>
              ) : (
                <>
                  <p className="search-results__count">{searchCountText(results.news.length, results.newsFound)}</p>
                  <ol className="search-results__list">
                    {results.news.map((hit) => (
                      <SearchNewsHit key={hit.id} hit={hit} />
                    ))}
                  </ol>
                  {last > 0 ? (
                    <nav className="search-pages" aria-label="Search results pages">
                      <button type="button" className="search-pages__step" aria-disabled={page === 0} onClick={() => goTo(previousPage(page))}>
                        <span aria-hidden="true">‹</span> Previous
                      </button>
                      {pages.map((p) => (
                        <button
                          key={p}
                          type="button"
                          className="search-pages__page"
                          aria-current={p === shownPage ? "page" : undefined}
                          aria-label={`Page ${p + 1}`}
                          onClick={() => goTo(p)}
                        >
                          {p + 1}
                        </button>
                      ))}
                      <button type="button" className="search-pages__step" aria-disabled={page >= last} onClick={() => goTo(nextPage(page, results.newsFound, NEWS_SEARCH_PAGE_SIZE))}>
                        Next <span aria-hidden="true">›</span>
                      </button>
                    </nav>
                  ) : null}
                </>
              )}
            </section>

            <section className="search-results search-results--videos" aria-labelledby="search-videos-title">
              <h3 className="search-results__title" id="search-videos-title">
                Videos
              </h3>
              <p className="search-results__count">{searchCountText(results.videos.length, results.videosFound)}</p>
              {results.videos.length > 0 ? (
                <ol className="search-results__list">
                  {results.videos.map((video) => {
                    const locked = isLocked(video.entitlements);
                    return (
                      <li key={video.entryId} className={`search-video${locked ? " is-locked" : ""}`}>
                        <Picture className="search-video__image" imageKey={video.thumbnailKey} w={160} h={90} alt="" />
                        <span className="search-video__body">
                          <span className="search-video__title">{video.title}</span>
                          <span className="search-video__meta">
                            {formatDuration(video.durationSeconds)} · <ClubTime iso={video.createdAt} format="date" />
                          </span>
                          {locked ? (
                            <Link className="search-video__locked" to={videoPath(video.entryId)} aria-label={`Locked: ${video.title}`}>
                              <MediaIcon name="padlock" />
                            </Link>
                          ) : (
                            <Button type="primary-dark" small inline href={videoPath(video.entryId)} text="Watch Now" ariaLabel={`Watch Now: ${video.title}`} />
                          )}
                        </span>
                      </li>
                    );
                  })}
                </ol>
              ) : null}
            </section>
          </div>
        ) : null}
      </div>
    </div>
  );
}
