import { describe, expect, it } from "vitest";
import { eventMinuteLabels, matchClock, MAX_STOPPAGE_MINUTES, minuteLabel } from "../../src/domain/match-clock";
import { liveMatchOf } from "../../src/domain/match-live";
import type { MatchEvent, MatchEventType } from "../../src/schemas/match-live";

const KICKOFF = Date.parse("2025-01-01T15:00:00.000Z");
const MIN = 60_000;
let seq = 0;
/** An event posted `at` ms after kick-off. */
const ev = (type: MatchEventType, minute: number, at: number, withdrawn = false): MatchEvent => ({
  id: `e${++seq}`, seq, type, minute, side: "home", player: null, playerOff: null, text: null, withdrawn, createdAt: new Date(KICKOFF + at).toISOString(),
});
const state = (...events: MatchEvent[]) => liveMatchOf(1, events.at(-1)?.seq ?? 0, events, null);

describe("the running minute", () => {
  it("ticks from the kick-off's time stamp: the first minute is 1', and the next tick is at the minute's end", () => {
    const live = state(ev("kickoff", 0, 0));
    expect(matchClock(live, KICKOFF)).toEqual({ minute: 1, label: "1'", nextTickMs: MIN });
    expect(matchClock(live, KICKOFF + 59_000)?.label).toBe("1'");
    expect(matchClock(live, KICKOFF + 16 * MIN + 20_000)).toEqual({ minute: 17, label: "17'", nextTickMs: 40_000 });
  });

  it("writes stoppage time past the regular end of each period, and stops counting 15 minutes past it", () => {
    const first = state(ev("kickoff", 0, 0));
    expect(matchClock(first, KICKOFF + 44 * MIN)?.label).toBe("45'");
    expect(matchClock(first, KICKOFF + 46 * MIN + 1)?.label).toBe("45+2'");
    expect(matchClock(first, KICKOFF + 300 * MIN)).toEqual({ minute: 45 + MAX_STOPPAGE_MINUTES, label: `45+${MAX_STOPPAGE_MINUTES}'`, nextTickMs: null });
    const second = state(ev("kickoff", 0, 0), ev("halftime", 47, 47 * MIN), ev("second-half", 45, 62 * MIN));
    expect(matchClock(second, KICKOFF + 62 * MIN)?.label).toBe("46'");
    expect(matchClock(second, KICKOFF + 62 * MIN + 47 * MIN)?.label).toBe("90+3'");
    const extra = state(ev("kickoff", 0, 0), ev("halftime", 45, 45 * MIN), ev("second-half", 45, 60 * MIN), ev("extra-time", 90, 110 * MIN));
    expect(matchClock(extra, KICKOFF + 110 * MIN + 29 * MIN)?.label).toBe("120'");
    expect(matchClock(extra, KICKOFF + 110 * MIN + 31 * MIN)?.label).toBe("120+2'");
  });

  it("stands still at half-time, at penalties, before kick-off and at full time", () => {
    const halftime = state(ev("kickoff", 0, 0), ev("halftime", 45, 46 * MIN));
    expect(matchClock(halftime, KICKOFF + 50 * MIN)).toBeNull();
    const penalties = state(ev("kickoff", 0, 0), ev("halftime", 45, 45 * MIN), ev("second-half", 45, 60 * MIN), ev("penalties", 90, 108 * MIN));
    expect(matchClock(penalties, KICKOFF + 120 * MIN)).toBeNull();
    expect(matchClock(state(), KICKOFF)).toBeNull();
    const finished = state(ev("kickoff", 0, 0), ev("halftime", 45, 45 * MIN), ev("second-half", 45, 60 * MIN), ev("fulltime", 93, 108 * MIN));
    expect(matchClock(finished, KICKOFF + 200 * MIN)).toBeNull();
  });

  it("shows the feed's minute when it is ahead of the clock (a replay, a late kick-off post), and without a clock", () => {
    const live = state(ev("kickoff", 0, 0), ev("goal", 30, 90_000));
    expect(matchClock(live, KICKOFF + 2 * MIN)?.label).toBe("30'");
    expect(matchClock(live, null)).toEqual({ minute: 30, label: "30'", nextTickMs: null });
    // A first-half stoppage minute does not carry into the second half.
    const second = state(ev("kickoff", 0, 0), ev("goal", 47, 47 * MIN), ev("halftime", 47, 48 * MIN), ev("second-half", 45, 63 * MIN));
    expect(matchClock(second, KICKOFF + 63 * MIN)?.label).toBe("46'");
    expect(matchClock(second, null)?.label).toBe("45'");
  });

  it("counts from the phase event that stands, and never before it (a browser clock behind the server's)", () => {
    const withdrawnRestart = state(ev("kickoff", 0, 0, true), ev("kickoff", 0, 10 * MIN));
    expect(matchClock(withdrawnRestart, KICKOFF + 12 * MIN)?.label).toBe("3'");
    expect(matchClock(state(ev("kickoff", 0, 0)), KICKOFF - 5 * MIN)?.label).toBe("1'");
  });

  it("labels a minute against its period's end", () => {
    expect(minuteLabel(45, 45)).toBe("45'");
    expect(minuteLabel(49, 45)).toBe("45+4'");
    expect(minuteLabel(91, 90)).toBe("90+1'");
  });

  it("writes the timeline's minutes against the period each event was posted in", () => {
    const events = [
      ev("kickoff", 0, 0), ev("goal", 47, 47 * MIN), ev("halftime", 48, 48 * MIN), ev("second-half", 45, 63 * MIN),
      ev("goal", 47, 65 * MIN), ev("extra-time", 90, 115 * MIN, true), ev("comment", 93, 112 * MIN),
    ];
    expect([...eventMinuteLabels(events).values()]).toEqual(["0'", "45+2'", "45+3'", "45'", "47'", "90'", "90+3'"]);
  });
});
