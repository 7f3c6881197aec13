import { describe, expect, it } from "vitest";
import { compactRows, opponentLineupProblems, parsePastedLineup, rowsOf, shirtNumber, type OpponentPlayer } from "../../src/domain/opponent-lineup";

const players = (n: number, from = 1): OpponentPlayer[] => Array.from({ length: n }, (_, i) => ({ name: `Player ${from + i}`, number: from + i }));

describe("the opponent's line-up: the rules", () => {
  it("accepts eleven and a bench, fewer starters, and an empty line-up", () => {
    expect(opponentLineupProblems({ starting: players(11), subs: players(7, 12) })).toEqual([]);
    expect(opponentLineupProblems({ starting: players(9), subs: [] })).toEqual([]);
    expect(opponentLineupProblems({ starting: [], subs: [] })).toEqual([]);
  });

  it("at most 11 starters and 12 substitutes", () => {
    expect(opponentLineupProblems({ starting: players(12), subs: players(13, 20) }).map((p) => p.field)).toEqual(["starting", "subs"]);
  });

  it("a name on each row, at most 80 characters", () => {
    const problems = opponentLineupProblems({ starting: [{ name: " ", number: 1 }, { name: "x".repeat(81), number: 2 }], subs: [] });
    expect(problems).toEqual([
      { field: "starting.0.name", detail: "Enter the player's name" },
      { field: "starting.1.name", detail: "At most 80 characters" },
    ]);
  });

  it("a shirt number from 1 to 99, each once in the whole line-up (bench included)", () => {
    const problems = opponentLineupProblems({
      starting: [{ name: "A", number: 0 }, { name: "B", number: null }, { name: "C", number: 7 }],
      subs: [{ name: "D", number: 7 }, { name: "E", number: 100 }],
    });
    expect(problems).toEqual([
      { field: "starting.0.number", detail: "A shirt number from 1 to 99" },
      { field: "starting.1.number", detail: "A shirt number from 1 to 99" },
      { field: "subs.0.number", detail: "Number 7 is already C's" },
      { field: "subs.1.number", detail: "A shirt number from 1 to 99" },
    ]);
  });

  it("typed numbers: one or two digits", () => {
    expect([shirtNumber(" 7 "), shirtNumber("99"), shirtNumber("100"), shirtNumber("7a"), shirtNumber("")]).toEqual([7, 99, null, null, null]);
  });

  it("leaves blank rows out and remembers where each saved row was on the screen", () => {
    const { lineup, at } = compactRows({
      starting: [{ name: "", number: "" }, { name: "Ann", number: "4" }, { name: " ", number: " " }, { name: "Bea", number: "x" }],
      subs: [{ name: "", number: "12" }],
    });
    expect(lineup).toEqual({ starting: [{ name: "Ann", number: 4 }, { name: "Bea", number: null }], subs: [{ name: "", number: 12 }] });
    expect(at).toEqual({ starting: [1, 3], subs: [0] });
    expect(rowsOf(lineup).starting).toEqual([{ name: "Ann", number: "4" }, { name: "Bea", number: "" }]);
  });
});

describe("pasting a team sheet", () => {
  it("reads '7 Name', '7. Name', '#7 Name' and 'Name 7'; a 'Subs' line starts the bench", () => {
    const rows = parsePastedLineup("1 Ann Keeper\n2. Bea Back\n#3 Cat Centre\nDee Wing 11\n\nSubs:\n12 Eve Spare\nFay Extra");
    expect(rows.starting).toEqual([
      { name: "Ann Keeper", number: "1" },
      { name: "Bea Back", number: "2" },
      { name: "Cat Centre", number: "3" },
      { name: "Dee Wing", number: "11" },
    ]);
    expect(rows.subs).toEqual([
      { name: "Eve Spare", number: "12" },
      { name: "Fay Extra", number: "" },
    ]);
  });

  it("without a heading, the first eleven start and the rest are on the bench", () => {
    const text = Array.from({ length: 14 }, (_, i) => `${i + 1} Player ${i + 1}`).join("\r\n");
    const rows = parsePastedLineup(text);
    expect([rows.starting.length, rows.subs.length]).toEqual([11, 3]);
    expect(rows.subs[0]).toEqual({ name: "Player 12", number: "12" });
  });
});
