import { describe, expect, it } from "vitest";
import { livePlaylist, parseLoop } from "../../worker/live/live-playlist";

const LOOP = `#EXTM3U
#EXT-X-TARGETDURATION:6
#EXT-X-MAP:URI="init.mp4"
#EXTINF:6.0,
seg0.m4s
#EXTINF:6.0,
seg1.m4s
#EXTINF:5.5,
seg2.m4s
#EXT-X-ENDLIST
`;

const sequenceOf = (text: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1]);

describe("live playlist over a loop", () => {
  const loop = parseLoop(LOOP);

  it("reads the loop's segments and init segment", () => {
    expect(loop).toEqual({ map: "init.mp4", segments: [{ uri: "seg0.m4s", seconds: 6 }, { uri: "seg1.m4s", seconds: 6 }, { uri: "seg2.m4s", seconds: 5.5 }] });
  });

  it("is live: no ENDLIST, a target duration, a window of 5 segments, a discontinuity at each lap", () => {
    const text = livePlaylist(loop, 1_000_000_000);
    expect(text).not.toContain("ENDLIST");
    expect(text).toContain("#EXT-X-TARGETDURATION:6");
    expect(text).toContain('#EXT-X-MAP:URI="init.mp4"');
    expect(text.split("\n").filter((l) => l.startsWith("seg"))).toHaveLength(5);
    expect(text).toContain("#EXT-X-DISCONTINUITY\nseg0.m4s".replace("\nseg0", "\n#EXTINF:6.000000,\nseg0"));
  });

  it("advances the media sequence with the clock, one per segment played", () => {
    const lap = 17.5 * 1000;
    const start = 1_000_000 * lap;
    expect(sequenceOf(livePlaylist(loop, start + 1))).toBe(sequenceOf(livePlaylist(loop, start + 5_000)));
    expect(sequenceOf(livePlaylist(loop, start + 6_500))).toBe(sequenceOf(livePlaylist(loop, start + 1)) + 1);
    expect(sequenceOf(livePlaylist(loop, start + lap + 1))).toBe(sequenceOf(livePlaylist(loop, start + 1)) + 3);
  });

  it("counts the laps before the window in EXT-X-DISCONTINUITY-SEQUENCE", () => {
    const lap = 17.5 * 1000;
    // 10 laps in and 1 s into the lap: the window ends with segment 10*3 - 1 and starts 4 before it.
    const text = livePlaylist(loop, 10 * lap + 1_000);
    expect(sequenceOf(text)).toBe(25);
    expect(text).toContain("#EXT-X-DISCONTINUITY-SEQUENCE:8");
    expect(text.split("\n").filter((l) => l.startsWith("seg"))).toEqual(["seg1.m4s", "seg2.m4s", "seg0.m4s", "seg1.m4s", "seg2.m4s"]);
  });

  it("counts from the viewer's session, not from 1970: small numbers, a full window at once, the same segments for everyone", () => {
    const lap = 17.5 * 1000;
    const began = Date.UTC(2026, 10, 23, 22, 0, 0);
    const first = livePlaylist(loop, began + 200, began);
    // hls.js keeps an array slot per discontinuity number: it must stay small for a session.
    const discontinuity = (text: string) => Number(/#EXT-X-DISCONTINUITY-SEQUENCE:(\d+)/.exec(text)?.[1]);
    expect(discontinuity(first)).toBeLessThan(5);
    expect(sequenceOf(first)).toBeLessThan(20);
    expect(first.split("\n").filter((l) => l.startsWith("seg"))).toHaveLength(5);
    // Three hours in, still one number per lap, and still the session's own count.
    const later = livePlaylist(loop, began + 3 * 3600_000, began);
    expect(discontinuity(later)).toBeLessThan(3 * 3600_000 / lap + 5);
    expect(sequenceOf(later)).toBeGreaterThan(sequenceOf(first));
    // Someone who began an hour earlier sees the same segments at the same moment.
    const segments = (text: string) => text.split("\n").filter((l) => l.startsWith("seg"));
    expect(segments(livePlaylist(loop, began + 3 * 3600_000, began - 3600_000))).toEqual(segments(later));
  });
});
