import type { MenuPage, Shell } from "../schemas/shell";
import type { Category, NewsArticle, NewsPage, NewsQuery } from "../schemas/news";
import type { Fixtures, MatchCentre, PlayerProfile, Team, TeamDetail } from "../schemas/teams";
import type { VideoFilter } from "./video-filter";
import type { FaqGroup, LiveAsset, Package, Video, VideoCategory, VideoHome } from "../schemas/videos";
import type { ContentPage, Home } from "../schemas/pages";
import type { LiveNow } from "../schemas/console";
import type { Revenue } from "../schemas/console-revenue";
import type { LiveMediaType } from "../domain/default-live-entry";
import type { AccountDetail, AccountSearch } from "../schemas/console-accounts";
import type { WebhookHealth } from "../schemas/console-webhooks";
import type { AuditPage, AuditQuery, ConsoleContent, ContentKind } from "../schemas/console-content";
import type { ConsoleAccess, StaffList } from "../schemas/console-staff";

/**
 * The one data interface route loaders use: they run on the server only.
 * Only the worker implements it, over D1/KV (worker/data/), and loaders run only there: a browser
 * navigation asks the worker for a route's result (client/route-data.ts).
 * `null` always means "nothing by that name": the loader turns it into a 404.
 */
export interface SiteData {
  shell(): Promise<Shell>;
  /** the main menu's CMS page tree, flat (fetched when the drawer first opens) */
  menu(): Promise<MenuPage[]>;
  home(): Promise<Home>;

  news(query: NewsQuery): Promise<NewsPage>;
  newsArticle(slug: string): Promise<NewsArticle | null>;
  categories(): Promise<Category[]>;
  category(slug: string): Promise<Category | null>;

  teams(): Promise<Team[]>;
  /** teamSlug "" is the first team */
  team(teamSlug: string): Promise<TeamDetail | null>;
  /** seasonSlug undefined means the current season */
  fixtures(teamSlug: string, seasonSlug?: string): Promise<Fixtures | null>;
  /** matchId undefined means the team's most recent or next match in that season */
  match(teamSlug: string, seasonSlug: string | undefined, matchId: number | undefined): Promise<MatchCentre | null>;
  player(teamSlug: string, playerSlug: string): Promise<PlayerProfile | null>;

  videoHome(): Promise<VideoHome>;
  videoCategories(): Promise<VideoCategory[]>;
  /** categorySlug undefined: every category; the filters of spec §3 'Video filter' narrow it */
  videos(query: VideoListQuery): Promise<{ items: Video[]; total: number }>;
  video(entryId: string): Promise<Video | null>;
  /** scope "videos" (the default): /videos/faqs; "streamer": the streamer layout's troubleshooting */
  faqs(scope?: FaqScope): Promise<FaqGroup[]>;
  packages(): Promise<Package[]>;
  liveAssets(): Promise<LiveAsset[]>;
  liveAsset(id: string): Promise<LiveAsset | null>;
  /** the default live entry of a type (spec §9, a web setting); null when none is playable */
  defaultLiveAsset(mediaType: LiveMediaType): Promise<LiveAsset | null>;

  /** fullPath without leading or trailing slash, e.g. "club-information/contact-us" */
  page(fullPath: string): Promise<ContentPage | null>;

  /** the console's 'Live now': null for anyone but signed-in staff, so the route is their 404 */
  liveNow(): Promise<LiveNow | null>;
  /** the console's 'Subscriptions and revenue': null for anyone but signed-in staff, like liveNow */
  revenue(): Promise<Revenue | null>;
  /** the console's account search; null for anyone but staff */
  consoleAccounts(q: string): Promise<AccountSearch | null>;
  /** one account for the console; null for anyone but staff, and for an unknown account */
  consoleAccount(ssoID: string): Promise<AccountDetail | null>;
  /** the console's webhook health; null for anyone but staff */
  webhookHealth(): Promise<WebhookHealth | null>;
  /** the console's content pages: a kind's list and form; null for anyone but staff */
  consoleContent(kind: ContentKind): Promise<ConsoleContent | null>;
  /** the console's audit log, filtered, newest first; null for anyone but staff */
  auditLog(query: AuditQuery): Promise<AuditPage | null>;
  /** the console's viewer: roles and capabilities (every console page's navigation); null for anyone but staff */
  consoleAccess(): Promise<ConsoleAccess | null>;
  /** the console's Staff screen: who holds which role; null for anyone but staff */
  consoleStaff(): Promise<StaffList | null>;
}

export type FaqScope = "videos" | "streamer";

export type VideoListQuery = { category?: string | undefined; page?: number; pageSize?: number } & VideoFilter;
