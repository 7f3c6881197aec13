import { describe, expect, it } from "vitest";
import { arrivalShift, datedSegments, shiftProgramDateTimes } from "../../ingest/program-date-time";

// As ffmpeg 5.1's HLS muxer writes it: EXTINF, then the date, then the file.
const playlist = [
  "#EXTM3U",
  "#EXT-X-VERSION:7",
  "#EXT-X-TARGETDURATION:2",
  "#EXT-X-MEDIA-SEQUENCE:3",
  '#EXT-X-MAP:URI="init.mp4"',
  "#EXTINF:2.000000,",
  "#EXT-X-PROGRAM-DATE-TIME:2026-12-01T02:18:42.670+0000",
  "seg3.m4s",
  "#EXTINF:1.866667,",
  "#EXT-X-PROGRAM-DATE-TIME:2026-12-01T02:18:44.670+0000",
  "seg4.m4s",
  "",
].join("\n");
const at = (iso: string) => Date.parse(iso);

describe("datedSegments", () => {
  it("reads each segment's date and duration, in either tag order", () => {
    expect(datedSegments(playlist)).toEqual([
      { file: "seg3.m4s", stampedAt: at("2026-12-01T02:18:42.670Z"), durationSeconds: 2 },
      { file: "seg4.m4s", stampedAt: at("2026-12-01T02:18:44.670Z"), durationSeconds: 1.866667 },
    ]);
    expect(datedSegments("#EXT-X-PROGRAM-DATE-TIME:2026-12-01T02:00:00Z\n#EXTINF:6,\nseg0.m4s")).toEqual([{ file: "seg0.m4s", stampedAt: at("2026-12-01T02:00:00Z"), durationSeconds: 6 }]);
  });

  it("leaves out a segment without a date or a duration, and a date does not carry over to the next", () => {
    expect(datedSegments("#EXTINF:2,\nseg0.m4s\n#EXT-X-PROGRAM-DATE-TIME:nonsense\n#EXTINF:2,\nseg1.m4s\n#EXT-X-PROGRAM-DATE-TIME:2026-12-01T02:00:00Z\nseg2.m4s")).toEqual([]);
  });
});

describe("arrivalShift", () => {
  const [seg3, seg4] = datedSegments(playlist) as [ReturnType<typeof datedSegments>[number], ReturnType<typeof datedSegments>[number]];

  it("is when the file was written minus ffmpeg's end for it", () => {
    // seg3 ends at 44.670 by ffmpeg's date; its file was written at 39.663: dated 5.007 s late.
    expect(arrivalShift(null, seg3, at("2026-12-01T02:18:39.663Z"))).toBe(-5007);
  });

  it("keeps the smallest bound: a segment written late (a burst after probing, a loaded moment) never moves the dates later", () => {
    const first = arrivalShift(null, seg3, at("2026-12-01T02:18:39.663Z"));
    expect(arrivalShift(first, seg4, at("2026-12-01T02:18:45.000Z"))).toBe(first);
    // seg4 ends at 46.536667 by ffmpeg's date; written at 41.400 it is the tighter bound.
    expect(arrivalShift(first, seg4, at("2026-12-01T02:18:41.400Z"))).toBeCloseTo(-5136.667, 2);
  });
});

describe("shiftProgramDateTimes", () => {
  it("moves every date by the shift and writes it in UTC, leaving every other line as it was", () => {
    const shifted = shiftProgramDateTimes(playlist, -5007);
    expect(shifted.split("\n").filter((l) => l.startsWith("#EXT-X-PROGRAM-DATE-TIME:"))).toEqual([
      "#EXT-X-PROGRAM-DATE-TIME:2026-12-01T02:18:37.663Z",
      "#EXT-X-PROGRAM-DATE-TIME:2026-12-01T02:18:39.663Z",
    ]);
    expect(shifted.split("\n").filter((l) => !l.startsWith("#EXT-X-PROGRAM-DATE-TIME:"))).toEqual(playlist.split("\n").filter((l) => !l.startsWith("#EXT-X-PROGRAM-DATE-TIME:")));
  });

  it("leaves a date it cannot read untouched", () => {
    expect(shiftProgramDateTimes("#EXT-X-PROGRAM-DATE-TIME:soon", 1000)).toBe("#EXT-X-PROGRAM-DATE-TIME:soon");
  });
});
