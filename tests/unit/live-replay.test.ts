import { describe, expect, it } from "vitest";
import {
  checkMarks,
  clockText,
  DEFAULT_REPLAY_MODE,
  parseClock,
  partBytes,
  partFiles,
  playlistDurations,
  rangePieces,
  recordingFrom,
  recordingPlaylist,
  replayCategorySlug,
  replayEntitlements,
  REPLAY_MODES,
  replayTitle,
  trimmedSeconds,
  trimParts,
} from "../../src/domain/live-replay";
import { INGEST_SEGMENT_SECONDS } from "../../src/domain/live-ingest";
import { recordingArgs } from "../../transcoder/ffmpeg";

/** The rules of live to replay (src/domain/live-replay.ts) and the transcoder's cut of a recording. */

describe("the replay setting", () => {
  it("defaults to staff publishing the replay, for video and audio events alike, out of three settings", () => {
    expect(DEFAULT_REPLAY_MODE).toBe("staff");
    expect(REPLAY_MODES).toEqual(["auto", "staff", "none"]);
  });
});

describe("marks typed as m:ss or h:mm:ss", () => {
  it("parses minutes and seconds, hours, and tenths; refuses anything else", () => {
    expect(parseClock("0:05")).toBe(5);
    expect(parseClock("12:34")).toBe(754);
    expect(parseClock(" 1:02:03 ")).toBe(3723);
    expect(parseClock("0:07.5")).toBe(7.5);
    expect(parseClock("95:00")).toBe(5700);
    for (const bad of ["", "5", "1:5", "1:60", "1:60:00", "a:bc", "-1:00", "1:02:03:04", "0:05.1234"]) expect(parseClock(bad)).toBeNull();
  });

  it("prints seconds back the same way", () => {
    expect(clockText(0)).toBe("0:00");
    expect(clockText(7.5)).toBe("0:07.5");
    expect(clockText(754)).toBe("12:34");
    expect(clockText(3723)).toBe("1:02:03");
    expect(parseClock(clockText(4321.2))).toBeCloseTo(4321.2);
  });

  it("checks the marks against the recording: a time, within it, the end after the start", () => {
    expect(checkMarks("", "", 30)).toEqual({ ok: true, marks: { startSeconds: 0, endSeconds: 30 } });
    expect(checkMarks("0:05", "0:25", 30)).toEqual({ ok: true, marks: { startSeconds: 5, endSeconds: 25 } });
    expect(checkMarks("0:05", "0:30.05", 30)).toEqual({ ok: true, marks: { startSeconds: 5, endSeconds: 30 } });
    expect(checkMarks("five", "0:99", 30)).toEqual({ ok: false, errors: [{ field: "start", code: "MARK_FORMAT" }, { field: "end", code: "MARK_FORMAT" }] });
    expect(checkMarks("0:40", "1:00", 30)).toEqual({ ok: false, errors: [{ field: "start", code: "MARK_BEYOND_END" }, { field: "end", code: "MARK_BEYOND_END" }] });
    expect(checkMarks("0:20", "0:10", 30)).toEqual({ ok: false, errors: [{ field: "end", code: "MARKS_ORDER" }] });
    expect(checkMarks("0:10", "0:11", 30)).toEqual({ ok: false, errors: [{ field: "end", code: "MARKS_TOO_SHORT" }] });
  });
});

const seg = (run: number, n: number, bytes = 1000) => ({ name: `r${run}-seg${n}.m4s`, bytes });
const init = (run: number) => ({ name: `r${run}-init.mp4`, bytes: 800 });

describe("the recording from the files R2 holds", () => {
  it("lays the runs end to end, each its segments by number, the last playlist's EXTINF for its segments and 2 s for the others", () => {
    const files = [init(1), seg(1, 10), seg(1, 2), seg(1, 0), seg(1, 1), init(2), seg(2, 0), seg(2, 1), seg(3, 0), { name: "r1-index.m3u8", bytes: 300 }];
    const playlists = new Map([[1, "#EXTM3U\n#EXT-X-MAP:URI=\"r1-init.mp4\"\n#EXTINF:2.000,\nr1-seg2.m4s\n#EXTINF:0.8,\nr1-seg10.m4s\n"]]);
    const r = recordingFrom(files, playlists);
    // Run 3 has no init: it cannot be played, so it is not part of the recording.
    expect(r.runs.map((x) => x.run)).toEqual([1, 2]);
    expect(r.runs[0]!.segments.map((s) => [s.number, s.seconds])).toEqual([[0, 2], [1, 2], [2, 2], [10, 0.8]]);
    expect(r.runs[0]!.seconds).toBe(6.8);
    expect(r.lengthSeconds).toBe(10.8);
    expect(r.bytes).toBe(800 * 2 + 1000 * 6);
    expect(recordingFrom([], new Map()).runs).toEqual([]);
    expect(playlistDurations("#EXTINF:1.5,\nr4-seg7.m4s\n#EXTINF:x,\nr4-seg8.m4s")).toEqual(new Map([[7, 1.5]]));
  });
});

describe("which runs and segments a trim needs", () => {
  // Run 1: 4 segments of 2 s (0–8 s); run 2: 3 segments (8–14 s), the last 1 s.
  const recording = recordingFrom([init(1), seg(1, 0), seg(1, 1), seg(1, 2), seg(1, 3), init(2), seg(2, 5), seg(2, 6), seg(2, 7, 500)], new Map([[2, "#EXTINF:1.0,\nr2-seg7.m4s\n"]]));

  it("takes the whole recording, one part per run", () => {
    const parts = trimParts(recording, { startSeconds: 0, endSeconds: 13 });
    expect(parts.map((p) => [p.run, p.segments.map(([n]) => n), p.fromSeconds, p.toSeconds])).toEqual([
      [1, [0, 1, 2, 3], 0, 8],
      [2, [5, 6, 7], 0, 5],
    ]);
    expect(trimmedSeconds(parts)).toBe(13);
  });

  it("takes only the segments inside the marks, and cuts inside them", () => {
    const parts = trimParts(recording, { startSeconds: 3, endSeconds: 5.5 });
    expect(parts).toEqual([{ run: 1, initBytes: 800, segments: [[1, 1000], [2, 1000]], fromSeconds: 1, toSeconds: 3.5 }]);
    expect(trimmedSeconds(parts)).toBe(2.5);
  });

  it("leaves out a run outside the marks, and spans two runs when the marks do", () => {
    expect(trimParts(recording, { startSeconds: 9, endSeconds: 12 }).map((p) => [p.run, p.segments.map(([n]) => n), p.fromSeconds, p.toSeconds])).toEqual([[2, [5, 6], 1, 4]]);
    const across = trimParts(recording, { startSeconds: 7, endSeconds: 10 });
    expect(across.map((p) => [p.run, p.segments.map(([n]) => n), p.fromSeconds, p.toSeconds])).toEqual([
      [1, [3], 1, 2],
      [2, [5], 0, 2],
    ]);
    expect(trimmedSeconds(across)).toBe(3);
  });

  it("gives each part's files in order and its bytes, and the ranges a Range request needs across them", () => {
    const [part] = trimParts(recording, { startSeconds: 10, endSeconds: 13 }).slice(-1);
    expect(partFiles(part!)).toEqual([
      { name: "r2-init.mp4", bytes: 800 },
      { name: "r2-seg6.m4s", bytes: 1000 },
      { name: "r2-seg7.m4s", bytes: 500 },
    ]);
    expect(partBytes(part!)).toBe(2300);
    const files = partFiles(part!);
    expect(rangePieces(files, 0, 2299)).toEqual([
      { name: "r2-init.mp4", offset: 0, length: 800 },
      { name: "r2-seg6.m4s", offset: 0, length: 1000 },
      { name: "r2-seg7.m4s", offset: 0, length: 500 },
    ]);
    expect(rangePieces(files, 799, 1800)).toEqual([
      { name: "r2-init.mp4", offset: 799, length: 1 },
      { name: "r2-seg6.m4s", offset: 0, length: 1000 },
      { name: "r2-seg7.m4s", offset: 0, length: 1 },
    ]);
    expect(rangePieces(files, 2000, 2299)).toEqual([{ name: "r2-seg7.m4s", offset: 200, length: 300 }]);
  });

  it("lists the whole recording for the preview player, a discontinuity between runs", () => {
    const text = recordingPlaylist(recording, "recording/");
    expect(text).toContain('#EXT-X-MAP:URI="recording/r1-init.mp4"');
    expect(text.split("#EXT-X-DISCONTINUITY").length).toBe(2);
    expect(text).toContain("#EXTINF:1.000000,\nrecording/r2-seg7.m4s");
    expect(text.trim().endsWith("#EXT-X-ENDLIST")).toBe(true);
  });
});

describe("the replay's title, category and tier", () => {
  it("is the event's title marked as a replay, a full match replay when it covers a match, and the event's own entitlements", () => {
    expect(replayTitle("Live: Rovers v Hale")).toBe("Rovers v Hale (replay)");
    expect(replayTitle("Manager's press conference")).toBe("Manager's press conference (replay)");
    expect(replayCategorySlug(42)).toBe("full-match-replays");
    expect(replayCategorySlug(null)).toBe("press-conferences");
    expect(replayEntitlements(["roverstv", "roverstv+", "vip", "matchpass-7", "vip"])).toEqual(["roverstv", "roverstv+", "vip", "matchpass-7"]);
  });
});

describe("the transcoder's cut of a recording", () => {
  it("trims each part from its own start, scales to one size, gives a silent part silence and joins them", () => {
    const args = recordingArgs(
      [
        { file: "p1.mp4", fromSeconds: 1.5, toSeconds: 6, hasVideo: true, hasAudio: true },
        { file: "p2.mp4", fromSeconds: 0, toSeconds: 4, hasVideo: true, hasAudio: false },
      ],
      "out.mp4",
      { width: 1280, height: 720 },
    );
    expect(args.filter((a, i) => args[i - 1] === "-i")).toEqual(["p1.mp4", "p2.mp4"]);
    const filter = args[args.indexOf("-filter_complex") + 1]!;
    expect(filter).toContain("[0:v:0]setpts=PTS-STARTPTS,trim=start=1.500:end=6.000,setpts=PTS-STARTPTS,scale=1280:720");
    expect(filter).toContain("[0:a:0]asetpts=PTS-STARTPTS,atrim=start=1.500:end=6.000");
    expect(filter).toContain("anullsrc=r=48000:cl=stereo,atrim=end=4.000[a1]");
    expect(filter).toContain("[v0][a0][v1][a1]concat=n=2:v=1:a=1[v][a]");
    expect(args.at(-1)).toBe("out.mp4");
  });
});

describe("an audio event's recording", () => {
  it("lasts 6 s a segment where the playlists no longer list it", () => {
    const r = recordingFrom([init(1), seg(1, 0), seg(1, 1), seg(1, 2)], new Map([[1, "#EXTINF:6.0,\nr1-seg1.m4s\n#EXTINF:2.5,\nr1-seg2.m4s\n"]]), INGEST_SEGMENT_SECONDS.audio);
    expect(r.runs[0]!.segments.map((s) => s.seconds)).toEqual([6, 6, 2.5]);
    expect(r.lengthSeconds).toBe(14.5);
    expect(trimParts(r, { startSeconds: 7, endSeconds: 13 })).toEqual([{ run: 1, initBytes: 800, segments: [[1, 1000], [2, 1000]], fromSeconds: 1, toSeconds: 7 }]);
  });

  it("is cut and joined as sound alone when no part has a picture", () => {
    const args = recordingArgs(
      [
        { file: "p1.mp4", fromSeconds: 2, toSeconds: 12, hasVideo: false, hasAudio: true },
        { file: "p2.mp4", fromSeconds: 0, toSeconds: 4.5, hasVideo: false, hasAudio: true },
      ],
      "out.mp4",
      { width: 0, height: 0 },
    );
    const filter = args[args.indexOf("-filter_complex") + 1]!;
    expect(filter).toContain("[0:a:0]asetpts=PTS-STARTPTS,atrim=start=2.000:end=12.000,asetpts=PTS-STARTPTS");
    expect(filter).toContain("[1:a:0]asetpts=PTS-STARTPTS,atrim=start=0.000:end=4.500");
    expect(filter).toContain("[a0][a1]concat=n=2:v=0:a=1[a]");
    expect(filter).not.toContain(":v:0");
    expect(args.slice(args.indexOf("-map"), args.indexOf("-map") + 2)).toEqual(["-map", "[a]"]);
    expect(args).not.toContain("libx264");
    expect(args.at(-1)).toBe("out.mp4");
  });
});
