import type { SiteData } from "../../src/data/site-data";
import { DEFAULT_PREFERENCES, type ViewerPreferences } from "../../src/app/viewer-preferences";
import * as news from "./news";
import * as pages from "./pages";
import { shell } from "./shell";
import * as teams from "./teams";
import * as videos from "./videos";
import { spoilerFree } from "./spoiler-free";

/**
 * SiteData over D1 (content) and KV (cache of the shell). One per request is fine: it holds
 * nothing but the bindings and the viewer's cookie preferences (child-friendly, spoiler-free),
 * which the content it answers must honour as the API does for the browser.
 */
export function createD1SiteData(env: Pick<Env, "DB" | "CACHE">, preferences: ViewerPreferences = DEFAULT_PREFERENCES): SiteData {
  const db = env.DB;
  const data: SiteData = {
    shell: () => shell(env),
    home: () => pages.home(db),

    news: (query) => news.news(db, query),
    newsArticle: (slug) => news.newsArticle(db, slug),
    categories: () => news.categories(db),
    category: (slug) => news.category(db, slug),

    teams: () => teams.teams(db),
    team: (teamSlug) => teams.team(db, teamSlug),
    fixtures: (teamSlug, seasonSlug) => teams.fixtures(db, teamSlug, seasonSlug),
    match: (teamSlug, seasonSlug, matchId) => teams.match(db, teamSlug, seasonSlug, matchId),
    player: (teamSlug, playerSlug) => teams.player(db, teamSlug, playerSlug),

    videoHome: () => videos.videoHome(db),
    videoCategories: () => videos.videoCategories(db),
    videos: (query) => videos.videos(db, query),
    video: (entryId) => videos.video(db, entryId),
    faqs: () => videos.faqs(db),
    packages: () => videos.packages(db),
    liveAssets: () => videos.liveAssets(db),
    liveAsset: (id) => videos.liveAsset(db, id),

    page: (fullPath) => pages.page(db, fullPath),
  };
  return preferences.spoilerFree ? spoilerFree(data, db) : data;
}

export { invalidateCache, cached } from "./kv-cache";
export { overlayPromos, setting } from "./shell";
export { sanitizeHtml } from "./sanitize-html";
