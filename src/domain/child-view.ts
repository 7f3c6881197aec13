import type { PageKind } from "../layouts/page-handle";
import { isRecord } from "./json-shape";

/** The pages whose news cards open an article as a child view over them (spec §2 'news item child view'). */
const LISTING_KINDS: ReadonlySet<PageKind> = new Set(["news-listing", "category", "news-legacy", "home"]);

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
 * article link (`/news/{slug}`, one segment), from a listing page.
 */
export function opensChildView(click: ClickFacts, href: string, origin: string, pageKind: PageKind | undefined): boolean {
  if (click.defaultPrevented || click.button !== 0) return false;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return false;
  if (pageKind === undefined || !LISTING_KINDS.has(pageKind)) return false;
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
