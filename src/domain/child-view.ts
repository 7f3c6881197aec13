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
