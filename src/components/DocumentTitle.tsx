import { useLocation, useMatches } from "react-router";
import { club } from "../config/club";
import { useSiteOrigin } from "../app/site-origin";
import { imageUrl } from "./Picture";
import type { MediaPhoto } from "./MediaPicture";
import { mediaShareUrl } from "../domain/media-image";
import { canonicalPath, pageDescription } from "../domain/page-meta";
import { isPageHandle } from "../layouts/page-handle";
import { useCoveredPage } from "./covered-page";

export interface DocumentTitleProps {
  page: string;
  /** the page's own summary; without one, a description naming the page is made (every route has its own) */
  description?: string;
  /** a CMS image key for the Open Graph and Twitter card */
  imageKey?: string | null;
  /** the library photo `imageKey` names (the card then shows it rather than generated art) */
  photo?: MediaPhoto | null;
  /** Open Graph type: 'article' for news, 'video.other' for videos */
  type?: "website" | "article" | "video.other";
  /** error pages are not indexed; an article's preview is not followed either */
  noIndex?: boolean | "nofollow";
  /** the page's one address when other URLs also reach it (an article's legacy dated forms); else the URL's own path */
  canonical?: string;
  /** the page's news feed (Atom), announced to feed readers: its title and path */
  feed?: { title: string; path: string };
}

/**
 * The page's head: React 19 hoists <title>, <meta> and <link> into <head>, and every page renders
 * exactly one of these (so exactly one <title>). Title, description, canonical address (path plus
 * a listing's page number, nothing else from the query) and the Open Graph / Twitter cards.
 */
export function DocumentTitle({ page, description, imageKey, photo, type = "website", noIndex = false, canonical, feed }: DocumentTitleProps) {
  const location = useLocation();
  const covered = useCoveredPage();
  // Only a page that reads '?page=' has numbered addresses; elsewhere the server renders without
  // it (worker/pages/page-cache.ts), and so must hydration.
  const leaf = useMatches().at(-1);
  const readsPage = isPageHandle(leaf?.handle) && leaf.handle.query.includes("page");
  const origin = useSiteOrigin();
  const title = `${page} | ${club.name}`;
  const text = pageDescription(page, description);
  const url = `${origin}${canonicalPath(canonical ?? location.pathname, canonical !== undefined || !readsPage ? "" : location.search)}`;
  const image = `${origin}${photo ? mediaShareUrl(photo) : imageKey ? imageUrl(imageKey, 1200, 630) : "/crest.svg"}`;
  // Under a child view the article's head is the document's: one <title>, one canonical address.
  if (covered) return null;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={text} />
      {noIndex ? <meta name="robots" content={noIndex === "nofollow" ? "noindex, nofollow" : "noindex"} /> : <link rel="canonical" href={url} />}
      {feed ? <link rel="alternate" type="application/atom+xml" title={feed.title} href={`${origin}${feed.path}`} /> : null}
      <meta property="og:site_name" content={club.name} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta property="og:locale" content="en_GB" />
      <meta name="twitter:card" content={imageKey ? "summary_large_image" : "summary"} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={text} />
      <meta name="twitter:image" content={image} />
    </>
  );
}
