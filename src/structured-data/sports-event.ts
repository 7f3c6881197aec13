import type { Match } from "../schemas/teams";
import { matchPath } from "../routes/paths";
import { sides } from "../components/match/match-outcome";
import { absolute, type JsonLdObject } from "./json-ld";

/**
 * SportsEvent of a match: the two sides in the site's home/away order, kick-off, venue. No
 * score (schema.org has none on SportsEvent), so it is the same in spoiler-free mode.
 */
export function sportsEvent(origin: string, match: Match, teamName?: string): JsonLdObject {
  const { home, away } = sides(match, teamName);
  return {
    "@type": "SportsEvent",
    name: `${home.name} v ${away.name}`,
    description: match.competition,
    sport: "Soccer",
    startDate: match.kickoff,
    eventStatus: match.status === "postponed" ? "https://schema.org/EventPostponed" : "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: { "@type": "Place", name: match.venue, address: match.venue },
    homeTeam: { "@type": "SportsTeam", name: home.name },
    awayTeam: { "@type": "SportsTeam", name: away.name },
    competitor: [
      { "@type": "SportsTeam", name: home.name },
      { "@type": "SportsTeam", name: away.name },
    ],
    url: absolute(origin, matchPath(match.teamSlug, match.seasonSlug, match.id)),
  };
}
