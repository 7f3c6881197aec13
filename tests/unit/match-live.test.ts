import { describe, expect, it } from "vitest";
import { applyMessage, liveMatchOf, MATCH_SOCKET_BACKOFF, minuteOf, phaseOf, refusalOf, repeatsEvent, scoreOf, shouldFollow } from "../../src/domain/match-live";
import { reconnectDelay } from "../../src/domain/reconnect";
import { withoutLiveScore } from "../../src/domain/spoiler-free";
import type { MatchEvent, MatchEventType, MatchSide } from "../../src/schemas/match-live";

let seq = 0;
const ev = (type: MatchEventType, minute = 0, side: MatchSide = "home", withdrawn = false): MatchEvent => ({
  id: `e${++seq}`, seq, type, minute, side, player: null, playerOff: null, text: null, withdrawn, createdAt: "2025-01-01T15:00:00.000Z",
});

describe("match-live rules", () => {
  it("derives the phase from the phase events that stand", () => {
    expect(phaseOf([])).toBe("fixture");
    expect(phaseOf([ev("kickoff"), ev("goal", 5)])).toBe("first-half");
    expect(phaseOf([ev("kickoff"), ev("halftime", 45), ev("second-half", 46)])).toBe("second-half");
    expect(phaseOf([ev("kickoff", 0, "home", true)])).toBe("fixture");
    expect(phaseOf([ev("kickoff"), ev("halftime", 45), ev("second-half", 46), ev("fulltime", 94, "home", true)])).toBe("second-half");
  });

  it("counts goals and penalty goals for their side, own goals for the other, withdrawn ones not at all", () => {
    expect(scoreOf([ev("goal", 1, "home"), ev("penalty-goal", 2, "away"), ev("own-goal", 3, "away"), ev("penalty-miss", 4, "home"), ev("goal", 5, "away", true)])).toEqual({ home: 2, away: 1 });
  });

  it("reports the latest standing minute, none before kick-off", () => {
    expect(minuteOf([])).toBeNull();
    expect(minuteOf([ev("kickoff", 0), ev("goal", 33), ev("comment", 40, "home", true)])).toBe(33);
  });

  it("allows only commentary and the kick-off before it, nothing after full time, phases in order", () => {
    expect(refusalOf([], "goal")?.code).toBe("MATCH_NOT_STARTED");
    expect(refusalOf([], "comment")).toBeNull();
    expect(refusalOf([], "kickoff")).toBeNull();
    expect(refusalOf([], "fulltime")?.code).toBe("WRONG_PHASE");
    const started = [ev("kickoff")];
    expect(refusalOf(started, "kickoff")?.code).toBe("WRONG_PHASE");
    expect(refusalOf(started, "red")).toBeNull();
    expect(refusalOf(started, "second-half")?.code).toBe("WRONG_PHASE");
    const finished = [ev("kickoff"), ev("halftime", 45), ev("second-half", 46), ev("fulltime", 90)];
    expect(refusalOf(finished, "comment")?.code).toBe("MATCH_FINISHED");
  });

  it("applies messages in seq order, ignores ones already seen, and gives up on a gap", () => {
    const state = liveMatchOf(7, 1, [ev("kickoff")], null);
    const goal = { ...ev("goal", 10, "away"), seq: 2 };
    const next = applyMessage(state, { type: "event", seq: 2, event: goal });
    expect(next?.score).toEqual({ home: 0, away: 1 });
    expect(applyMessage(next!, { type: "event", seq: 2, event: goal })).toBe(next);
    expect(applyMessage(state, { type: "withdrawn", seq: 3, eventID: "x" })).toBeNull();
    const corrected = applyMessage(next!, { type: "withdrawn", seq: 3, eventID: goal.id });
    expect(corrected?.score).toEqual({ home: 0, away: 0 });
    expect(applyMessage(next!, { type: "state", seq: 0, state: liveMatchOf(7, 0, [], null) })?.phase).toBe("fixture");
  });

  it("follows a match in play or near its kick-off only", () => {
    const kickoff = "2025-03-01T15:00:00.000Z";
    const at = (iso: string) => Date.parse(iso);
    expect(shouldFollow({ status: "fixture", kickoff }, null, at("2025-03-01T13:00:00Z"))).toBe(true);
    expect(shouldFollow({ status: "fixture", kickoff }, null, at("2025-03-01T11:00:00Z"))).toBe(false);
    expect(shouldFollow({ status: "result", kickoff }, null, at("2025-03-01T15:30:00Z"))).toBe(false);
    expect(shouldFollow({ status: "fixture", kickoff }, liveMatchOf(1, 1, [ev("kickoff")], null), at("2025-04-01T00:00:00Z"))).toBe(true);
  });

  it("backs off with jitter: doubling, within the upper half, capped", () => {
    expect(reconnectDelay(0, 0, MATCH_SOCKET_BACKOFF)).toBe(500);
    expect(reconnectDelay(0, 1, MATCH_SOCKET_BACKOFF)).toBe(1000);
    expect(reconnectDelay(3, 0.5, MATCH_SOCKET_BACKOFF)).toBe(6000);
    expect(reconnectDelay(20, 1, MATCH_SOCKET_BACKOFF)).toBe(MATCH_SOCKET_BACKOFF.maxMs);
  });

  it("spoiler-free live: no score and no goal event, withdrawn ones included", () => {
    const state = liveMatchOf(1, 4, [ev("kickoff"), ev("goal", 3), ev("own-goal", 5, "away", true), ev("yellow", 6)], null);
    const hidden = withoutLiveScore(state);
    expect(hidden.score).toBeNull();
    expect(hidden.events.map((e) => e.type)).toEqual(["kickoff", "yellow"]);
  });

  it("a repeated Idempotency-Key repeats its event only with the same type, minute, side, players and text", () => {
    const made: MatchEvent = { ...ev("sub", 60), player: { id: 7, name: "A Player", number: 9 }, playerOff: { id: 8, name: "B Player", number: 10 }, text: "Fresh legs" };
    const input = { type: "sub", minute: 60, side: "home", playerID: 7, playerOffID: 8, text: "Fresh legs" } as const;
    expect(repeatsEvent(made, input)).toBe(true);
    expect(repeatsEvent(made, { ...input, minute: 61 })).toBe(false);
    expect(repeatsEvent(made, { ...input, side: "away" })).toBe(false);
    expect(repeatsEvent(made, { ...input, type: "yellow" })).toBe(false);
    expect(repeatsEvent(made, { ...input, playerID: 9 })).toBe(false);
    expect(repeatsEvent(made, { ...input, playerOffID: undefined })).toBe(false);
    expect(repeatsEvent(made, { ...input, text: undefined })).toBe(false);
    expect(repeatsEvent(ev("kickoff"), { type: "kickoff", minute: 0, side: "home" })).toBe(true);
  });
});
