import type { SiteData } from "../../src/data/site-data";
import { DEFAULT_PREFERENCES, type ViewerPreferences } from "../../src/app/viewer-preferences";
import * as news from "./news";
import * as pages from "./pages";
import { menuPages, shell } from "./shell";
import { cached, DEFAULT_TTL_SECONDS } from "../cache/kv-cache";
import { childFriendlyShell } from "./child-friendly-data";
import { filterTeams } from "../../src/domain/child-friendly";
import * as teams from "./teams";
import * as videos from "./videos";
import { spoilerFree } from "./spoiler-free";
import { homeSchema } from "../../src/schemas/pages";
import { videoHomeSchema } from "../../src/schemas/videos";
import type { LiveNow } from "../../src/schemas/console";
import type { Revenue } from "../../src/schemas/console-revenue";
import type { AccountDetail, AccountSearch } from "../../src/schemas/console-accounts";
import type { WebhookHealth } from "../../src/schemas/console-webhooks";
import type { AuditPage, AuditQuery, ConsoleContent, ContentKind } from "../../src/schemas/console-content";
import type { ConsoleAccess, StaffList } from "../../src/schemas/console-staff";

/** What only a staff member's render has: the console's reads (worker/console/), given by its page route. */
export interface StaffReads {
  /** who is looking, and what their roles allow */
  access(): Promise<ConsoleAccess>;
  liveNow(): Promise<LiveNow>;
  revenue(): Promise<Revenue>;
  accountSearch(q: string): Promise<AccountSearch>;
  /** null: no such account */
  account(ssoID: string): Promise<AccountDetail | null>;
  webhookHealth(): Promise<WebhookHealth>;
  consoleContent(kind: ContentKind): Promise<ConsoleContent>;
  auditLog(query: AuditQuery): Promise<AuditPage>;
  staffList(): Promise<StaffList>;
}

/**
 * SiteData over D1 (content) and KV (cache of the shell, the menu and the two landing pages'
 * data, with an in-isolate copy in front: a warm render of / or /videos makes no D1 query).
 * One per request is fine: it holds nothing but the bindings and the viewer's cookie preferences
 * (child-friendly, spoiler-free), which the content it answers must honour as the API does.
 */
export function createD1SiteData(env: Pick<Env, "DB" | "CACHE">, preferences: ViewerPreferences = DEFAULT_PREFERENCES, staff: StaffReads | null = null): SiteData {
  const db = env.DB;
  const { childFriendly } = preferences;
  const data: SiteData = {
    shell: async () => childFriendlyShell(await shell(env), childFriendly),
    menu: () => menuPages(env),
    // Built from the takeover's settings rows too (src/domain/matchday-takeover.ts): a change there is seen at once.
    home: () => cached(env, "home", DEFAULT_TTL_SECONDS, homeSchema, () => pages.home(db), ["settings"]),

    news: (query) => news.news(db, query),
    newsArticle: (slug) => news.newsArticle(db, slug),
    categories: () => news.categories(db),
    category: (slug) => news.category(db, slug),

    // Child-friendly mode hides a team where teams are listed (spec §1, §3); its own pages stay
    // reachable by URL, since the first team (not flagged) owns /matches and most links.
    teams: async () => filterTeams(await teams.teams(db), childFriendly),
    team: (teamSlug) => teams.team(db, teamSlug),
    fixtures: (teamSlug, seasonSlug) => teams.fixtures(db, teamSlug, seasonSlug),
    match: (teamSlug, seasonSlug, matchId) => teams.match(db, teamSlug, seasonSlug, matchId),
    player: (teamSlug, playerSlug) => teams.player(db, teamSlug, playerSlug),

    // The feed it reads is a web setting (tv.feed): a change retires it with the settings.
    videoHome: () => cached(env, "video-home", DEFAULT_TTL_SECONDS, videoHomeSchema, () => videos.videoHome(db), ["settings"]),
    videoCategories: () => videos.videoCategories(db),
    videos: (query) => videos.videos(db, query),
    video: (entryId) => videos.video(db, entryId),
    faqs: (scope) => videos.faqs(db, scope),
    packages: () => videos.packages(db),
    liveAssets: () => videos.liveAssets(db),
    liveAsset: (id) => videos.liveAsset(db, id),
    defaultLiveAsset: (mediaType) => videos.defaultLiveAsset(db, mediaType),

    page: (fullPath) => pages.page(db, fullPath),
    // Everyone but staff: nothing there, so /admin is the site's 404.
    liveNow: async () => (staff ? staff.liveNow() : null),
    revenue: async () => (staff ? staff.revenue() : null),
    consoleAccounts: async (q) => (staff ? staff.accountSearch(q) : null),
    consoleAccount: async (ssoID) => (staff ? staff.account(ssoID) : null),
    webhookHealth: async () => (staff ? staff.webhookHealth() : null),
    consoleContent: async (kind) => (staff ? staff.consoleContent(kind) : null),
    auditLog: async (query) => (staff ? staff.auditLog(query) : null),
    consoleAccess: async () => (staff ? staff.access() : null),
    consoleStaff: async () => (staff ? staff.staffList() : null),
  };
  return preferences.spoilerFree ? spoilerFree(data, db) : data;
}

export { invalidateCache, cached } from "../cache/kv-cache";
export { overlayPromos, setting } from "./shell";
export { sanitizeHtml } from "../html/sanitize-html";
