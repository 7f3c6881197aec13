/** Where the content API is mounted (worker/content/api.ts). */
export const CONTENT_API = "/api/content";

/** Paths of the content API, relative to its mount. */
export const contentApiPaths = {
  shell: "/shell",
  menu: "/menu",
  home: "/home",
  teams: "/teams",
  /** ?team= (empty for the first team) */
  team: "/team",
  /** ?team=&season= */
  fixtures: "/fixtures",
  /** ?team=&season=&id= */
  match: "/match",
  videoHome: "/videos/home",
  videos: "/videos",
  /** the packages' flat list; /api/packages is the packages service (worker/commercial/package-routes.ts) */
  packages: "/package-list",
} as const;
