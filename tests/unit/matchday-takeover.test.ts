import { describe, expect, it } from "vitest";
import {
  countdownText,
  DEFAULT_TAKEOVER_WINDOW,
  takeoverActions,
  takeoverOf,
  takeoverStageOf,
  takeoverWindowOf,
} from "../../src/domain/matchday-takeover";
import type { MatchdayCandidate } from "../../src/schemas/matchday";

const H = 3_600_000;
const M = 60_000;
const KICKOFF = Date.parse("2025-03-01T15:00:00.000Z");

let ids = 0;
function candidate(over: { teamSlug?: string; kickoff?: number; state?: MatchdayCandidate["state"]; fullTimeAt?: number | null; status?: "fixture" | "result" | "postponed" } = {}): MatchdayCandidate {
  const state = over.state ?? "fixture";
  return {
    match: {
      id: ++ids, teamSlug: over.teamSlug ?? "", seasonSlug: "2024-25", competition: "League", opponent: "Ashcombe United", opponentShort: "Ashcombe",
      isHome: true, venue: "Riverside Park", kickoff: new Date(over.kickoff ?? KICKOFF).toISOString(),
      status: over.status ?? (state === "result" ? "result" : "fixture"), goalsFor: null, goalsAgainst: null, attendance: null, report: null,
    },
    state,
    fullTimeAt: over.fullTimeAt == null ? null : new Date(over.fullTimeAt).toISOString(),
    streams: [],
  };
}

describe("the match-day takeover's window", () => {
  it("reads the settings rows in whole minutes, up to a day, and falls back to 3 h before and 2 h after", () => {
    expect(takeoverWindowOf({ before: null, after: null })).toEqual({ beforeMs: 3 * H, afterMs: 2 * H });
    expect(DEFAULT_TAKEOVER_WINDOW).toEqual({ beforeMs: 3 * H, afterMs: 2 * H });
    expect(takeoverWindowOf({ before: " 90 ", after: "0" })).toEqual({ beforeMs: 90 * M, afterMs: 0 });
    expect(takeoverWindowOf({ before: "1441", after: "-5" })).toEqual({ beforeMs: 3 * H, afterMs: 2 * H });
    expect(takeoverWindowOf({ before: "2.5", after: "two hours" })).toEqual({ beforeMs: 3 * H, afterMs: 2 * H });
    expect(takeoverWindowOf({ before: "1440", after: "" })).toEqual({ beforeMs: 24 * H, afterMs: 2 * H });
  });

  it("opens the set time before kick-off and counts down until the feed kicks off", () => {
    const fixture = candidate();
    const w = DEFAULT_TAKEOVER_WINDOW;
    expect(takeoverStageOf(fixture, w, KICKOFF - 3 * H - 1)).toBeNull();
    expect(takeoverStageOf(fixture, w, KICKOFF - 3 * H)).toBe("before");
    expect(takeoverStageOf(fixture, w, KICKOFF - 1)).toBe("before");
    // Kick-off time passed but the feed has not started it: still before, as long as a played match would stay.
    expect(takeoverStageOf(fixture, w, KICKOFF + 115 * M + 2 * H)).toBe("before");
    expect(takeoverStageOf(fixture, w, KICKOFF + 115 * M + 2 * H + 1)).toBeNull();
  });

  it("keeps a live match whatever the clock says, and never a postponed one", () => {
    const w = DEFAULT_TAKEOVER_WINDOW;
    expect(takeoverStageOf(candidate({ state: "live" }), w, KICKOFF - 10 * H)).toBe("live");
    expect(takeoverStageOf(candidate({ state: "live" }), w, KICKOFF + 10 * H)).toBe("live");
    expect(takeoverStageOf(candidate({ status: "postponed" }), w, KICKOFF - H)).toBeNull();
  });

  it("closes the set time after the feed's full time, or after kick-off plus a match without one", () => {
    const w = { beforeMs: 3 * H, afterMs: 2 * H };
    const fed = candidate({ state: "result", fullTimeAt: KICKOFF + 130 * M });
    expect(takeoverStageOf(fed, w, KICKOFF + 130 * M + 2 * H)).toBe("after");
    expect(takeoverStageOf(fed, w, KICKOFF + 130 * M + 2 * H + 1)).toBeNull();
    const byHand = candidate({ state: "result" });
    expect(takeoverStageOf(byHand, w, KICKOFF + 115 * M + 2 * H)).toBe("after");
    expect(takeoverStageOf(byHand, w, KICKOFF + 115 * M + 2 * H + 1)).toBeNull();
    expect(takeoverStageOf(fed, { beforeMs: 3 * H, afterMs: 0 }, KICKOFF + 131 * M)).toBeNull();
  });
});

describe("the match the home page leads with", () => {
  const w = DEFAULT_TAKEOVER_WINDOW;
  const now = KICKOFF - H;

  it("is none when no match is in its window", () => {
    expect(takeoverOf([], w, now)).toBeNull();
    expect(takeoverOf([candidate({ kickoff: KICKOFF + 5 * H }), candidate({ state: "result", kickoff: KICKOFF - 10 * H })], w, now)).toBeNull();
  });

  it("is the first team's before any other team's, even a live one", () => {
    const women = candidate({ teamSlug: "womens-first-team", state: "live" });
    const men = candidate({ teamSlug: "" });
    expect(takeoverOf([women, men], w, now)).toEqual({ candidate: men, stage: "before" });
  });

  it("is a live match before an upcoming one before a finished one, then the nearest kick-off", () => {
    const finished = candidate({ state: "result", kickoff: KICKOFF - 2 * H, fullTimeAt: KICKOFF - 5 * M });
    const upcoming = candidate({ kickoff: KICKOFF });
    const live = candidate({ state: "live", kickoff: KICKOFF - 2 * H });
    expect(takeoverOf([finished, upcoming, live], w, now)?.candidate).toBe(live);
    expect(takeoverOf([finished, upcoming], w, now)).toEqual({ candidate: upcoming, stage: "before" });
    expect(takeoverOf([finished], w, now)).toEqual({ candidate: finished, stage: "after" });
    const sooner = candidate({ kickoff: KICKOFF - 30 * M });
    expect(takeoverOf([upcoming, sooner], w, now)?.candidate).toBe(sooner);
  });
});

describe("the takeover's calls to action and countdown", () => {
  const audio = { mediaType: "audio" as const };
  const video = { mediaType: "video" as const };

  it("offers tickets before kick-off, the match's streams until full time, and the match centre always", () => {
    expect(takeoverActions("before", [])).toEqual(["tickets", "centre"]);
    expect(takeoverActions("before", [audio, video])).toEqual(["tickets", "listen", "watch", "centre"]);
    expect(takeoverActions("live", [audio])).toEqual(["listen", "centre"]);
    expect(takeoverActions("live", [video])).toEqual(["watch", "centre"]);
    expect(takeoverActions("after", [audio, video])).toEqual(["centre"]);
  });

  it("counts down in whole minutes, rounded up, and says 'soon' once kick-off time has come", () => {
    const at = new Date(KICKOFF).toISOString();
    expect(countdownText(at, KICKOFF - (2 * H + 5 * M))).toBe("Kick-off in 2 h 05 min");
    expect(countdownText(at, KICKOFF - (44 * M + 1_000))).toBe("Kick-off in 45 min");
    expect(countdownText(at, KICKOFF - 1)).toBe("Kick-off in 1 min");
    expect(countdownText(at, KICKOFF - (26 * H))).toBe("Kick-off in 1 day 2 h");
    expect(countdownText(at, KICKOFF)).toBe("Kick-off soon");
  });
});
