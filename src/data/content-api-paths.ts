/** Paths of the content API (worker/content/content-api.ts), relative to /api. */
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
  /** the loaders' flat list; /api/packages is the packages service (worker/commercial/package-routes.ts) */
  packages: "/package-list",
} as const;
