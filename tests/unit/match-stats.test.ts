import { describe, expect, it } from "vitest";
import { cardsOf, EMPTY_STATS, statsFromRows, statsProblems, statsRows, statsWithCards, stepped, withPossession, type MatchStatsInput } from "../../src/domain/match-stats";
import type { MatchEvent } from "../../src/schemas/match-live";

const stats = (changes: Partial<MatchStatsInput> = {}): MatchStatsInput => ({ ...EMPTY_STATS, ...changes });
const fields = (s: MatchStatsInput) => statsProblems(s).map((p) => p.field);

describe("match stats: the rules", () => {
  it("accepts the empty form and a full set", () => {
    expect(statsProblems(EMPTY_STATS)).toEqual([]);
    expect(statsProblems(stats({ possession: { home: 61, away: 39 }, shots: { home: 14, away: 6 }, shotsOnTarget: { home: 5, away: 6 }, offsides: { home: 99, away: 0 } }))).toEqual([]);
  });

  it("refuses counts that are not whole numbers from 0 to 99, naming side and stat", () => {
    expect(fields(stats({ corners: { home: -1, away: 100 } }))).toEqual(["corners.home", "corners.away"]);
    expect(fields(stats({ fouls: { home: 2.5, away: Number.NaN } }))).toEqual(["fouls.home", "fouls.away"]);
  });

  it("refuses more shots on target than shots", () => {
    expect(statsProblems(stats({ shots: { home: 3, away: 0 }, shotsOnTarget: { home: 4, away: 0 } }))).toEqual([{ field: "shotsOnTarget.home", detail: "No more than the side's shots" }]);
  });

  it("possession: each side a whole percentage, home + away = 100", () => {
    expect(statsProblems(stats({ possession: { home: 60, away: 30 } }))).toEqual([{ field: "possession", detail: "Home and away make 100% together (now 90%)" }]);
    expect(fields(stats({ possession: { home: 101, away: -1 } }))).toEqual(["possession.home", "possession.away"]);
    expect(fields(stats({ possession: { home: Number.NaN, away: 50 } }))).toEqual(["possession.home"]);
    expect(fields(stats({ possession: { home: 100, away: 0 } }))).toEqual([]);
  });

  it("typing one side's possession sets the other to the rest of 100; an invalid value leaves it", () => {
    expect(withPossession(EMPTY_STATS, "home", 58).possession).toEqual({ home: 58, away: 42 });
    expect(withPossession(EMPTY_STATS, "away", 70).possession).toEqual({ home: 30, away: 70 });
    expect(withPossession(EMPTY_STATS, "home", 140).possession).toEqual({ home: 140, away: 50 });
  });

  it("steppers stay within 0 to 99; a shot on target is a shot too", () => {
    expect(stepped(EMPTY_STATS, "corners", "home", -1).corners).toEqual({ home: 0, away: 0 });
    expect(stepped(stats({ fouls: { home: 99, away: 0 } }), "fouls", "home", 1).fouls.home).toBe(99);
    const onTarget = stepped(EMPTY_STATS, "shotsOnTarget", "away", 1);
    expect([onTarget.shots.away, onTarget.shotsOnTarget.away]).toEqual([1, 1]);
    const fewer = stepped(stats({ shots: { home: 2, away: 0 }, shotsOnTarget: { home: 2, away: 0 } }), "shots", "home", -1);
    expect([fewer.shots.home, fewer.shotsOnTarget.home]).toEqual([1, 1]);
  });

  it("stores rows under the seed's labels in order and reads them back; a label not stored is 0", () => {
    const set = stats({ possession: { home: 45, away: 55 }, offsides: { home: 3, away: 1 } });
    const rows = statsRows(set);
    expect(rows.map((r) => r.label)).toEqual(["Possession (%)", "Shots", "Shots on target", "Corners", "Fouls", "Offsides"]);
    expect(statsFromRows(rows)).toEqual(set);
    expect(statsFromRows([{ label: "Corners", home: 4, away: 2 }])).toEqual(stats({ corners: { home: 4, away: 2 } }));
  });
});

describe("cards from the events", () => {
  const event = (type: MatchEvent["type"], side: MatchEvent["side"], withdrawn = false): MatchEvent => ({
    id: `${type}-${side}-${Math.random()}`, seq: 1, type, minute: 10, side, player: null, playerOff: null, text: null, withdrawn, createdAt: "2025-01-01T15:10:00.000Z",
  });
  const events = [event("yellow", "home"), event("yellow", "home", true), event("second-yellow", "away"), event("red", "home"), event("goal", "home")];

  it("counts yellows and reds per side; a second yellow is both; withdrawn ones do not count", () => {
    expect(cardsOf(events)).toEqual({ yellow: { home: 1, away: 1 }, red: { home: 1, away: 1 } });
  });

  it("adds the card rows to recorded stats only, and only when there were cards", () => {
    expect(statsWithCards([], events)).toEqual([]);
    const rows = statsRows(EMPTY_STATS);
    expect(statsWithCards(rows, []).map((r) => r.label)).toEqual(rows.map((r) => r.label));
    expect(statsWithCards(rows, events).slice(-2)).toEqual([
      { label: "Yellow cards", home: 1, away: 1 },
      { label: "Red cards", home: 1, away: 1 },
    ]);
  });
});

describe("extras over the match room's socket", () => {
  it("replace the extras whatever their seq, and stay through the timeline's later changes", async () => {
    const { applyMessage, liveMatchOf } = await import("../../src/domain/match-live");
    const state = liveMatchOf(9, 3, [], null);
    const extras = { opponentLineup: null, stats: statsRows(EMPTY_STATS) };
    const withExtras = applyMessage(state, { type: "extras", seq: 1, extras });
    expect(withExtras).toMatchObject({ seq: 3, extras });
    const lineup = { side: "home" as const, starting: [], subs: [] };
    expect(applyMessage(withExtras!, { type: "lineup", seq: 4, lineup })).toMatchObject({ seq: 4, lineup, extras });
  });
});
