import { FIRST_TEAM_ALIAS } from "../data/route-params";

/**
 * The 'Add to calendar' addresses of a team's fixture feed (GET /calendar/{team}.ics): webcal:
 * subscribes in calendar apps (they keep it up to date), https: downloads or subscribes by URL.
 * Built from the page's own address, so they name the host the supporter is on.
 */
export function calendarLinks(pageUrl: string, teamSlug: string): { https: string; webcal: string } {
  const url = new URL(`/calendar/${teamSlug === "" ? FIRST_TEAM_ALIAS : teamSlug}.ics`, pageUrl);
  return { https: url.href, webcal: `webcal://${url.host}${url.pathname}` };
}
