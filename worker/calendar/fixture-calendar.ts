import { z } from "zod";
import { club } from "../../src/config/club";
import { matchSchema } from "../../src/schemas/teams";
import { rowSchema } from "../db/rows";
import { writeCalendar, type CalendarEvent } from "../../src/domain/icalendar";
import { reportSideName } from "../../src/domain/spoiler-free";
import { matchPath } from "../../src/routes/paths";

/** A match as the calendar needs it (worker/calendar/calendar-route.ts reads these from D1). */
export const calendarMatchRow = rowSchema("calendar matches", {
  id: z.number(),
  team_slug: z.string(),
  team_name: z.string(),
  season_slug: z.string(),
  competition: z.string(),
  opponent: z.string(),
  is_home: z.number(),
  venue: z.string(),
  kickoff: z.string(),
  status: matchSchema.shape.status,
  sequence: z.number(),
  updated_at: z.string().nullable(),
});
export type CalendarMatchRow = z.infer<typeof calendarMatchRow>;

/** A football match with half-time and stoppage fits in two hours. */
const MATCH_LENGTH_MS = 2 * 60 * 60 * 1000;
/** For rows older than migration 0008's triggers (never in practice): a fixed instant, so the bytes stay stable. */
/** The UID's right-hand side: fixed, so a UID never changes with the host the calendar was fetched from. */
const UID_DOMAIN = "fixtures.northbridgerovers.example";
const NEVER_MODIFIED = "2020-01-01T00:00:00Z";

/**
 * One VEVENT per match: stable UID (the match id never changes), SUMMARY 'Rovers v Ashcombe'
 * in the site's home/away order with the competition, and SEQUENCE/LAST-MODIFIED from the
 * match row (a kick-off change bumps them, migrations/0012_match_calendar.sql). No score: the
 * calendar is the same in spoiler-free mode.
 */
export function matchEvent(row: CalendarMatchRow, origin: string): CalendarEvent {
  const us = reportSideName(row.team_slug, row.team_name);
  const [home, away] = row.is_home ? [us, row.opponent] : [row.opponent, us];
  const start = new Date(row.kickoff);
  return {
    uid: `match-${row.id}@${UID_DOMAIN}`,
    start: start.toISOString(),
    end: new Date(start.getTime() + MATCH_LENGTH_MS).toISOString(),
    summary: `${row.status === "postponed" ? "Postponed: " : ""}${home} v ${away} (${row.competition})`,
    location: row.venue,
    url: `${origin}${matchPath(row.team_slug, row.season_slug, row.id)}`,
    sequence: row.sequence,
    lastModified: row.updated_at ?? NEVER_MODIFIED,
    status: row.status === "postponed" ? "CANCELLED" : "CONFIRMED",
  };
}

export function fixtureCalendar(teamName: string, rows: CalendarMatchRow[], origin: string): string {
  return writeCalendar({
    productId: `-//${club.name}//Fixtures//EN`,
    name: `${teamName} fixtures`,
    events: rows.map((row) => matchEvent(row, origin)),
  });
}
