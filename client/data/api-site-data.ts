import type { SiteData } from "../../src/data/site-data";
import { contentApiPaths as paths } from "../../src/data/content-api-paths";
import type { ZodMiniType } from "zod/mini";
import type { Answers } from "./api-answers";
import { ApiError, MALFORMED_ANSWER_STATUS } from "./api-error";
import { loadClubTimeText } from "../../src/components/club-time";

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
type Query = Record<string, string | number | undefined>;


/**
 * The schemas load with the first answer the browser parses (a lazy chunk, fetched in parallel
 * with that request), so zod never weighs on a first visit, which renders from the server's data.
 */
let parser: Promise<typeof import("./api-answers")> | undefined;
const loadParser = () => (parser ??= import("./api-answers"));

/**
 * SiteData over /api/*, for loaders running in the browser after hydration. The date formatter
 * loads beside the first answer too: the page it feeds is the browser's own, dates and all
 * (src/components/club-time.ts). This is where
 * untrusted JSON enters the browser: every answer is parsed with the shared zod schemas
 * (src/schemas/) before a loader sees it. A 404 is `null`, exactly as the D1 implementation returns it.
 */
export function createApiSiteData(fetchFn: Fetch = (i, init) => fetch(i, init), origin = ""): SiteData {
  /** `pick` names the answer's schema; the schemas themselves arrive with the lazy chunk. */
  async function get<T>(pick: (answers: Answers) => ZodMiniType<T>, path: string, query: Query = {}): Promise<T | null> {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) search.set(k, String(v));
    const qs = search.toString();
    const [response, { answers, parseAnswer }] = await Promise.all([
      fetchFn(`${origin}/api${path}${qs ? `?${qs}` : ""}`, { headers: { accept: "application/json" } }),
      loadParser(),
      loadClubTimeText(),
    ]);
    if (response.status === 404) return null;
    if (!response.ok) throw new ApiError(response.status, `GET ${path} answered ${response.status}`);
    const body: unknown = await response.json().catch(() => undefined);
    const parsed = parseAnswer(pick(answers), body);
    if (!parsed.ok) throw new ApiError(MALFORMED_ANSWER_STATUS, `GET ${path}: unexpected answer (${parsed.detail})`);
    return parsed.value;
  }
  async function must<T>(pick: (answers: Answers) => ZodMiniType<T>, path: string, query?: Query): Promise<T> {
    const value = await get(pick, path, query);
    if (value === null) throw new ApiError(404, `GET ${path} answered 404`);
    return value;
  }
  const at = (path: string, key: string, value: string) => path.replace(`:${key}`, encodeURIComponent(value));

  return {
    shell: () => must((a) => a.shell, paths.shell),
    menu: () => must((a) => a.menu, paths.menu),
    home: () => must((a) => a.home, paths.home),
    news: (q) => must((a) => a.news, paths.news, { ...q }),
    newsArticle: (slug) => get((a) => a.newsArticle, at(paths.newsArticle, "slug", slug)),
    categories: () => must((a) => a.categories, paths.categories),
    category: (slug) => get((a) => a.category, at(paths.category, "slug", slug)),
    teams: () => must((a) => a.teams, paths.teams),
    team: (team) => get((a) => a.team, paths.team, { team }),
    fixtures: (team, season) => get((a) => a.fixtures, paths.fixtures, { team, season }),
    match: (team, season, id) => get((a) => a.match, paths.match, { team, season, id }),
    player: (team, slug) => get((a) => a.player, at(paths.player, "slug", slug), { team }),
    videoHome: () => must((a) => a.videoHome, paths.videoHome),
    videoCategories: () => must((a) => a.videoCategories, paths.videoCategories),
    videos: (q) => must((a) => a.videos, paths.videos, { ...q }),
    video: (entryId) => get((a) => a.video, at(paths.video, "entryId", entryId)),
    faqs: (scope) => must((a) => a.faqs, paths.faqs, { scope }),
    packages: () => must((a) => a.packages, paths.packages),
    liveAssets: () => must((a) => a.liveAssets, paths.liveAssets),
    liveAsset: (id) => get((a) => a.liveAsset, at(paths.liveAsset, "id", id)),
    defaultLiveAsset: (mediaType) => get((a) => a.defaultLiveAsset, at(paths.defaultLiveAsset, "mediaType", mediaType)),
    page: (path) => get((a) => a.page, paths.page, { path }),
    // Staff only: its code and schema load with the console, never with a public page.
    liveNow: async () => (await import("./console-data")).liveNow(fetchFn, origin),
    revenue: async () => (await import("./console-data")).revenue(fetchFn, origin),
    consoleAccounts: async (q) => (await import("./console-accounts-data")).accountSearch(fetchFn, origin, q),
    consoleAccount: async (ssoID) => (await import("./console-accounts-data")).accountDetail(fetchFn, origin, ssoID),
    webhookHealth: async () => (await import("./console-accounts-data")).webhookHealth(fetchFn, origin),
    consoleContent: async (kind) => (await import("./console-content-data")).consoleContent(fetchFn, origin, kind),
    auditLog: async (query) => (await import("./console-content-data")).auditLog(fetchFn, origin, query),
  };
}
