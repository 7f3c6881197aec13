import { describe, expect, it } from "vitest";
import {
  benchLeft,
  defaultMinute,
  lineupProblem,
  matchesToOperate,
  nextToSend,
  offeredActions,
  onPitch,
  isSignedOutAnswer,
  outcomeKindOf,
  placePlayer,
  refusalWords,
  settle,
  trimmed,
  undoable,
  withPending,
  SETTLED_KEPT,
  type DeskMatch,
  type LineupPick,
  type QueuedTap,
} from "../../src/domain/match-operator";
import type { Lineup, LivePlayer, MatchEvent, MatchEventType, MatchSide } from "../../src/schemas/match-live";

let seq = 0;
const player = (id: number): LivePlayer => ({ id, name: `Player ${id}`, number: id });
const ev = (type: MatchEventType, extra: Partial<MatchEvent> = {}): MatchEvent => ({
  id: `e${++seq}`, seq, type, minute: 0, side: "home", player: null, playerOff: null, text: null, withdrawn: false, createdAt: "2025-01-01T15:00:00.000Z", ...extra,
});
const tap = (key: string, tappedAt: number, status: QueuedTap["status"] = "pending", type: MatchEventType = "goal"): QueuedTap => ({
  key, matchID: 7, input: { type, minute: 10, side: "home" }, label: key, tappedAt, status, attempts: 0,
});
const lineup = (side: MatchSide = "home"): Lineup => ({ side, starting: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(player), subs: [12, 13, 14].map(player) });
const ids = (players: LivePlayer[]) => players.map((p) => p.id);

describe("what the operator's screen offers", () => {
  it("offers only the kick-off and a comment before kick-off, play after it, and the phase changes refusalOf allows", () => {
    expect(offeredActions([])).toEqual({ phases: ["kickoff"], play: false, comment: true });
    const kicked = [ev("kickoff")];
    expect(offeredActions(kicked)).toEqual({ phases: ["halftime"], play: true, comment: true });
    const secondHalf = [...kicked, ev("halftime", { minute: 45 }), ev("second-half", { minute: 45 })];
    expect(offeredActions(secondHalf).phases).toEqual(["extra-time", "penalties", "fulltime"]);
    expect(offeredActions([...secondHalf, ev("fulltime", { minute: 90 })])).toEqual({ phases: [], play: false, comment: false });
    // A withdrawn kick-off is a fixture again.
    expect(offeredActions([ev("kickoff", { withdrawn: true })]).phases).toEqual(["kickoff"]);
  });

  it("counts a pending tap as if the feed had it: a kick-off tapped offline opens the goal buttons", () => {
    const queue = [tap("k", 1, "pending", "kickoff"), tap("x", 2, "refused", "fulltime")];
    const projected = withPending([], queue);
    expect(projected.map((e) => e.type)).toEqual(["kickoff"]);
    expect(offeredActions(projected)).toMatchObject({ phases: ["halftime"], play: true });
  });

  it("defaults the minute to the phase's start, else the running minute, else the feed's latest", () => {
    expect(defaultMinute("kickoff", 12, { minute: 3 })).toBe(0);
    expect(defaultMinute("second-half", 50, { minute: 45 })).toBe(45);
    expect(defaultMinute("extra-time", null, { minute: 93 })).toBe(90);
    expect(defaultMinute("goal", 23, { minute: 20 })).toBe(23);
    expect(defaultMinute("halftime", null, { minute: 47 })).toBe(47);
    expect(defaultMinute("comment", null, { minute: null })).toBe(0);
  });

  it("picks from the players on the pitch: the eleven, plus those brought on, less those off and sent off", () => {
    const events = [
      ev("kickoff"),
      ev("sub", { player: player(12), playerOff: player(9) }),
      ev("red", { player: player(4) }),
      ev("second-yellow", { player: player(5), withdrawn: true }),
      ev("sub", { player: player(13), playerOff: player(2), withdrawn: true }),
      ev("red", { player: player(3), side: "away" }),
    ];
    expect(ids(onPitch(lineup(), events)).sort((a, b) => a - b)).toEqual([1, 2, 3, 5, 6, 7, 8, 10, 11, 12]);
    expect(ids(benchLeft(lineup(), events))).toEqual([13, 14]);
    expect(onPitch(null, events)).toEqual([]);
  });

  it("offers the latest standing events to undo, newest first", () => {
    const events = [ev("kickoff"), ev("goal"), ev("yellow", { withdrawn: true }), ev("comment")];
    expect(undoable(events, 2).map((e) => e.type)).toEqual(["comment", "goal"]);
  });
});

describe("the line-up picked from the squad", () => {
  const empty: LineupPick = { starting: [], subs: [] };
  const apply = (pick: LineupPick, id: number, where: "starting" | "subs") => {
    const next = placePlayer(pick, id, where);
    if ("refusal" in next) throw new Error(next.refusal);
    return next.pick;
  };

  it("moves a player between the eleven and the bench, and a second tap takes them out", () => {
    let pick = apply(empty, 1, "starting");
    pick = apply(pick, 1, "subs");
    expect(pick).toEqual({ starting: [], subs: [1] });
    expect(apply(pick, 1, "subs")).toEqual({ starting: [], subs: [] });
  });

  it("refuses a twelfth starter and a thirteenth substitute, and saves only with eleven", () => {
    let pick = empty;
    for (let id = 1; id <= 11; id++) pick = apply(pick, id, "starting");
    expect(placePlayer(pick, 12, "starting")).toEqual({ refusal: "The starting eleven is full" });
    expect(lineupProblem(pick)).toBeNull();
    for (let id = 12; id <= 23; id++) pick = apply(pick, id, "subs");
    expect(placePlayer(pick, 24, "subs")).toEqual({ refusal: "The bench is full (12)" });
    expect(lineupProblem(apply(pick, 3, "starting"))).toBe("Pick 11 starters (10 picked)");
  });
});

describe("the queue of taps", () => {
  it("sends the oldest pending tap first, whatever order the list is in", () => {
    const queue = [tap("c", 30), tap("a", 10, "sent"), tap("b", 20)];
    expect(nextToSend(queue)?.key).toBe("b");
    expect(nextToSend([tap("a", 1, "sent"), tap("b", 2, "refused")])).toBeNull();
  });

  it("settles a tap: sent with its seq, refused in plain words (no longer sent), or pending one attempt on", () => {
    const queue = [tap("a", 1), tap("b", 2)];
    expect(settle(queue, "a", { kind: "sent", seq: 4, eventID: "ev-4" })[0]).toMatchObject({ status: "sent", seq: 4, eventID: "ev-4" });
    const refused = settle(queue, "a", { kind: "refused", code: "WRONG_PHASE", detail: "A halftime event cannot follow the fixture phase" });
    expect(refused[0]).toMatchObject({ status: "refused", refusal: "Not possible at this point of the match (another phase was posted first)." });
    expect(nextToSend(refused)?.key).toBe("b");
    const retried = settle(queue, "a", { kind: "retry" });
    expect(retried[0]).toMatchObject({ status: "pending", attempts: 1 });
    expect(retried[1]).toBe(queue[1]);
  });

  it("treats a refusal as final and no answer, a 5xx, 401, 408 or 429 as worth sending again", () => {
    expect([200, 201].map(outcomeKindOf)).toEqual(["sent", "sent"]);
    expect([400, 403, 404, 409, 422].map(outcomeKindOf)).toEqual(["refused", "refused", "refused", "refused", "refused"]);
    expect([null, 401, 408, 429, 500, 503].map(outcomeKindOf)).toEqual(["retry", "retry", "retry", "retry", "retry", "retry"]);
  });

  it("keeps a tap waiting when the answer says the operator is not signed in as staff, not when the feed refuses", () => {
    expect(isSignedOutAnswer(401, "SESSION_EXPIRED")).toBe(true);
    // The 401 clears the signed-in hint, so the next try meets the console's 404 for a stranger.
    expect(isSignedOutAnswer(404, "NOT_FOUND")).toBe(true);
    expect(isSignedOutAnswer(404, "MATCH_NOT_FOUND")).toBe(false);
    expect(isSignedOutAnswer(403, "FORBIDDEN")).toBe(false);
    expect(isSignedOutAnswer(409, "WRONG_PHASE")).toBe(false);
    expect(refusalWords("SOMETHING_NEW", "The feed's own words")).toBe("The feed's own words");
  });

  it("keeps every pending tap and only the newest settled ones", () => {
    const settled = Array.from({ length: SETTLED_KEPT + 5 }, (_, i) => tap(`s${i}`, 100 + i, "sent"));
    const kept = trimmed([tap("p", 1), ...settled]);
    expect(kept).toHaveLength(SETTLED_KEPT + 1);
    expect(kept[0]!.key).toBe("p");
    expect(kept.some((t) => t.key === "s0")).toBe(false);
    expect(kept.some((t) => t.key === `s${SETTLED_KEPT + 4}`)).toBe(true);
  });
});

describe("the operator's list of matches", () => {
  const m = (id: number, kickoff: string, state: DeskMatch["state"] = "fixture"): DeskMatch => ({ id, kickoff, isHome: true, state, opponent: "X", competition: "League" });
  const today = "2026-03-10T00:00:00.000Z";

  it("lists a match in play whatever its date, today's result, then the next three fixtures from today", () => {
    const list = [m(1, "2026-03-01T15:00:00Z", "live"), m(2, "2026-03-10T12:00:00Z", "result"), m(3, "2026-03-09T15:00:00Z", "result"), m(4, "2026-03-20T15:00:00Z"), m(5, "2026-03-10T19:00:00Z"), m(6, "2026-03-13T15:00:00Z"), m(7, "2026-04-01T15:00:00Z"), m(8, "2026-02-01T15:00:00Z")];
    expect(matchesToOperate(list, today).map((x) => x.id)).toEqual([1, 2, 5, 6, 4]);
  });

  it("fills up with the unplayed fixtures nearest before today when fewer lie ahead", () => {
    const list = [m(1, "2025-01-01T15:00:00Z"), m(2, "2025-02-01T15:00:00Z"), m(3, "2025-03-01T15:00:00Z"), m(4, "2025-04-01T15:00:00Z"), m(5, "2026-04-01T15:00:00Z")];
    expect(matchesToOperate(list, today).map((x) => x.id)).toEqual([3, 4, 5]);
  });
});
