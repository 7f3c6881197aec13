import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { invalidateCache } from "../../worker/cache/kv-cache";
import { writeCalendar } from "../../src/domain/icalendar";
import ICAL from "ical.js";
import { parseICalendar, single, type ICalComponent } from "./ical-parser";

const get = (path: string) => SELF.fetch(`https://rovers.test${path}`, { redirect: "manual" });
const utc = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

async function calendar(path: string): Promise<{ response: Response; root: ICalComponent }> {
  const response = await get(path);
  expect(response.status).toBe(200);
  return { response, root: parseICalendar(await response.text()) };
}

const events = (root: ICalComponent) => root.components.filter((c) => c.name === "VEVENT");

describe("fixture calendars", () => {
  it("parses with ical.js, a real iCalendar parser, to the same events as the strict parser", async () => {
    for (const team of ["first-team", "womens-first-team", "b-team", "u18"]) {
      const response = await get(`/calendar/${team}.ics`);
      const text = await response.text();
      const calendar = new ICAL.Component(ICAL.parse(text));
      const vevents = calendar.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
      const strict = events(parseICalendar(text));
      expect(vevents.length, team).toBe(strict.length);
      expect(vevents.length, team).toBeGreaterThan(0);
      for (const [i, event] of vevents.entries()) {
        expect(event.uid).toBe(single(strict[i]!, "UID"));
        expect(event.summary).toBe(single(strict[i]!, "SUMMARY"));
        expect(event.location).toBe(single(strict[i]!, "LOCATION"));
        expect(event.startDate.zone.tzid).toBe("UTC");
        expect(event.startDate.toUnixTime()).toBe(Date.parse(parseUtc(single(strict[i]!, "DTSTART"))) / 1000);
        expect(event.sequence).toBe(Number(single(strict[i]!, "SEQUENCE")));
      }
    }
  });

  it("serves the first team's current and next season as RFC 5545, one event per match", async () => {
    const { response, root } = await calendar("/calendar/first-team.ics");
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(root.name).toBe("VCALENDAR");
    expect(single(root, "VERSION")).toBe("2.0");
    const { results } = await env.DB.prepare(
      `SELECT m.id, m.kickoff, m.venue, m.is_home, o.name AS opponent, c.name AS competition FROM matches m
       JOIN teams t ON t.id = m.team_id JOIN seasons s ON s.id = m.season_id JOIN opponents o ON o.id = m.opponent_id
       JOIN competitions c ON c.id = m.competition_id
       WHERE t.slug = '' AND s.year IN (2024, 2025) ORDER BY m.kickoff, m.id`,
    ).all<{ id: number; kickoff: string; venue: string; is_home: number; opponent: string; competition: string }>();
    const vevents = events(root);
    expect(results.length).toBeGreaterThan(10);
    expect(vevents).toHaveLength(results.length);
    expect(new Set(vevents.map((e) => single(e, "UID"))).size).toBe(vevents.length);
    for (const [i, row] of results.entries()) {
      const event = vevents[i]!;
      expect(single(event, "UID")).toBe(`match-${row.id}@fixtures.northbridgerovers.example`);
      expect(single(event, "DTSTART")).toBe(utc(row.kickoff));
      expect(single(event, "DTSTART")).toMatch(/^\d{8}T\d{6}Z$/);
      expect(single(event, "SUMMARY")).toBe(`${row.is_home ? `Rovers v ${row.opponent}` : `${row.opponent} v Rovers`} (${row.competition})`);
      expect(single(event, "LOCATION")).toBe(row.venue);
      expect(single(event, "SEQUENCE")).toBe("0");
      expect(single(event, "LAST-MODIFIED")).toMatch(/^\d{8}T\d{6}Z$/);
      expect(single(event, "URL")).toContain(`/${row.id}`);
      // No score in a calendar: it is the same whatever the viewer's spoiler setting.
      expect(single(event, "SUMMARY")).not.toMatch(/\d+-\d+/);
    }
  });

  it("serves each of the four teams, and 404 for anything else", async () => {
    for (const team of ["first-team", "womens-first-team", "b-team", "u18"]) {
      const { root } = await calendar(`/calendar/${team}.ics`);
      expect(events(root).length, team).toBeGreaterThan(0);
    }
    for (const path of ["/calendar/nobody.ics", "/calendar/.ics", "/calendar/first-team", "/calendar/first-team.ics.txt", "/calendar/First-Team.ics"]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it("keeps the UID and bumps SEQUENCE and LAST-MODIFIED when a kick-off moves; the cache follows the content generation", async () => {
    const fixture = await env.DB.prepare(
      `SELECT m.id, m.kickoff FROM matches m JOIN teams t ON t.id = m.team_id JOIN seasons s ON s.id = m.season_id
       WHERE t.slug = 'u18' AND s.year = 2024 AND m.status = 'fixture' ORDER BY m.kickoff LIMIT 1`,
    ).first<{ id: number; kickoff: string }>();
    expect(fixture).not.toBeNull();
    const find = (root: ICalComponent) => events(root).find((e) => single(e, "UID") === `match-${fixture!.id}@fixtures.northbridgerovers.example`)!;
    // LAST-MODIFIED has one-second resolution and comes from SQL's clock: move the stored stamp an
    // hour back (instead of sleeping) so the value after the move is visibly later.
    await env.DB.prepare("UPDATE matches SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 hour') WHERE id = ?").bind(fixture!.id).run();
    await invalidateCache(env);
    const before = find((await calendar("/calendar/u18.ics")).root);
    expect((await get("/calendar/u18.ics")).headers.get("x-edge-cache")).toBe("hit");

    const moved = new Date(Date.parse(fixture!.kickoff) + 2 * 60 * 60 * 1000).toISOString();
    await env.DB.prepare("UPDATE matches SET kickoff = ? WHERE id = ?").bind(moved, fixture!.id).run();
    // Until the content is invalidated, the edge keeps the old feed; then the next request sees the move.
    expect(single(find((await calendar("/calendar/u18.ics")).root), "DTSTART")).toBe(single(before, "DTSTART"));
    await invalidateCache(env);
    const after = find((await calendar("/calendar/u18.ics")).root);
    expect(single(after, "DTSTART")).toBe(utc(moved));
    expect(Number(single(after, "SEQUENCE"))).toBe(Number(single(before, "SEQUENCE")) + 1);
    expect(single(after, "LAST-MODIFIED") > single(before, "LAST-MODIFIED")).toBe(true);

    // An edit that changes nothing a calendar shows leaves SEQUENCE alone.
    await env.DB.prepare("UPDATE matches SET attendance = 1234 WHERE id = ?").bind(fixture!.id).run();
    await invalidateCache(env);
    expect(single(find((await calendar("/calendar/u18.ics")).root), "SEQUENCE")).toBe(single(after, "SEQUENCE"));
  });

  it("escapes , ; \\ and newlines and folds long lines at 75 octets without splitting a character", () => {
    const summary = "Rovers v Ashcombe, Replay; \\ the one after\nthe storm — ".repeat(4) + "é€😀".repeat(20);
    const text = writeCalendar({
      productId: "-//Test//Test//EN",
      name: "Test",
      events: [{ uid: "a@b", start: "2025-01-01T15:00:00Z", end: "2025-01-01T17:00:00Z", summary, location: "Park, Lane; North", sequence: 3, lastModified: "2024-12-01T10:00:00Z", status: "CONFIRMED" }],
    });
    expect(text.split("\r\n").some((line) => line.startsWith(" "))).toBe(true);
    const event = events(parseICalendar(text))[0]!;
    expect(single(event, "SUMMARY")).toBe(summary);
    expect(single(event, "LOCATION")).toBe("Park, Lane; North");
    expect(single(event, "DTSTART")).toBe("20250101T150000Z");
  });
});

/** 20241019T140000Z -> 2024-10-19T14:00:00Z */
function parseUtc(value: string): string {
  return value.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z");
}
