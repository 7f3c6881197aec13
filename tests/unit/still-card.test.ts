import { describe, expect, it } from "vitest";
import { CARD_FONT, CARD_FPS, CARD_HEIGHT, CARD_WIDTH, STILL_RUNGS, cardFilter, cardLines, cardTexts } from "../../src/domain/still-card";
import { SEGMENT_SECONDS } from "../../src/domain/video-ladder";
import { club } from "../../src/config/club";
import { ladderArgs } from "../../transcoder/ffmpeg";

/** The still card of a source of sound alone (src/domain/still-card.ts) and the ladder made of it. */

describe("the card's title lines", () => {
  it("keeps a short title on one line", () => {
    expect(cardLines("Rovers v Hale (replay)")).toEqual(["Rovers v Hale (replay)"]);
  });

  it("wraps on spaces at 30 characters, cuts a word longer than a line, and ends a title past three lines in '…'", () => {
    expect(cardLines("Northbridge Rovers v Harbour Town Athletic commentary (replay)")).toEqual(["Northbridge Rovers v Harbour", "Town Athletic commentary", "(replay)"]);
    expect(cardLines("A".repeat(35))).toEqual(["A".repeat(30), "A".repeat(5)]);
    const long = cardLines("one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen");
    expect(long).toHaveLength(3);
    expect(long[2]!.endsWith("…")).toBe(true);
    expect(long.every((l) => l.length <= 30)).toBe(true);
  });

  it("turns control characters into spaces and falls back to the service's name for an empty title", () => {
    expect(cardLines("Rovers\nv\tHale")).toEqual(["Rovers v Hale"]);
    expect(cardLines("   ")).toEqual([club.tvName]);
  });
});

describe("the card's filter", () => {
  it("draws the club's colours and each text from its own file, never the text itself", () => {
    const title = "Rovers: 'live' 100% (replay)";
    const texts = cardTexts(title);
    expect(texts.map((t) => t.role)).toEqual(["club", "title", "service"]);
    expect(texts[0]!.text).toBe(club.name.toUpperCase());
    const filter = cardFilter(title, texts.map((_, i) => `/tmp/t${i}.txt`));
    expect(filter.startsWith(`color=c=0x${club.colours.navy.slice(1)}:s=${CARD_WIDTH}x${CARD_HEIGHT}`)).toBe(true);
    expect(filter).toContain(`color=0x${club.colours.red.slice(1)}:t=fill`);
    expect(filter).toContain(`fontcolor=0x${club.colours.gold.slice(1)}`);
    expect(filter).toContain(`fontfile=${CARD_FONT}:expansion=none:textfile=/tmp/t1.txt`);
    expect(filter).not.toContain("100%");
    expect(filter.match(/drawtext=/g)).toHaveLength(3);
  });
});

describe("the ladder of a still", () => {
  it("is 720p and 360p at tiny bit rates, 16:9", () => {
    expect(STILL_RUNGS.map((r) => [r.name, r.width, r.height])).toEqual([
      ["720p", 1280, 720],
      ["360p", 640, 360],
    ]);
    expect(STILL_RUNGS.every((r) => r.videoKbps <= 150 && r.maxKbps >= r.videoKbps)).toBe(true);
  });

  it("loops the card for the sound's length at a low frame rate, as a still, keyframes on the segments", () => {
    const info = { durationSeconds: 93.5, width: 0, height: 0, hasVideo: false, hasAudio: true };
    const args = ladderArgs("source", "out", info, [...STILL_RUNGS], "veryfast", "card.png");
    expect(args.slice(args.indexOf("-loop"), args.indexOf("-loop") + 8)).toEqual(["-loop", "1", "-framerate", String(CARD_FPS), "-t", "93.500", "-i", "card.png"]);
    expect(args[args.indexOf("-filter_complex") + 1]!.startsWith("[1:v]split=2[s0][s1];")).toBe(true);
    expect(args.filter((a, i) => args[i - 1] === "-map")).toEqual(["[v0]", "[v1]", "0:a:0", "0:a:0", "0:a:0"]);
    expect(args[args.indexOf("-tune") + 1]).toBe("stillimage");
    expect(args[args.indexOf("-force_key_frames") + 1]).toBe(`expr:gte(t,n_forced*${SEGMENT_SECONDS})`);
    expect((SEGMENT_SECONDS * CARD_FPS) % 1).toBe(0);
    expect(args).not.toContain("anullsrc=r=48000:cl=stereo");
  });
});
