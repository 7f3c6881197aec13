import { clubLocalToUtc, utcToClubLocal } from "./date-format";
import { linkProblem } from "./link-rule";

/**
 * The rules of the console's Fixtures and results screen (/admin/fixtures), pure: what a fixture's
 * fields must be (the form and every row of a CSV import keep the same rule), how a CSV file is
 * read, when a change moves the fixture's calendar SEQUENCE on, when a result may be entered by
 * hand, and the natural key an import recognises a fixture by.
 */

/** The first team's slug is '' (spec §2); forms and CSV files name it by its URL alias. */
export const FIRST_TEAM_NAME = "first-team";

/** The CSV's header row, in this order (the screen shows it and offers an example file). */
export const FIXTURE_CSV_HEADER = ["team", "season", "competition", "opponent", "home_away", "venue", "kickoff", "tickets_url"] as const;
export type FixtureCsvColumn = (typeof FIXTURE_CSV_HEADER)[number];

/** The example file the screen offers: one home and one away fixture of the first team. */
export const FIXTURE_CSV_EXAMPLE = [
  FIXTURE_CSV_HEADER.join(","),
  "first-team,2024-25,Championship,Ashcombe United,home,Riverside Park,2025-04-26 15:00,https://tickets.example.com/ashcombe",
  'first-team,2024-25,Championship,"Bramley Town",away,"Kiln Lane, Bramley",2025-05-03 12:30,',
].join("\n");

/** A file of more rows is refused whole: one D1 batch writes an import, and the console's body limit is 64 KB. */
export const MAX_IMPORT_ROWS = 400;

export const OPPONENT_MAX = 80;
export const VENUE_MAX = 120;

/** A fixture as typed in the form or read from one CSV row: every value a string. */
export interface FixtureFields {
  /** team slug, or FIRST_TEAM_NAME */
  team: string;
  /** season slug: '2024-25' */
  season: string;
  /** a competition's name, as listed */
  competition: string;
  opponent: string;
  /** 'home' or 'away' */
  homeAway: string;
  venue: string;
  /** Europe/London wall-clock time: '2025-04-26T15:00' (the form) or '2025-04-26 15:00' (a CSV) */
  kickoff: string;
  /** '' for none */
  ticketsUrl: string;
}

/** The names a fixture may refer to (read from D1 by the worker). */
export interface FixtureLookups {
  /** team slugs as stored ('' is the first team) */
  teams: readonly string[];
  seasons: readonly string[];
  competitions: readonly string[];
}

/** A fixture that keeps every rule, ready to be written. */
export interface CheckedFixture {
  /** as stored: '' for the first team */
  teamSlug: string;
  seasonSlug: string;
  competition: string;
  opponent: string;
  isHome: boolean;
  venue: string;
  /** UTC ISO 8601 */
  kickoff: string;
  ticketsUrl: string | null;
}

export interface FieldProblem {
  field: keyof FixtureFields;
  detail: string;
}

const teamSlugOf = (name: string) => (name === FIRST_TEAM_NAME ? "" : name);

/**
 * Checks one fixture's fields against the rules and the names D1 knows: each wrong field gets one
 * problem (the form shows it beside the field, the import beside the row). Kick-off is London
 * time, stored in UTC, so a fixture typed in summer or winter keeps its wall-clock time.
 */
export function checkFixture(fields: FixtureFields, known: FixtureLookups): { ok: true; fixture: CheckedFixture } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const f = {
    team: fields.team.trim(),
    season: fields.season.trim(),
    competition: fields.competition.trim(),
    opponent: fields.opponent.trim(),
    homeAway: fields.homeAway.trim().toLowerCase(),
    venue: fields.venue.trim(),
    kickoff: fields.kickoff.trim().replace(" ", "T"),
    ticketsUrl: fields.ticketsUrl.trim(),
  };
  // The first team's stored slug is '': only its alias names it, so an empty field is no team.
  if (f.team === "") problems.push({ field: "team", detail: "Choose a team" });
  else if (!known.teams.includes(teamSlugOf(f.team))) problems.push({ field: "team", detail: `No team '${f.team}'` });
  if (f.season === "") problems.push({ field: "season", detail: "Choose a season" });
  else if (!known.seasons.includes(f.season)) problems.push({ field: "season", detail: `No season '${f.season}'` });
  if (f.competition === "") problems.push({ field: "competition", detail: "Choose a competition" });
  else if (!known.competitions.includes(f.competition)) problems.push({ field: "competition", detail: `No competition '${f.competition}'` });
  if (f.opponent === "") problems.push({ field: "opponent", detail: "Enter the opponent's name" });
  else if (f.opponent.length > OPPONENT_MAX) problems.push({ field: "opponent", detail: `At most ${OPPONENT_MAX} characters` });
  if (f.homeAway !== "home" && f.homeAway !== "away") problems.push({ field: "homeAway", detail: "Home or away" });
  if (f.venue === "") problems.push({ field: "venue", detail: "Enter the venue" });
  else if (f.venue.length > VENUE_MAX) problems.push({ field: "venue", detail: `At most ${VENUE_MAX} characters` });
  const kickoff = londonKickoff(f.kickoff);
  if (kickoff === null) problems.push({ field: "kickoff", detail: "A date and time in London time: 2025-04-26 15:00" });
  const linkIssue = f.ticketsUrl === "" ? null : linkProblem("site-path-or-https", f.ticketsUrl);
  if (linkIssue) problems.push({ field: "ticketsUrl", detail: `The tickets link must be ${linkIssue}` });
  if (problems.length > 0 || kickoff === null) return { ok: false, problems };
  return {
    ok: true,
    fixture: {
      teamSlug: teamSlugOf(f.team),
      seasonSlug: f.season,
      competition: f.competition,
      opponent: f.opponent,
      isHome: f.homeAway === "home",
      venue: f.venue,
      kickoff,
      ticketsUrl: f.ticketsUrl === "" ? null : f.ticketsUrl,
    },
  };
}

/**
 * A London wall-clock time ('2025-04-26T15:00' or '2025-04-26 15:00') as a UTC instant, or null.
 * It must read back as itself: that refuses 25:00 or 31 April (which would roll over) and a time
 * the clocks skip in March (01:30 on the last Sunday does not exist in London).
 */
export function londonKickoff(local: string): string | null {
  const text = local.trim().replace(" ", "T");
  const utc = clubLocalToUtc(text);
  return utc !== null && utcToClubLocal(utc) === text ? utc : null;
}

/**
 * Reads CSV text (RFC 4180: commas, double-quoted fields with "" for a quote, CRLF or LF line
 * ends, a byte-order mark ignored) into rows of fields. Blank lines are dropped; an unclosed quote
 * is an error, since everything after it would be misread.
 */
export function parseCsv(text: string): { ok: true; rows: { line: number; fields: string[] }[] } | { ok: false; line: number; detail: string } {
  const input = text.replace(/^\ufeff/, "");
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let quoteLine = 1;
  const endRow = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0]!.trim() === "")) rows.push({ line: rowLine, fields });
    fields = [];
    field = "";
  };
  for (let i = 0; i < input.length; i++) {
    const char = input[i]!;
    if (quoted) {
      if (char === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line++;
        field += char;
      }
    } else if (char === '"' && field.trim() === "") {
      quoted = true;
      field = "";
      quoteLine = line;
    } else if (char === ",") {
      fields.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && input[i + 1] === "\n") i++;
      endRow();
      line++;
      rowLine = line;
    } else field += char;
  }
  if (quoted) return { ok: false, line: quoteLine, detail: "A quoted field is never closed" };
  endRow();
  return { ok: true, rows };
}

/** One problem of an import: the file's line (the header is line 1), the column and what is wrong. */
export interface ImportProblem {
  row: number;
  field: FixtureCsvColumn | "file";
  detail: string;
}

/** A checked row of an import, with its line. */
export interface ImportRow {
  row: number;
  fixture: CheckedFixture;
}

const COLUMN_OF: Record<keyof FixtureFields, FixtureCsvColumn> = {
  team: "team",
  season: "season",
  competition: "competition",
  opponent: "opponent",
  homeAway: "home_away",
  venue: "venue",
  kickoff: "kickoff",
  ticketsUrl: "tickets_url",
};

/**
 * A whole CSV file checked: the header row must be FIXTURE_CSV_HEADER, every row must keep
 * checkFixture, and no row may repeat another's natural key. Answers every row (for the preview)
 * and every problem; the import writes only a file with none.
 */
export function checkFixtureCsv(text: string, known: FixtureLookups): { rows: ImportRow[]; problems: ImportProblem[] } {
  const parsed = parseCsv(text);
  if (!parsed.ok) return { rows: [], problems: [{ row: parsed.line, field: "file", detail: parsed.detail }] };
  const [header, ...body] = parsed.rows;
  const headerText = header?.fields.map((h) => h.trim().toLowerCase()).join(",");
  if (headerText !== FIXTURE_CSV_HEADER.join(",")) {
    return { rows: [], problems: [{ row: header?.line ?? 1, field: "file", detail: `The first row must be the header: ${FIXTURE_CSV_HEADER.join(",")}` }] };
  }
  if (body.length === 0) return { rows: [], problems: [{ row: 2, field: "file", detail: "The file has no fixtures under its header" }] };
  if (body.length > MAX_IMPORT_ROWS) return { rows: [], problems: [{ row: body[MAX_IMPORT_ROWS]!.line, field: "file", detail: `At most ${MAX_IMPORT_ROWS} fixtures in one file` }] };
  const rows: ImportRow[] = [];
  const problems: ImportProblem[] = [];
  const keys = new Map<string, number>();
  for (const { line, fields } of body) {
    if (fields.length !== FIXTURE_CSV_HEADER.length) {
      problems.push({ row: line, field: "file", detail: `${fields.length} columns; the header has ${FIXTURE_CSV_HEADER.length}` });
      continue;
    }
    const [team, season, competition, opponent, homeAway, venue, kickoff, ticketsUrl] = fields as [string, string, string, string, string, string, string, string];
    const checked = checkFixture({ team, season, competition, opponent, homeAway, venue, kickoff, ticketsUrl }, known);
    if (!checked.ok) {
      for (const p of checked.problems) problems.push({ row: line, field: COLUMN_OF[p.field], detail: p.detail });
      continue;
    }
    const key = fixtureKey(checked.fixture);
    const first = keys.get(key);
    if (first !== undefined) {
      problems.push({ row: line, field: "kickoff", detail: `The same team, kick-off and opponent as line ${first}` });
      continue;
    }
    keys.set(key, line);
    rows.push({ row: line, fixture: checked.fixture });
  }
  return { rows, problems };
}

/**
 * The natural key an import recognises a fixture by: the team, the kick-off instant and the
 * opponent. A team plays one match at a time, so the kick-off alone nearly names it; the opponent
 * keeps a corrected row (a typo in the opponent) from passing for the old one. Re-importing the
 * same file therefore adds nothing; a fixture rescheduled since is a new row to the file, which is
 * why reschedules are made on the screen, not by re-importing.
 */
export function fixtureKey(f: Pick<CheckedFixture, "teamSlug" | "kickoff" | "opponent">): string {
  return `${f.teamSlug}|${new Date(f.kickoff).toISOString()}|${f.opponent.toLowerCase()}`;
}

/** What a subscribed calendar shows of a match (worker/calendar/fixture-calendar.ts): any change to these is a new version of the event. */
export interface CalendarFields {
  kickoff: string;
  venue: string;
  opponent: string;
  competition: string;
  isHome: boolean;
  postponed: boolean;
}

/**
 * The SEQUENCE a match's calendar event carries after a change (RFC 5545 §3.8.7.4): one more
 * whenever a field the calendar shows changes, so a subscribed calendar replaces its copy; the
 * same when nothing it shows changed (a tickets link, a result), so calendars are not told of a
 * change they would not see. A result does not count: the calendar shows no score (spoiler-free).
 */
export function nextSequence(sequence: number, before: CalendarFields, after: CalendarFields): number {
  const moved =
    new Date(before.kickoff).getTime() !== new Date(after.kickoff).getTime() ||
    before.venue !== after.venue ||
    before.opponent !== after.opponent ||
    before.competition !== after.competition ||
    before.isHome !== after.isHome ||
    before.postponed !== after.postponed;
  return moved ? sequence + 1 : sequence;
}

export type ResultRefusal = "LIVE_FEED_OWNS_RESULT" | "MATCH_POSTPONED" | "NOT_KICKED_OFF";

/**
 * Whether the club may type a match's result: not for a match the live feed ran (its MatchRoom
 * wrote the score from the events, and a second writer would disagree with the timeline), not for
 * a postponed match (it was not played), not before kick-off.
 */
export function resultRefusal(match: { status: string; liveSeq: number; kickoff: string }, now: Date): ResultRefusal | null {
  if (match.liveSeq > 0) return "LIVE_FEED_OWNS_RESULT";
  if (match.status === "postponed") return "MATCH_POSTPONED";
  if (new Date(match.kickoff).getTime() > now.getTime()) return "NOT_KICKED_OFF";
  return null;
}
