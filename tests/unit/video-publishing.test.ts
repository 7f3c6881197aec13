import { describe, expect, it } from "vitest";
import { consoleStatus, isVideoVisible, publicState } from "../../src/domain/video-publication";
import { checkChapters, chapterTimeText, currentChapterIndex, parseChapterTime } from "../../src/domain/video-chapters";
import { checkWebVtt } from "../../src/domain/webvtt";
import { watchedSeconds } from "../../src/domain/video-watch";
import { videoCost } from "../../src/domain/video-cost";
import { clubLocalToUtc, utcToClubLocal } from "../../src/domain/date-format";

const now = new Date("2026-12-01T12:00:00.000Z");
const pub = (status: "draft" | "published", publishAt: string | null = null, expiresAt: string | null = null) => ({ status, publishAt, expiresAt });

describe("video publication", () => {
  it("shows a published video with no bounds, never a draft", () => {
    expect(isVideoVisible(pub("published"), now)).toBe(true);
    expect(publicState(pub("draft"), now)).toBe("draft");
  });
  it("embargo: hidden before publish_at, shown from the instant itself", () => {
    expect(publicState(pub("published", "2026-12-01T12:00:00.001Z"), now)).toBe("embargoed");
    expect(publicState(pub("published", "2026-12-01T12:00:00.000Z"), now)).toBe("published");
  });
  it("expiry: shown before expires_at, hidden from the instant itself", () => {
    expect(publicState(pub("published", null, "2026-12-01T12:00:00.001Z"), now)).toBe("published");
    expect(publicState(pub("published", null, "2026-12-01T12:00:00.000Z"), now)).toBe("expired");
  });
  it("a draft is a draft whatever its dates", () => {
    expect(publicState(pub("draft", "2020-01-01T00:00:00.000Z", "2030-01-01T00:00:00.000Z"), now)).toBe("draft");
  });
  it("the console status: media progress for drafts, the public state for published videos", () => {
    expect(consoleStatus(pub("draft"), "transcoding", now)).toBe("processing");
    expect(consoleStatus(pub("draft"), "queued", now)).toBe("processing");
    expect(consoleStatus(pub("draft"), "failed", now)).toBe("failed");
    expect(consoleStatus(pub("draft"), "ready", now)).toBe("ready");
    expect(consoleStatus(pub("draft"), null, now)).toBe("draft");
    expect(consoleStatus(pub("published", "2027-01-01T00:00:00.000Z"), "ready", now)).toBe("embargoed");
  });
});

describe("Europe/London form times", () => {
  it("winter is UTC, summer is UTC+1, and back", () => {
    expect(clubLocalToUtc("2026-12-01T18:00")).toBe("2026-12-01T18:00:00.000Z");
    expect(clubLocalToUtc("2026-07-01T18:00")).toBe("2026-07-01T17:00:00.000Z");
    expect(utcToClubLocal("2026-07-01T17:00:00.000Z")).toBe("2026-07-01T18:00");
    expect(clubLocalToUtc("tomorrow")).toBeNull();
    expect(utcToClubLocal(null)).toBe("");
  });
});

describe("chapters", () => {
  it("reads mm:ss and h:mm:ss, refuses the rest", () => {
    expect(parseChapterTime("1:30")).toBe(90);
    expect(parseChapterTime("95:05")).toBe(5705);
    expect(parseChapterTime("1:02:03")).toBe(3723);
    expect(parseChapterTime("1:60")).toBeNull();
    expect(parseChapterTime("1:75:00")).toBeNull();
    expect(parseChapterTime("abc")).toBeNull();
    expect(chapterTimeText(3723)).toBe("1:02:03");
    expect(chapterTimeText(90)).toBe("1:30");
  });
  it("the current chapter is the last one started: none before the first, the last one to the end", () => {
    const chapters = [{ startSeconds: 10 }, { startSeconds: 60 }, { startSeconds: 90 }];
    expect(currentChapterIndex(chapters, 0)).toBe(-1);
    expect(currentChapterIndex(chapters, 9.99)).toBe(-1);
    expect(currentChapterIndex(chapters, 10)).toBe(0);
    expect(currentChapterIndex(chapters, 59.5)).toBe(0);
    expect(currentChapterIndex(chapters, 60)).toBe(1);
    expect(currentChapterIndex(chapters, 5000)).toBe(2);
    expect(currentChapterIndex([], 30)).toBe(-1);
  });
  it("strictly increasing, within the duration, titled", () => {
    expect(checkChapters([{ time: "0:00", title: "Kick-off" }, { time: "1:30", title: "Goal" }], 120)).toEqual({
      ok: true,
      chapters: [{ startSeconds: 0, title: "Kick-off" }, { startSeconds: 90, title: "Goal" }],
    });
    expect(checkChapters([{ time: "1:00", title: "A" }, { time: "1:00", title: "B" }], 120)).toEqual({ ok: false, errors: [{ index: 1, code: "CHAPTER_ORDER" }] });
    expect(checkChapters([{ time: "2:00", title: "End" }], 120)).toEqual({ ok: false, errors: [{ index: 0, code: "CHAPTER_BEYOND_END" }] });
    expect(checkChapters([{ time: "2:00", title: "End" }], null).ok).toBe(true);
    expect(checkChapters([{ time: "0:10", title: "  " }], 120)).toEqual({ ok: false, errors: [{ index: 0, code: "CHAPTER_TITLE" }] });
    expect(checkChapters([{ time: "x", title: "A" }], 120)).toEqual({ ok: false, errors: [{ index: 0, code: "CHAPTER_TIME" }] });
  });
});

describe("WebVTT captions", () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  it("needs the WEBVTT first line, with or without a BOM or a header text", () => {
    expect(checkWebVtt(bytes("WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n"))).toBeNull();
    expect(checkWebVtt(bytes("\uFEFFWEBVTT - Rovers\n"))).toBeNull();
    expect(checkWebVtt(bytes("WEBVTT"))).toBeNull();
    expect(checkWebVtt(bytes("WEBVTTX\n"))).toBe("CAPTIONS_NOT_WEBVTT");
    expect(checkWebVtt(bytes("1\n00:00:00,000 --> 00:00:01,000\nHi\n"))).toBe("CAPTIONS_NOT_WEBVTT");
    expect(checkWebVtt(new Uint8Array())).toBe("CAPTIONS_EMPTY");
    expect(checkWebVtt(new Uint8Array(512 * 1024 + 1).fill(32))).toBe("CAPTIONS_TOO_LARGE");
  });
});

describe("seconds watched", () => {
  it("adds the forward move, bounded by the wall time; a seek or a first report adds nothing", () => {
    expect(watchedSeconds(null, 30, 1000)).toBe(0);
    expect(watchedSeconds({ positionSeconds: 10, at: 0 }, 20, 10_000)).toBe(10);
    expect(watchedSeconds({ positionSeconds: 10, at: 0 }, 600, 10_000)).toBe(12);
    expect(watchedSeconds({ positionSeconds: 100, at: 0 }, 20, 10_000)).toBe(0);
    expect(watchedSeconds({ positionSeconds: 10, at: 0 }, 20, 500_000)).toBe(0);
  });
});

describe("cost estimate", () => {
  it("storage per GB-month and a Worker request plus a Class B read per request", () => {
    const cost = videoCost({ storedBytes: 2_000_000_000, plays: 10, secondsWatched: 400 });
    expect(cost.storagePerMonth).toBeCloseTo(0.03, 6);
    expect(cost.requests).toBe(10 * 4 + 100);
    expect(cost.delivery).toBeCloseTo(140 * 0.66e-6, 12);
    expect(videoCost({ storedBytes: 0, plays: 0, secondsWatched: 0 }).delivery).toBe(0);
  });
});

import { entitlementsOf, tierOf } from "../../src/domain/video-tier";

describe("tier", () => {
  const packages = [
    { id: "roverstv-plus", title: "Rovers TV+", entitlements: ["roverstv+"] },
    { id: "roverstv", title: "Rovers TV", entitlements: ["roverstv"] },
  ];
  it("reads everyone, signed-in and packages", () => {
    expect(tierOf(["?"], packages)).toEqual({ kind: "everyone" });
    expect(tierOf(["*"], packages)).toEqual({ kind: "signed-in" });
    expect(tierOf(["roverstv", "roverstv+", "vip"], packages)).toEqual({ kind: "packages", packageIds: ["roverstv-plus", "roverstv"] });
  });
  it("writes the packages' codes, keeps codes no package grants, refuses an empty or unknown choice", () => {
    expect(entitlementsOf({ kind: "everyone" }, packages, ["vip"])).toEqual(["?"]);
    expect(entitlementsOf({ kind: "packages", packageIds: ["roverstv"] }, packages, ["roverstv+", "vip"])).toEqual(["roverstv", "vip"]);
    expect(entitlementsOf({ kind: "packages", packageIds: [] }, packages)).toBeNull();
    expect(entitlementsOf({ kind: "packages", packageIds: ["nope"] }, packages)).toBeNull();
  });
});

import { subtitleFile, subtitlePlaylist, withSubtitles } from "../../src/domain/video-subtitles";

describe("subtitles in the ladder", () => {
  const master = ["#EXTM3U", "#EXT-X-VERSION:7", '#EXT-X-STREAM-INF:BANDWIDTH=800000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360', "360p/index.m3u8", ""].join("\n");
  it("adds a SUBTITLES rendition per language before the variants, and the group to each variant", () => {
    const text = withSubtitles(master, [{ language: "en", label: "English" }, { language: "cy", label: 'Cymraeg "CY"' }]);
    const lines = text.split("\n");
    expect(lines[2]).toBe('#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=NO,URI="subtitles/en.m3u8"');
    expect(lines[3]).toContain(`NAME="Cymraeg 'CY'"`);
    expect(lines[4]).toMatch(/,SUBTITLES="subs"$/);
    expect(withSubtitles(master, [])).toBe(master);
  });
  it("names only subtitle files, and a playlist spans the video with its one file", () => {
    expect(subtitleFile("subtitles/en-GB.vtt")).toEqual({ language: "en-GB", kind: "captions" });
    expect(subtitleFile("subtitles/en.m3u8")).toEqual({ language: "en", kind: "playlist" });
    expect(subtitleFile("subtitles/../x.vtt")).toBeNull();
    expect(subtitleFile("captions.vtt")).toBeNull();
    expect(subtitlePlaylist("en", 120)).toContain("#EXT-X-TARGETDURATION:120\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:120.000,\nen.vtt\n#EXT-X-ENDLIST");
  });
});
