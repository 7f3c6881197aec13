import type { PageKind } from "../layouts/page-handle";
import { isRecord } from "./json-shape";

/**
 * Where an article link was clicked: a page, by its kind, or the search overlay's news results,
 * which list articles over whatever page is open.
 */
export type ChildViewSource = PageKind | "search";

/** The listings whose article links open the article as a child view over them (spec §2 'news item child view'). */
const LISTINGS: ReadonlySet<ChildViewSource> = new Set(["news-listing", "category", "news-legacy", "home", "search"]);

/**
 * The kind a page counts as for the child view. The dated listings (/news/{year}/{month?}/{day?},
 * the legacy date-based forms of spec §2) share the news/* route, and its kind, with the articles;
 * their loader data is tagged `list`.
 */
export function childViewSourceOf(kind: PageKind | undefined, data: unknown): ChildViewSource | undefined {
  if (kind === "news-single" && isRecord(data) && data.kind === "list") return "news-legacy";
  return kind;
}

/** What the rule needs of a click: the mouse button and the modifier keys. */
export interface ClickFacts {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/**
 * Whether a click on a link opens the article over the page as a child view: a plain primary click
 * (modifiers and the middle button keep the browser's own new tab or window), on a same-origin
 * article link (`/news/{slug}`, one segment), from a listing page or the search results.
 */
export function opensChildView(click: ClickFacts, href: string, origin: string, from: ChildViewSource | undefined): boolean {
  if (click.defaultPrevented || click.button !== 0) return false;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return false;
  if (from === undefined || !LISTINGS.has(from)) return false;
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return false;
  }
  return url.origin === origin && /^\/news\/[^/]+\/?$/.test(url.pathname) && !/^\/news\/\d{4}\/?$/.test(url.pathname);
}

/** The history state a child view's entry carries: the page it was opened over stays underneath. */
export const CHILD_VIEW_STATE = { childView: true } as const;

/** Whether a history entry's state says it was opened as a child view. */
export function isChildViewState(state: unknown): boolean {
  return isRecord(state) && state.childView === true;
}

/** The link a child view was opened from, remembered at the click: the element, its article, where it was. */
export interface ChildViewOpener<E> {
  element: E;
  /** the article's path, as the link's href names it */
  href: string;
  from: ChildViewSource;
}

/** What the focus rule needs to know of the page as the child view closes. */
export interface PageUnderChildView<E> {
  /** whether the element is still in the document */
  isConnected(element: E): boolean;
  /** the first link of the page under the child view to the article at `path`, if any */
  linkTo(path: string): E | null;
  /** the header's search button */
  searchButton(): E | null;
}

const pathOf = (href: string): string => new URL(href, "http://x").pathname.replace(/\/$/, "");

/** Whether two hrefs (absolute or root-relative) name the same path, a trailing slash aside. */
export function samePath(a: string, b: string): boolean {
  return pathOf(a) === pathOf(b);
}

/**
 * Where focus goes when the child view showing the article at `articlePath` closes: back to the
 * link that opened it, never to whatever happens to be focused then. Opened from the search
 * results, that link closed with the overlay: the search button, where the supporter started.
 * Opened from the page, the very link clicked if it is still there, else (it was re-rendered, or
 * the article was reopened by Forward, without a click) the page's link to the same article. The
 * search button when the page has none. A remembered opener of another article counts for nothing.
 */
export function focusAfterChildView<E>(opener: ChildViewOpener<E> | null, articlePath: string, page: PageUnderChildView<E>): E | null {
  const own = opener !== null && samePath(opener.href, articlePath) ? opener : null;
  if (own?.from === "search") return page.searchButton();
  if (own && page.isConnected(own.element)) return own.element;
  return page.linkTo(articlePath) ?? page.searchButton();
}
