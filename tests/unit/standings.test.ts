import { describe, expect, it } from "vitest";
import { deductionNote, headToHead, lastForm, outcomeOf, resultProblems, standings, type TableResult } from "../../src/domain/standings";

const r = (playedOn: string, home: string, homeGoals: number, awayGoals: number, away: string): TableResult => ({ home, away, homeGoals, awayGoals, playedOn });

// Four clubs, two rounds, worked out by hand:
//   Ash 2-0 Bram, Cald 1-1 Dun; Bram 3-1 Cald, Dun 0-2 Ash
//   Ash  P2 W2 D0 L0 GF4 GA0 GD+4 Pts6   form W W
//   Bram P2 W1 D0 L1 GF3 GA3 GD0  Pts3   form L W
//   Dun  P2 W0 D1 L1 GF1 GA3 GD-2 Pts1   form D L
//   Cald P2 W0 D1 L1 GF2 GA4 GD-2 Pts1   form D L (level with Dun on points and GD; Cald scored more)
const ROUNDS = [r("2024-08-10", "Ash", 2, 0, "Bram"), r("2024-08-10", "Cald", 1, 1, "Dun"), r("2024-08-17", "Bram", 3, 1, "Cald"), r("2024-08-17", "Dun", 0, 2, "Ash")];

describe("standings", () => {
  it("counts played, won, drawn, lost, goals and points, sorted by points, goal difference, goals scored", () => {
    const table = standings(["Ash", "Bram", "Cald", "Dun"], ROUNDS);
    expect(table.map((t) => [t.position, t.club, t.played, t.won, t.drawn, t.lost, t.goalsFor, t.goalsAgainst, t.goalDifference, t.points, t.form.join("")])).toEqual([
      [1, "Ash", 2, 2, 0, 0, 4, 0, 4, 6, "WW"],
      [2, "Bram", 2, 1, 0, 1, 3, 3, 0, 3, "LW"],
      [3, "Cald", 2, 0, 1, 1, 2, 4, -2, 1, "DL"],
      [4, "Dun", 2, 0, 1, 1, 1, 3, -2, 1, "DL"],
    ]);
  });

  it("breaks a tie on points, difference and goals by name", () => {
    const table = standings(["Zed", "Abe"], [r("2024-08-10", "Zed", 1, 1, "Abe")]);
    expect(table.map((t) => t.club)).toEqual(["Abe", "Zed"]);
  });

  it("takes a points deduction off and moves the club down, noting it", () => {
    const table = standings(["Ash", "Bram", "Cald", "Dun"], ROUNDS, [{ club: "Ash", points: 4, reason: "breach of financial rules" }]);
    const ash = table.find((t) => t.club === "Ash")!;
    expect(ash).toMatchObject({ points: 2, deducted: 4, position: 2 });
    expect(table[0]!.club).toBe("Bram");
    expect(deductionNote({ club: "Ash", points: 4, reason: "breach of financial rules" })).toBe("Ash: 4 points deducted (breach of financial rules)");
    expect(deductionNote({ club: "Ash", points: 1, reason: "late kick-off" })).toBe("Ash: 1 point deducted (late kick-off)");
  });

  it("lets a deduction take a club below zero", () => {
    const [row] = standings(["Ash"], [], [{ club: "Ash", points: 10, reason: "administration" }]);
    expect(row).toMatchObject({ played: 0, points: -10 });
  });

  it("keeps a club that has not played, and adds one named only by a result", () => {
    const table = standings(["Ash", "Eve"], [r("2024-08-10", "Ash", 0, 1, "Fen")]);
    expect(table.map((t) => [t.club, t.played, t.points])).toEqual([
      ["Fen", 1, 3],
      ["Eve", 0, 0],
      ["Ash", 1, 0],
    ]);
  });

  it("shows the last five results in played order, whatever order they come in", () => {
    const games = ["2024-09-06", "2024-08-02", "2024-08-30", "2024-08-09", "2024-08-16", "2024-08-23"].map((d, i) => r(d, "Ash", i, 1, `C${i}`));
    // played order: C1 (1-1 D), C3 (3-1 W), C4 (4-1 W), C5 (5-1 W), C2 (2-1 W), C0 (0-1 L)
    const ash = standings(["Ash"], games).find((t) => t.club === "Ash")!;
    expect(ash.form).toEqual(["W", "W", "W", "W", "L"]);
    expect(ash.played).toBe(6);
  });
});

describe("form and head-to-head", () => {
  it("outcomes and the last five", () => {
    expect([outcomeOf(2, 1), outcomeOf(1, 1), outcomeOf(0, 3)]).toEqual(["W", "D", "L"]);
    expect(lastForm(["L", "W", "W", "D", "L", "W"])).toEqual(["W", "W", "D", "L", "W"]);
    expect(lastForm(["W"])).toEqual(["W"]);
  });

  it("tallies meetings from the club's side", () => {
    expect(headToHead([{ goalsFor: 2, goalsAgainst: 0 }, { goalsFor: 1, goalsAgainst: 1 }, { goalsFor: 0, goalsAgainst: 1 }, { goalsFor: 3, goalsAgainst: 2 }])).toEqual({ won: 2, drawn: 1, lost: 1 });
  });
});

describe("a console result", () => {
  it("needs two different clubs of the competition", () => {
    const clubs = ["Ash", "Bram"];
    expect(resultProblems({ home: "Ash", away: "Bram", homeGoals: 1, awayGoals: 0 }, clubs)).toEqual([]);
    expect(resultProblems({ home: "Ash", away: "Ash", homeGoals: 1, awayGoals: 0 }, clubs)).toEqual([{ field: "away", detail: "A club cannot play itself" }]);
    expect(resultProblems({ home: "Zed", away: "Bram", homeGoals: 1, awayGoals: 0 }, clubs)).toEqual([{ field: "home", detail: "Choose a club in this competition" }]);
  });
});
