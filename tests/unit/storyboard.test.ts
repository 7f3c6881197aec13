import { describe, expect, it } from "vitest";
import { barFraction, parseStoryboard, storyboardCueAt } from "../../src/domain/storyboard";

const TRACK_URL = "https://www.example.com/media/vod/1_abc/storyboard.vtt?token=t1";

describe("parseStoryboard", () => {
  it("reads each cue's times and tile, the sprite resolved against the track's URL with its token", () => {
    const track = "WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nstoryboard.jpg?token=t1#xywh=0,0,160,90\n\n00:00:01.000 --> 00:00:02.500\nstoryboard.jpg?token=t1#xywh=160,0,160,90\n";
    expect(parseStoryboard(track, TRACK_URL)).toEqual([
      { start: 0, end: 1, url: "https://www.example.com/media/vod/1_abc/storyboard.jpg?token=t1", x: 0, y: 0, width: 160, height: 90 },
      { start: 1, end: 2.5, url: "https://www.example.com/media/vod/1_abc/storyboard.jpg?token=t1", x: 160, y: 0, width: 160, height: 90 },
    ]);
  });

  it("takes hours, CRLF and a byte-order mark, and cue identifiers before the timing", () => {
    const track = "\uFEFFWEBVTT\r\n\r\n7\r\n01:02:03.250 --> 01:02:13.250\r\nstoryboard.jpg#xywh=320,180,160,90\r\n";
    expect(parseStoryboard(track, TRACK_URL)).toMatchObject([{ start: 3723.25, end: 3733.25, x: 320, y: 180 }]);
  });

  it("skips what is not a storyboard cue: no header, no #xywh, an empty or backwards cue", () => {
    expect(parseStoryboard("00:00:00.000 --> 00:00:01.000\nstoryboard.jpg#xywh=0,0,160,90\n", TRACK_URL)).toEqual([]);
    const track = [
      "WEBVTT",
      "",
      "00:00:00.000 --> 00:00:01.000",
      "Some caption text",
      "",
      "00:00:02.000 --> 00:00:01.000",
      "storyboard.jpg#xywh=0,0,160,90",
      "",
      "00:00:03.000 --> 00:00:04.000",
      "storyboard.jpg#xywh=0,0,0,90",
      "",
      "00:00:04.000 --> 00:00:05.000",
      "storyboard.jpg#xywh=1,2,3",
    ].join("\n");
    expect(parseStoryboard(track, TRACK_URL)).toEqual([]);
  });
});

describe("storyboardCueAt", () => {
  const cues = parseStoryboard(
    ["WEBVTT", "", "00:00:00.000 --> 00:00:02.000", "s.jpg#xywh=0,0,160,90", "", "00:00:02.000 --> 00:00:04.000", "s.jpg#xywh=160,0,160,90", "", "00:00:04.000 --> 00:00:05.000", "s.jpg#xywh=320,0,160,90"].join("\n"),
    TRACK_URL,
  );

  it("finds the tile at a time, at the boundaries the later one, past the end the last", () => {
    expect(storyboardCueAt(cues, 0)?.x).toBe(0);
    expect(storyboardCueAt(cues, 1.99)?.x).toBe(0);
    expect(storyboardCueAt(cues, 2)?.x).toBe(160);
    expect(storyboardCueAt(cues, 4.5)?.x).toBe(320);
    expect(storyboardCueAt(cues, 99)?.x).toBe(320);
    expect(storyboardCueAt(cues, -1)?.x).toBe(0);
  });

  it("has nothing without cues or a time", () => {
    expect(storyboardCueAt([], 1)).toBeNull();
    expect(storyboardCueAt(cues, Number.NaN)).toBeNull();
  });
});

describe("barFraction", () => {
  it("is the pointer's place along the bar, clamped to 0..1", () => {
    expect(barFraction(150, 100, 200)).toBe(0.25);
    expect(barFraction(50, 100, 200)).toBe(0);
    expect(barFraction(400, 100, 200)).toBe(1);
    expect(barFraction(150, 100, 0)).toBe(0);
  });
});
