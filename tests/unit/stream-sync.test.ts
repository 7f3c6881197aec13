import { describe, expect, it } from "vitest";
import { matchAtPicture, newlyShown, secondsBehind } from "../../src/domain/stream-sync";
import { liveMatchOf } from "../../src/domain/match-live";
import type { MatchEvent } from "../../src/schemas/match-live";

const T0 = Date.parse("2026-11-29T15:00:00Z");
function event(seq: number, type: MatchEvent["type"], secondsIn: number, extra: Partial<MatchEvent> = {}): MatchEvent {
  return {
    id: `e${seq}`,
    seq,
    type,
    minute: Math.floor(secondsIn / 60),
    side: "home",
    player: null,
    playerOff: null,
    text: null,
    withdrawn: false,
    createdAt: new Date(T0 + secondsIn * 1000).toISOString(),
    ...extra,
  };
}
const match = liveMatchOf(7, 4, [event(1, "kickoff", 0), event(2, "goal", 600), event(3, "yellow", 900), event(4, "goal", 1200, { side: "away" })], null);

describe("the match as the picture shows it", () => {
  it("keeps only the events posted by the picture's time, and their score and minute", () => {
    const view = matchAtPicture(match, T0 + 610 * 1000);
    expect(view.events.map((e) => e.id)).toEqual(["e1", "e2"]);
    expect(view.score).toEqual({ home: 1, away: 0 });
    expect(view.minute).toBe(10);
    expect(view.phase).toBe("first-half");
    // the seq stays the socket's: the page is up to date, only waiting to show it
    expect(view.seq).toBe(4);
  });

  it("an event posted exactly at the picture's time shows", () => {
    expect(matchAtPicture(match, T0 + 600 * 1000).score).toEqual({ home: 1, away: 0 });
    expect(matchAtPicture(match, T0 + 599 * 1000).score).toEqual({ home: 0, away: 0 });
  });

  it("a picture before kick-off shows the fixture; one after everything is the state itself", () => {
    expect(matchAtPicture(match, T0 - 5000).phase).toBe("fixture");
    expect(matchAtPicture(match, T0 + 3600 * 1000)).toBe(match);
  });

  it("spoiler-free's hidden score stays hidden", () => {
    const hidden = { ...match, score: null };
    expect(matchAtPicture(hidden, T0 + 610 * 1000).score).toBeNull();
  });

  it("a withdrawn goal never shows, before or after the picture reaches it", () => {
    const ruledOut = liveMatchOf(7, 5, [event(1, "kickoff", 0), event(2, "goal", 600, { withdrawn: true })], null);
    expect(matchAtPicture(ruledOut, T0 + 700 * 1000).score).toEqual({ home: 0, away: 0 });
    expect(newlyShown(matchAtPicture(ruledOut, T0 + 100 * 1000), matchAtPicture(ruledOut, T0 + 700 * 1000))).toEqual([]);
  });

  it("an event without a readable time shows at once", () => {
    const odd = liveMatchOf(7, 2, [event(1, "kickoff", 0), event(2, "goal", 600, { createdAt: "soon" })], null);
    expect(matchAtPicture(odd, T0 + 1000).score).toEqual({ home: 1, away: 0 });
  });
});

describe("what a synced page announces", () => {
  it("the events the picture has just reached, none on the first view", () => {
    const before = matchAtPicture(match, T0 + 610 * 1000);
    const after = matchAtPicture(match, T0 + 1300 * 1000);
    expect(newlyShown(before, after).map((e) => e.id)).toEqual(["e3", "e4"]);
    expect(newlyShown(null, after)).toEqual([]);
    expect(newlyShown(after, after)).toEqual([]);
  });

  it("seconds behind the pitch, never negative", () => {
    expect(secondsBehind(T0, T0 + 8400)).toBe(8);
    expect(secondsBehind(T0 + 2000, T0)).toBe(0);
  });
});
