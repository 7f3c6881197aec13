import type { HeaderStyle } from "../state/app-state";
import type { VideoFilter } from "../data/video-filter";
import type { Capability } from "../domain/staff-roles";

/** Page kinds of spec §2 'Header' ('Header style per page kind'). */
export type PageKind =
  | "home" | "error" | "matches" | "match-centre" | "team" | "teams" | "player-profile" | "category"
  | "content" | "news-listing" | "news-single" | "news-legacy" | "video-listing" | "video-category"
  | "video-single" | "login" | "faqs";

const headerStyles: Record<PageKind, HeaderStyle> = {
  home: "transparent-dark",
  error: "transparent-dark",
  matches: "solid",
  "match-centre": "transparent-dark",
  team: "transparent-dark",
  teams: "solid",
  "player-profile": "transparent-dark",
  category: "solid",
  // Content pages with a hero image keep the transparent header; see headerStyleFor.
  content: "solid",
  "news-listing": "solid",
  "news-single": "transparent-dark",
  "news-legacy": "transparent-dark",
  "video-listing": "transparent-dark",
  "video-category": "solid",
  "video-single": "solid",
  login: "solid",
  faqs: "solid",
};

/**
 * The query parameters a page reads while rendering: its loader's input, and so the page cache's
 * key (worker/pages/page-cache.ts). Their value rules live with the loaders (src/data/page-query.ts);
 * every other parameter is the browser's alone and never reaches a render.
 */
export type PageQueryName = "page" | keyof VideoFilter;
/** A listing: '?page=N'. */
export const LIST_QUERY: readonly PageQueryName[] = ["page"];
/** The video browse pages: '?page=N' and the filters of spec §3 'Video filter'. */
export const VIDEO_BROWSE_QUERY: readonly PageQueryName[] = ["page", "team", "season", "duration"];

export interface PageHandle {
  kind: PageKind;
  /** the query parameters the page reads, in the order the cache key lists them */
  query: readonly PageQueryName[];
  /** the page modules the route renders: their stylesheets come with it (src/app/route-styles.tsx) */
  modules?: readonly string[];
  /** on the console's routes: its sections, for its navigation (src/routes/console/routes.ts) */
  consoleSections?: readonly ConsoleSection[];
}

/** A section of the club's console as its navigation links to it, and the capability that opens it. */
export interface ConsoleSection {
  path: string;
  label: string;
  capability: Capability;
  /** a second capability that opens it too (the fixture list opens for commerce, who sell match passes from it) */
  alsoOpenedBy?: Capability;
}

export function isPageHandle(value: unknown): value is PageHandle {
  return (
    typeof value === "object" && value !== null && "kind" in value && typeof value.kind === "string" && Object.hasOwn(headerStyles, value.kind) &&
    "query" in value && Array.isArray(value.query)
  );
}

export function pageHandle(kind: PageKind, query: readonly PageQueryName[] = []): PageHandle {
  return { kind, query };
}

/** The header style for the deepest matched page, given its loader data. */
export function headerStyleFor(handle: PageHandle | undefined, data: unknown): HeaderStyle {
  if (!handle) return "transparent-dark";
  if (handle.kind === "content" && hasHeroImage(data)) return "transparent-dark";
  if (handle.kind === "news-single" && isTagged(data, "list")) return "solid";
  if (handle.kind === "player-profile" && isTagged(data, "squad")) return "transparent-dark";
  return headerStyles[handle.kind];
}

function hasHeroImage(data: unknown): boolean {
  return typeof data === "object" && data !== null && "heroImageKey" in data && Boolean(data.heroImageKey);
}

function isTagged(data: unknown, kind: string): boolean {
  return typeof data === "object" && data !== null && "kind" in data && data.kind === kind;
}
