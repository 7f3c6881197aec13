/**
 * Spec §1 and §5: in child-friendly mode (default on) only adverts, sponsors, header sponsors
 * and teams flagged child friendly show. Outside it, everything shows.
 */
import type { Advert, HeaderSponsor, Sponsor, SponsorRow } from "../schemas/shell";
import type { Team } from "../schemas/teams";

export function filterAdverts<T extends Pick<Advert, "childFriendly">>(adverts: readonly T[], childFriendly: boolean): T[] {
  return childFriendly ? adverts.filter((a) => a.childFriendly) : [...adverts];
}

export function filterSponsors<T extends Pick<Sponsor, "isChildFriendly">>(sponsors: readonly T[], childFriendly: boolean): T[] {
  return childFriendly ? sponsors.filter((s) => s.isChildFriendly) : [...sponsors];
}

/** Filters each row's sponsors; a row left empty is dropped so no bare heading shows. */
export function filterSponsorRows(rows: readonly SponsorRow[], childFriendly: boolean): SponsorRow[] {
  if (!childFriendly) return [...rows];
  return rows
    .map((row) => ({ ...row, sponsors: filterSponsors(row.sponsors, true) }))
    .filter((row) => row.sponsors.length > 0);
}

export function filterHeaderSponsors<T extends Pick<HeaderSponsor, "childFriendly">>(
  sponsors: readonly T[],
  childFriendly: boolean,
): T[] {
  return childFriendly ? sponsors.filter((s) => s.childFriendly) : [...sponsors];
}

export function filterTeams<T extends Pick<Team, "childFriendly">>(teams: readonly T[], childFriendly: boolean): T[] {
  return childFriendly ? teams.filter((t) => t.childFriendly) : [...teams];
}

/**
 * The team tabs of the fixtures pages: those of the teams the viewer's mode lists (`listed`, already
 * filtered by `filterTeams`), and always the team on show. A hidden team is left out of lists, but its
 * own pages stay reachable by their URL (a link in a news article, a calendar), so its tab must not
 * vanish while it is the one shown.
 */
export function teamTabsShown<T extends { slug: string }>(tabs: readonly T[], listed: readonly Pick<Team, "slug">[], current: string | null): T[] {
  const slugs = new Set(listed.map((t) => t.slug));
  return tabs.filter((tab) => tab.slug === current || slugs.has(tab.slug));
}

/** Overlay promos carry the same flag as adverts: in child-friendly mode only flagged ones are offered. */
export function filterOverlayPromos<T extends { childFriendly: boolean }>(promos: readonly T[], childFriendly: boolean): T[] {
  return childFriendly ? promos.filter((p) => p.childFriendly) : [...promos];
}
