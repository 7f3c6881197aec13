import { club } from "../config/club";

/** Search engines show about 160 characters of a description. */
export const DESCRIPTION_LIMIT = 160;

/**
 * A page's meta description: its own text when it has one (an article's summary, a video's
 * description), else one that names the page, so no two routes share a description.
 * Whitespace is collapsed and the text cut at a word near the limit.
 */
export function pageDescription(page: string, own?: string | null): string {
  const text = (own ?? "").replace(/\s+/g, " ").trim() || `${page}: the official website of ${club.name}, with news, fixtures, results, teams and ${club.tvName}.`;
  if (text.length <= DESCRIPTION_LIMIT) return text;
  const cut = text.slice(0, DESCRIPTION_LIMIT - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > DESCRIPTION_LIMIT / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

/**
 * The canonical address of a page: its path without a trailing slash, plus a listing's page
 * number (page 0 is the bare path). Every other query parameter (filters read by the browser,
 * tracking, sign-in codes) is left out, so one page has one address.
 */
export function canonicalPath(pathname: string, search: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const page = new URLSearchParams(search).get("page");
  return page && /^[1-9]\d{0,4}$/.test(page) ? `${path}?page=${page}` : path;
}
