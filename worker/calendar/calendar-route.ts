import { Hono } from "hono";
import { club } from "../../src/config/club";
import { FIRST_TEAM_ALIAS } from "../../src/data/route-params";
import { edgeCached } from "../cache/edge-cache";
import { siteOriginOf, type AppEnv } from "../env";
import { z } from "zod";
import { allRows, firstRow, rowSchema } from "../db/rows";
import { calendarMatchRow, fixtureCalendar } from "./fixture-calendar";

const teamRow = rowSchema("teams", { slug: z.string(), name: z.string() });

/**
 * GET /calendar/{team}.ics: a team's matches of the current and next season as an iCalendar feed.
 * The first team is 'first-team'. Answers are kept in the Workers cache under
 * the content cache generation (worker/cache/edge-cache.ts), so invalidating the content retires
 * them at once; otherwise a subscribed calendar sees a change within CALENDAR_TTL_SECONDS.
 */
export const calendarRoutes = new Hono<AppEnv>();

export const CALENDAR_TTL_SECONDS = 15 * 60;
const TEAM_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.ics$/;

calendarRoutes.get("/:file", async (c) => {
  const file = TEAM_FILE.exec(c.req.param("file"));
  if (!file) return c.text("Not found", 404);
  const alias = file[1]!;
  const teamSlug = alias === FIRST_TEAM_ALIAS ? "" : alias;
  const origin = siteOriginOf(c.env, c.req.url);
  return edgeCached(c, "calendars", `${encodeURIComponent(origin)}/${alias}.ics`, CALENDAR_TTL_SECONDS, async () => {
    const team = await firstRow(teamRow, c.env.DB.prepare("SELECT slug, name FROM teams WHERE slug = ?").bind(teamSlug));
    if (!team) return null;
    const matches = await allRows(
      calendarMatchRow,
      c.env.DB.prepare(
        `SELECT m.id, t.slug AS team_slug, t.name AS team_name, s.slug AS season_slug, c.name AS competition, o.name AS opponent,
           m.is_home, m.venue, m.kickoff, m.status, m.sequence, m.updated_at
         FROM matches m JOIN teams t ON t.id = m.team_id JOIN seasons s ON s.id = m.season_id
         JOIN competitions c ON c.id = m.competition_id JOIN opponents o ON o.id = m.opponent_id
         WHERE t.slug = ? AND s.year IN (?, ?) ORDER BY m.kickoff, m.id`,
      ).bind(teamSlug, club.currentSeason.year, club.currentSeason.year + 1),
    );
    return {
      body: fixtureCalendar(team.name, matches, origin),
      headers: { "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": `inline; filename="${alias}.ics"` },
    };
  });
});
