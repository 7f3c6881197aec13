import { describe, expect, it } from "vitest";
import {
  checkFixture,
  checkFixtureCsv,
  FIXTURE_CSV_EXAMPLE,
  FIXTURE_CSV_HEADER,
  fixtureKey,
  MAX_IMPORT_ROWS,
  nextSequence,
  parseCsv,
  resultRefusal,
  type FixtureFields,
} from "../../src/domain/fixture-rules";
import { FIRST_TEAM_ALIAS } from "../../src/data/route-params";

const known = { teams: ["", "womens-first-team"], seasons: ["2024-25", "2025-26"], competitions: ["Championship", "County Cup"] };
const good: FixtureFields = {
  team: "first-team",
  season: "2024-25",
  competition: "Championship",
  opponent: "Ashcombe Athletic",
  homeAway: "home",
  venue: "Riverside Park",
  kickoff: "2025-04-26T15:00",
  ticketsUrl: "",
};
const HEADER = FIXTURE_CSV_HEADER.join(",");

describe("checkFixture", () => {
  it("reads London time into UTC: summer is an hour behind, winter the same", () => {
    const summer = checkFixture(good, known);
    expect(summer).toMatchObject({ ok: true, fixture: { teamSlug: "", kickoff: "2025-04-26T14:00:00.000Z", isHome: true, ticketsUrl: null } });
    const winter = checkFixture({ ...good, kickoff: "2025-01-11 15:00", homeAway: "AWAY" }, known);
    expect(winter).toMatchObject({ ok: true, fixture: { kickoff: "2025-01-11T15:00:00.000Z", isHome: false } });
  });

  it("names the first team by the site's alias", () => {
    expect(FIRST_TEAM_ALIAS).toBe("first-team");
  });

  it("gives one problem per wrong field, an unknown team or season on that field", () => {
    const result = checkFixture({ team: "reserves", season: "1999-00", competition: "Premier League", opponent: " ", homeAway: "neutral", venue: "", kickoff: "26/04/2025", ticketsUrl: "javascript:alert(1)" }, known);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.field)).toEqual(["team", "season", "competition", "opponent", "homeAway", "venue", "kickoff", "ticketsUrl"]);
    expect(result.problems[0]!.detail).toBe("No team 'reserves'");
    expect(result.problems[1]!.detail).toBe("No season '1999-00'");
  });

  it("keeps the link rule for tickets: https or a site path", () => {
    expect(checkFixture({ ...good, ticketsUrl: "https://tickets.example.com/a" }, known)).toMatchObject({ ok: true, fixture: { ticketsUrl: "https://tickets.example.com/a" } });
    expect(checkFixture({ ...good, ticketsUrl: "/tickets" }, known).ok).toBe(true);
    for (const bad of ["http://tickets.example.com", "//evil.example", "https://club@evil.example"]) expect(checkFixture({ ...good, ticketsUrl: bad }, known).ok, bad).toBe(false);
  });

  it("refuses a kick-off that would roll over or that London's clocks skip", () => {
    for (const kickoff of ["2025-04-26 25:00", "2025-04-31 15:00", "2025-03-30 01:30"]) expect(checkFixture({ ...good, kickoff }, known).ok, kickoff).toBe(false);
    expect(checkFixture({ ...good, kickoff: "2025-10-26 01:30" }, known).ok).toBe(true);
  });

  it("refuses an empty team (the first team's stored slug is '', never typed)", () => {
    expect(checkFixture({ ...good, team: "" }, known)).toMatchObject({ ok: false, problems: [{ field: "team", detail: "Choose a team" }] });
  });
});

describe("parseCsv", () => {
  it("reads quotes, doubled quotes, commas and newlines inside quotes, CRLF, a BOM, and drops blank lines", () => {
    const parsed = parseCsv('\ufeffa,b\r\n"x, y","say ""hi"""\r\n\r\n"two\nlines",z\n');
    expect(parsed).toEqual({ ok: true, rows: [{ line: 1, fields: ["a", "b"] }, { line: 2, fields: ["x, y", 'say "hi"'] }, { line: 4, fields: ["two\nlines", "z"] }] });
  });

  it("refuses an unclosed quote with its line", () => {
    expect(parseCsv('a,b\n"open,c\nmore')).toEqual({ ok: false, line: 2, detail: "A quoted field is never closed" });
  });
});

describe("checkFixtureCsv", () => {
  it("accepts the example file the screen offers", () => {
    const { rows, problems } = checkFixtureCsv(FIXTURE_CSV_EXAMPLE, { ...known, competitions: ["Championship"] });
    expect(problems).toEqual([]);
    expect(rows.map((r) => [r.row, r.fixture.opponent, r.fixture.venue])).toEqual([
      [2, "Ashcombe United", "Riverside Park"],
      [3, "Bramley Town", "Kiln Lane, Bramley"],
    ]);
  });

  it("reports every bad row by line and column, and keeps the good rows for the preview", () => {
    const csv = [HEADER, "first-team,2024-25,County Cup,Ashcombe,home,Park,2025-04-26 15:00,", "first-team,2031-32,County Cup,Kelby,away,Lane,2025-05-03 25:00,", "first-team,2024-25,County Cup,Mill,home,Park"].join("\n");
    const { rows, problems } = checkFixtureCsv(csv, known);
    expect(rows.map((r) => r.row)).toEqual([2]);
    expect(problems).toEqual([
      { row: 3, field: "season", detail: "No season '2031-32'" },
      { row: 3, field: "kickoff", detail: "A date and time in London time: 2025-04-26 15:00" },
      { row: 4, field: "file", detail: "6 columns; the header has 8" },
    ]);
  });

  it("refuses a file without the header, without rows, too long, or repeating a fixture", () => {
    expect(checkFixtureCsv("team,season\nx,y", known).problems).toEqual([{ row: 1, field: "file", detail: `The first row must be the header: ${HEADER}` }]);
    expect(checkFixtureCsv(HEADER, known).problems).toEqual([{ row: 2, field: "file", detail: "The file has no fixtures under its header" }]);
    const line = "first-team,2024-25,County Cup,Ashcombe,home,Park,2025-04-26 15:00,";
    const long = [HEADER, ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => line)].join("\n");
    expect(checkFixtureCsv(long, known).problems).toEqual([{ row: MAX_IMPORT_ROWS + 2, field: "file", detail: `At most ${MAX_IMPORT_ROWS} fixtures in one file` }]);
    const twice = checkFixtureCsv([HEADER, line, line.replace("Ashcombe", "ASHCOMBE").replace("15:00", "15:00")].join("\n"), known);
    expect(twice.problems).toEqual([{ row: 3, field: "kickoff", detail: "The same team, kick-off and opponent as line 2" }]);
  });
});

describe("fixtureKey: team + kick-off instant + opponent", () => {
  it("is the same for the same instant however written, and for the opponent in any case", () => {
    expect(fixtureKey({ teamSlug: "", kickoff: "2025-04-26T14:00:00Z", opponent: "Ashcombe" })).toBe(fixtureKey({ teamSlug: "", kickoff: "2025-04-26T14:00:00.000Z", opponent: "ashcombe" }));
    expect(fixtureKey({ teamSlug: "", kickoff: "2025-04-26T14:00:00Z", opponent: "Ashcombe" })).not.toBe(fixtureKey({ teamSlug: "u18", kickoff: "2025-04-26T14:00:00Z", opponent: "Ashcombe" }));
  });
});

describe("nextSequence", () => {
  const before = { kickoff: "2025-04-26T14:00:00.000Z", venue: "Riverside Park", opponent: "Ashcombe", competition: "County Cup", isHome: true, postponed: false };
  it("moves on for every change a calendar shows", () => {
    for (const change of [{ kickoff: "2025-04-26T18:45:00.000Z" }, { venue: "Mill Lane" }, { opponent: "Kelby" }, { competition: "League" }, { isHome: false }, { postponed: true }]) {
      expect(nextSequence(3, before, { ...before, ...change }), JSON.stringify(change)).toBe(4);
    }
  });
  it("stays for no change the calendar shows (the same instant written differently too)", () => {
    expect(nextSequence(3, before, { ...before })).toBe(3);
    expect(nextSequence(3, before, { ...before, kickoff: "2025-04-26T14:00:00Z" })).toBe(3);
  });
});

describe("resultRefusal", () => {
  const now = new Date("2025-05-01T12:00:00Z");
  it("leaves a match the live feed ran to the feed", () => {
    expect(resultRefusal({ status: "result", liveSeq: 40, kickoff: "2025-04-26T14:00:00Z" }, now)).toBe("LIVE_FEED_OWNS_RESULT");
  });
  it("refuses a postponed match and one not kicked off; takes a played one", () => {
    expect(resultRefusal({ status: "postponed", liveSeq: 0, kickoff: "2025-04-26T14:00:00Z" }, now)).toBe("MATCH_POSTPONED");
    expect(resultRefusal({ status: "fixture", liveSeq: 0, kickoff: "2025-05-02T14:00:00Z" }, now)).toBe("NOT_KICKED_OFF");
    expect(resultRefusal({ status: "fixture", liveSeq: 0, kickoff: "2025-04-26T14:00:00Z" }, now)).toBeNull();
    expect(resultRefusal({ status: "result", liveSeq: 0, kickoff: "2025-04-26T14:00:00Z" }, now)).toBeNull();
  });
});
