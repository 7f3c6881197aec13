import { describe, expect, it } from "vitest";
import { matchReportTitle, withoutScoreInTitle, withoutScores } from "../../src/domain/spoiler-free";
import type { Match } from "../../src/schemas/teams";

const match: Match = {
  id: 7, teamSlug: "", seasonSlug: "2024-25", competition: "Championship", opponent: "Ashcombe United", opponentShort: "Ashcombe",
  isHome: true, venue: "Northbridge Park", kickoff: "2024-09-14T14:00:00Z", status: "result", goalsFor: 2, goalsAgainst: 1,
  attendance: 18000, report: "Rovers beat Ashcombe 2-1. Scorers: Smith.",
};

describe("spoiler-free rules", () => {
  it("takes the score, outcome and report out of a played match only", () => {
    expect(withoutScores(match)).toEqual({ ...match, goalsFor: null, goalsAgainst: null, report: null, scoreHidden: true });
    const fixture: Match = { ...match, status: "fixture", goalsFor: null, goalsAgainst: null, report: null };
    expect(withoutScores(fixture)).toBe(fixture);
  });

  it("turns scorelines in titles into 'v'", () => {
    expect(withoutScoreInTitle("Report: Rovers 2-1 Ashcombe")).toBe("Match report: Rovers v Ashcombe");
    expect(withoutScoreInTitle("Highlights: Ashcombe United 0 – 3 Rovers Women")).toBe("Highlights: Ashcombe United v Rovers Women");
    expect(withoutScoreInTitle("U18 Highlights: Rovers U18 10-0 Bath City")).toBe("U18 Highlights: Rovers U18 v Bath City");
    expect(withoutScoreInTitle("Season tickets for 2024/25 on sale")).toBe("Season tickets for 2024/25 on sale");
    expect(matchReportTitle("Rovers", "Ashcombe")).toBe("Match report: Rovers v Ashcombe");
  });
});
