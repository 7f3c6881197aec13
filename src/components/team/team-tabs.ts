import { teamSlugs } from "../../config/club";

/** Short labels of the team tabs on the fixtures pages, in the club's team order (spec §3 'Team'). */
export const teamTabLabels: Record<(typeof teamSlugs)[number], string> = {
  "": "Men",
  "womens-first-team": "Women",
  "b-team": "B Team",
  u18: "U18",
};

export const teamTabs = teamSlugs.map((slug) => ({ slug, label: teamTabLabels[slug] }));
