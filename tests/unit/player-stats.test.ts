import { describe, expect, it } from "vitest";
import { seasonStats, type StatsEvent } from "../../src/domain/player-stats";

const ev = (type: string, minute: number, playerId: number | null, playerOffId: number | null = null, withdrawn = false): StatsEvent => ({ type, minute, playerId, playerOffId, withdrawn });

describe("seasonStats: a player's season from the feed's line-ups and events", () => {
  it("counts a full match for a starter, his goals and a yellow card", () => {
    expect(seasonStats(7, [{ role: "starting", events: [ev("goal", 12, 7), ev("penalty-goal", 70, 7), ev("own-goal", 80, 7), ev("yellow", 30, 7)] }])).toEqual({
      appearances: 1,
      goals: 2,
      yellowCards: 1,
      redCards: 0,
      minutes: 90,
    });
  });

  it("counts a substitute from the minute he came on, a starter to the minute he went off, and nothing for an unused substitute", () => {
    const events = [ev("sub", 60, 12, 7)];
    expect(seasonStats(12, [{ role: "sub", events }])).toMatchObject({ appearances: 1, minutes: 30 });
    expect(seasonStats(7, [{ role: "starting", events }])).toMatchObject({ appearances: 1, minutes: 60 });
    expect(seasonStats(13, [{ role: "sub", events: [] }])).toMatchObject({ appearances: 0, minutes: 0 });
  });

  it("stops a sent-off player's minutes and counts a second yellow as a yellow and a red", () => {
    expect(seasonStats(7, [{ role: "starting", events: [ev("yellow", 20, 7), ev("second-yellow", 55, 7)] }])).toEqual({ appearances: 1, goals: 0, yellowCards: 2, redCards: 1, minutes: 55 });
    expect(seasonStats(7, [{ role: "starting", events: [ev("red", 40, 7)] }])).toMatchObject({ redCards: 1, minutes: 40 });
  });

  it("ignores a withdrawn event and adds up several matches", () => {
    const matches = [
      { role: "starting" as const, events: [ev("goal", 10, 7, null, true)] },
      { role: "starting" as const, events: [ev("goal", 10, 7)] },
    ];
    expect(seasonStats(7, matches)).toEqual({ appearances: 2, goals: 1, yellowCards: 0, redCards: 0, minutes: 180 });
  });
});
