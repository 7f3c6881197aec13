import type { SiteData } from "../../src/data/site-data";
import { contentApiPaths as paths } from "../../src/data/content-api-paths";

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
type Query = Record<string, string | number | undefined>;

/** Thrown for any answer other than 200/404, so the route shows the error page with its status. */
export class ApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/**
 * SiteData over /api/*, for loaders running in the browser after hydration.
 * A 404 is `null`, exactly as the D1 implementation returns it.
 */
export function createApiSiteData(fetchFn: Fetch = (i, init) => fetch(i, init), origin = ""): SiteData {
  async function get<T>(path: string, query: Query = {}): Promise<T | null> {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) search.set(k, String(v));
    const qs = search.toString();
    const response = await fetchFn(`${origin}/api${path}${qs ? `?${qs}` : ""}`, { headers: { accept: "application/json" } });
    if (response.status === 404) return null;
    if (!response.ok) throw new ApiError(response.status, `GET ${path} answered ${response.status}`);
    return (await response.json()) as T;
  }
  async function must<T>(path: string, query?: Query): Promise<T> {
    const value = await get<T>(path, query);
    if (value === null) throw new ApiError(404, `GET ${path} answered 404`);
    return value;
  }
  const at = (path: string, key: string, value: string) => path.replace(`:${key}`, encodeURIComponent(value));

  return {
    shell: () => must(paths.shell),
    home: () => must(paths.home),
    news: (q) => must(paths.news, { ...q }),
    newsArticle: (slug) => get(at(paths.newsArticle, "slug", slug)),
    categories: () => must(paths.categories),
    category: (slug) => get(at(paths.category, "slug", slug)),
    teams: () => must(paths.teams),
    team: (team) => get(paths.team, { team }),
    fixtures: (team, season) => get(paths.fixtures, { team, season }),
    match: (team, season, id) => get(paths.match, { team, season, id }),
    player: (team, slug) => get(at(paths.player, "slug", slug), { team }),
    videoHome: () => must(paths.videoHome),
    videoCategories: () => must(paths.videoCategories),
    videos: (q) => must(paths.videos, { ...q }),
    video: (entryId) => get(at(paths.video, "entryId", entryId)),
    faqs: () => must(paths.faqs),
    packages: () => must(paths.packages),
    liveAssets: () => must(paths.liveAssets),
    liveAsset: (id) => get(at(paths.liveAsset, "id", id)),
    page: (path) => get(paths.page, { path }),
  };
}
