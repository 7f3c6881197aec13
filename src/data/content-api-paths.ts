/** Paths of the content API (worker/content/content-api.ts), relative to /api. */
export const contentApiPaths = {
  shell: "/shell",
  menu: "/menu",
  home: "/home",
  news: "/news",
  newsArticle: "/news/:slug",
  categories: "/categories",
  category: "/categories/:slug",
  teams: "/teams",
  /** ?team= (empty for the first team) */
  team: "/team",
  /** ?team=&season= */
  fixtures: "/fixtures",
  /** ?team=&season=&id= */
  match: "/match",
  /** ?team= */
  player: "/players/:slug",
  videoHome: "/videos/home",
  videoCategories: "/videos/categories",
  videos: "/videos",
  video: "/videos/:entryId",
  /** ?scope=videos|streamer */
  faqs: "/faqs",
  /** the loaders' flat list; /api/packages is the packages service (worker/commercial/package-routes.ts) */
  packages: "/package-list",
  liveAssets: "/live",
  liveAsset: "/live/:id",
  defaultLiveAsset: "/live/default/:mediaType",
  /** ?path= */
  page: "/pages",
} as const;
