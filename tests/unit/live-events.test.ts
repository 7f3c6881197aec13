import { describe, expect, it } from "vitest";
import { eventEntitlements, liveEventId, liveHealth, maskedKey, tierOf } from "../../src/domain/live-events";

/** The console's live event rules: tiers and match passes, new ids, the masked key, a push's health. */

const at = (iso: string) => Date.parse(iso);

function playlist(starts: string[], duration = 2, target = 2) {
  const lines = ["#EXTM3U", "#EXT-X-VERSION:7", `#EXT-X-TARGETDURATION:${target}`, "#EXT-X-MEDIA-SEQUENCE:10", '#EXT-X-MAP:URI="r1-init.mp4"'];
  starts.forEach((s, i) => lines.push(`#EXT-X-PROGRAM-DATE-TIME:${s}`, `#EXTINF:${duration.toFixed(3)},`, `r1-seg${10 + i}.m4s`));
  return lines.join("\n");
}

describe("who may watch an event", () => {
  it("stores the tier's codes, and the match pass only with a fixture", () => {
    expect(eventEntitlements("mid", false, null)).toEqual(["roverstv", "roverstv+", "vip"]);
    expect(eventEntitlements("top", true, 42)).toEqual(["roverstv+", "vip", "matchpass-42"]);
    expect(eventEntitlements("mid", true, null)).toEqual(["roverstv", "roverstv+", "vip"]);
  });

  it("reads the stored codes back as the form's tier and match pass", () => {
    expect(tierOf(["roverstv", "roverstv+", "vip", "matchpass-7"], 7)).toEqual({ tier: "mid", matchPass: true });
    expect(tierOf(["roverstv+", "vip"], 7)).toEqual({ tier: "top", matchPass: false });
    expect(tierOf(["roverstv+", "vip", "matchpass-7"], null)).toEqual({ tier: "top", matchPass: false });
  });
});

describe("a new event's id", () => {
  it("is the title's words and a suffix, within the entry id's characters", () => {
    expect(liveEventId("Live: Rovers v Ashby Town!", "a1b2c3")).toBe("live-rovers-v-ashby-town-a1b2c3");
    expect(liveEventId("Café É", "x")).toBe("cafe-e-x");
    expect(liveEventId("!!!", "x")).toBe("live-x");
    expect(liveEventId("a".repeat(80), "x")).toBe(`${"a".repeat(40)}-x`);
    expect(liveEventId("word ".repeat(20), "zz")).toMatch(/^[a-z0-9-]{1,64}$/);
  });
});

describe("the key after it was shown", () => {
  it("shows its version, never the key", () => {
    expect(maskedKey(0)).toBe("No key issued yet");
    expect(maskedKey(3)).toContain("key 3");
  });
});

describe("a running push's health", () => {
  const starts = ["2026-11-29T18:00:00.000Z", "2026-11-29T18:00:02.000Z", "2026-11-29T18:00:04.000Z"];

  it("is the newest segment's age from its program date-time and the cadence between segments", () => {
    expect(liveHealth(playlist(starts), at("2026-11-29T18:00:07.500Z"))).toEqual({ newestAgeSeconds: 3.5, cadenceSeconds: 2, segmentSeconds: 2, stale: false });
  });

  it("is stale past three segment durations after the newest segment's end, not at them", () => {
    expect(liveHealth(playlist(starts), at("2026-11-29T18:00:12.000Z"))?.stale).toBe(false);
    expect(liveHealth(playlist(starts), at("2026-11-29T18:00:12.100Z"))?.stale).toBe(true);
  });

  it("dates segments that follow one program date-time by their durations", () => {
    const one = ["#EXTM3U", "#EXT-X-TARGETDURATION:6", "#EXT-X-PROGRAM-DATE-TIME:2026-11-29T18:00:00Z", "#EXTINF:6.0,", "r1-seg1.m4s", "#EXTINF:6.0,", "r1-seg2.m4s"].join("\n");
    expect(liveHealth(one, at("2026-11-29T18:00:08Z"))).toEqual({ newestAgeSeconds: 2, cadenceSeconds: 6, segmentSeconds: 6, stale: false });
  });

  it("has nothing to say without a playlist or its program date-times", () => {
    expect(liveHealth(null, 0)).toBeNull();
    expect(liveHealth("#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nr1-seg1.m4s", 0)).toBeNull();
  });
});
