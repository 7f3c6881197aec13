/** The club's identity: every text naming the club, its TV service or its links reads from here. */
export const club = {
  name: "Northbridge Rovers FC",
  shortName: "Rovers",
  accountName: "Rovers Account",
  tvName: "Rovers TV",
  tvPlusName: "Rovers TV+",
  timezone: "Europe/London",
  currentSeason: { year: 2024, slug: "2024-25", name: "2024/25" },
  seasons: { first: 2020, last: 2024 },
  entitlements: {
    free: "free",
    freemium: "freemium",
    mid: "roverstv",
    top: "roverstv+",
    vip: "vip",
  },
  links: {
    buyTickets: "https://tickets.northbridgerovers.example/",
    store: "https://store.northbridgerovers.example/",
    conferencing: "https://events.northbridgerovers.example/",
    communityTrust: "https://trust.northbridgerovers.example/",
  },
  /** The club's colours (the same as src/styles/tokens.css): for what is drawn outside the site's CSS, such as an audio replay's picture. */
  colours: { navy: "#0b1f3a", red: "#d2122e", gold: "#f2b632", white: "#ffffff" },
  dateFormat: "D MMM YYYY",
  matchDateFormat: "ddd D MMM",
  headerHeight: 90,
  stickyThreshold: 300,
} as const;

export type EntitlementCode = (typeof club.entitlements)[keyof typeof club.entitlements];

/** Team slugs of spec §2; the first team's is empty. */
export const teamSlugs = ["", "womens-first-team", "b-team", "u18"] as const;
