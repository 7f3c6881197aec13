import type { MouseEvent } from "react";
import { useMatches, useNavigate } from "react-router";
import { CHILD_VIEW_STATE, childViewSourceOf, opensChildView } from "../../domain/child-view";
import { isPageHandle } from "../../layouts/page-handle";
import { useSiteOrigin } from "../../app/site-origin";

/**
 * The click handler of an article link: from a listing (the page's, or the search overlay's results
 * with `fromSearch`), the article opens over the page as a child view (src/layouts/child-view/);
 * any other click stays the link's own.
 */
export function useChildViewClick(href: string, fromSearch = false) {
  const leaf = useMatches().at(-1);
  const origin = useSiteOrigin();
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    const from = fromSearch ? "search" : childViewSourceOf(isPageHandle(leaf?.handle) ? leaf.handle.kind : undefined, leaf?.data);
    if (!opensChildView(event, href, origin, from)) return;
    event.preventDefault();
    void navigate(href, { state: CHILD_VIEW_STATE, preventScrollReset: true });
  };
}
