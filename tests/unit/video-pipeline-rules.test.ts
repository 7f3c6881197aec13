import { describe, expect, it } from "vitest";
import { cleanVideoName, expectedPartBytes, missingParts, partCount, sniffVideo } from "../../src/domain/video-upload";
import { ladderFor, masterPlaylist, outputFile, peakBandwidth, progressPercent, segmentsOf, storyboardPlan, storyboardTrack, variantUris } from "../../src/domain/video-ladder";
import { videoMediaState } from "../../src/domain/video-media-state";

const bytesOf = (text: string, size = 64) => {
  const out = new Uint8Array(size);
  out.set([...text].map((c) => c.charCodeAt(0)));
  return out;
};

describe("video upload rules", () => {
  it("reads the container from the first bytes, not the name", () => {
    expect(sniffVideo(bytesOf("\0\0\0\x18ftypisom"))).toBe("video/mp4");
    expect(sniffVideo(bytesOf("\0\0\0\x14ftypqt  "))).toBe("video/quicktime");
    expect(sniffVideo(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x01]))).toBe("video/x-matroska");
    for (const bad of ["<!doctype html>", "\xff\xd8\xff\xe0JFIF", "\0\0\0\x18ftyx", "ftyp"]) expect(sniffVideo(bytesOf(bad)), bad).toBeNull();
    expect(sniffVideo(new Uint8Array([0x1a, 0x45, 0xdf]))).toBeNull();
    expect(sniffVideo(new Uint8Array(0))).toBeNull();
  });

  it("cuts a file into equal parts and a last one, and lists what is missing", () => {
    expect(partCount(10, 4)).toBe(3);
    expect([1, 2, 3].map((n) => expectedPartBytes(n, 10, 4))).toEqual([4, 4, 2]);
    expect(expectedPartBytes(4, 10, 4)).toBeNull();
    expect(expectedPartBytes(0, 10, 4)).toBeNull();
    expect(expectedPartBytes(1.5, 10, 4)).toBeNull();
    expect(expectedPartBytes(2, 8, 4)).toBe(4);
    expect(missingParts(10, [3, 1], 4)).toEqual([2]);
    expect(missingParts(10, [1, 2, 3], 4)).toEqual([]);
  });

  it("keeps a file name's last part without control characters", () => {
    expect(cleanVideoName("C:\\clips\\derby\u0007.mp4")).toBe("derby.mp4");
    expect(cleanVideoName("../")).toBe("video");
  });
});

describe("the ladder", () => {
  it("never upscales, keeps the aspect ratio with even sizes", () => {
    expect(ladderFor(1920, 1080).map((r) => `${r.name} ${r.width}x${r.height}`)).toEqual(["1080p 1920x1080", "720p 1280x720", "480p 854x480", "360p 640x360"]);
    expect(ladderFor(1280, 720).map((r) => r.name)).toEqual(["720p", "480p", "360p"]);
    expect(ladderFor(1440, 1080).find((r) => r.name === "480p")?.width).toBe(640);
    expect(ladderFor(320, 240)).toEqual([expect.objectContaining({ name: "360p", width: 320, height: 240 })]);
    expect(ladderFor(0, 0)).toEqual([]);
  });

  it("writes a master with BANDWIDTH, RESOLUTION and CODECS, read back by variantUris", () => {
    const master = masterPlaylist([
      { name: "720p", width: 1280, height: 720, bandwidth: 3_000_000, codecs: "avc1.64001f,mp4a.40.2" },
      { name: "audio", width: 0, height: 0, bandwidth: 130_000, codecs: "mp4a.40.2" },
    ]);
    expect(master).toContain('#EXT-X-STREAM-INF:BANDWIDTH=3000000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"\n720p/index.m3u8');
    expect(master).toContain('#EXT-X-STREAM-INF:BANDWIDTH=130000,CODECS="mp4a.40.2"\naudio/index.m3u8');
    expect(variantUris(master)).toEqual(["720p/index.m3u8", "audio/index.m3u8"]);
  });

  it("names the only files a transcode writes and the gate serves", () => {
    expect(outputFile("720p/seg12.m4s")).toMatchObject({ kind: "segment", contentType: "video/mp4" });
    expect(outputFile("audio/init_4.mp4")?.kind).toBe("segment");
    expect(outputFile("storyboard.vtt")).toMatchObject({ kind: "storyboard-track", contentType: "text/vtt; charset=utf-8" });
    for (const bad of ["../x", "720p/../master.m3u8", "1440p/index.m3u8", "720p/seg1.ts", "sources/abc", "master.m3u8 ", "720p/seg123456.m4s"]) expect(outputFile(bad), bad).toBeNull();
  });

  it("measures BANDWIDTH as the peak segment bit rate and progress against the duration", () => {
    const playlist = "#EXTM3U\n#EXTINF:4.000,\nseg0.m4s\n#EXTINF:2.5,\nseg1.m4s\n#EXT-X-ENDLIST\n";
    expect(segmentsOf(playlist)).toEqual([{ uri: "seg0.m4s", seconds: 4 }, { uri: "seg1.m4s", seconds: 2.5 }]);
    expect(peakBandwidth([{ bytes: 1_000_000, seconds: 4 }, { bytes: 1_000_000, seconds: 2.5 }])).toBe(3_200_000);
    expect(progressPercent(5_000_000, 10)).toBe(50);
    expect(progressPercent(20_000_000, 10)).toBe(99);
    expect(progressPercent(5_000_000, 0)).toBe(0);
  });

  it("lays a storyboard out in tiles and cues each with its #xywh", () => {
    const plan = storyboardPlan(10, 1280, 720);
    expect(plan).toEqual({ interval: 1, columns: 10, rows: 1, tileWidth: 160, tileHeight: 90 });
    expect(storyboardPlan(5400, 1920, 1080)).toMatchObject({ interval: 54, columns: 10, rows: 10 });
    const track = storyboardTrack(2.5, { interval: 1, columns: 2, rows: 2, tileWidth: 160, tileHeight: 90 });
    expect(track).toBe("WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nstoryboard.jpg#xywh=0,0,160,90\n\n00:00:01.000 --> 00:00:02.000\nstoryboard.jpg#xywh=160,0,160,90\n\n00:00:02.000 --> 00:00:02.500\nstoryboard.jpg#xywh=0,90,160,90\n");
  });
});

describe("what plays for a video", () => {
  it("its media when ready; 'processing' with a source not yet ready and with no source at all", () => {
    expect(videoMediaState("s1", "vod/s1/j1/")).toEqual({ kind: "ready", prefix: "vod/s1/j1/" });
    expect(videoMediaState("s1", null)).toEqual({ kind: "processing" });
    expect(videoMediaState(null, null)).toEqual({ kind: "processing" });
    // a prefix without a source cannot happen (the join is on the source); it is not played either
    expect(videoMediaState(null, "vod/x/y/")).toEqual({ kind: "processing" });
  });
});
