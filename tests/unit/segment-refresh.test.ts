import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keepSegmentTokens } from "../../client/player/segment-tokens";
import { segmentTokensOf, segmentTokensStale, vodSegmentFile } from "../../src/domain/segment-refresh";
import { SEGMENT_TOKEN_MIN_SECONDS } from "../../src/domain/timings";

const playlist = (stamp: string) =>
  [
    "#EXTM3U",
    "#EXT-X-TARGETDURATION:2",
    `#EXT-X-MAP:URI="init.mp4?token=T&seg=${stamp}-init"`,
    "#EXTINF:2.000000,",
    `seg0.m4s?token=T&seg=${stamp}-0`,
    "#EXTINF:2.000000,",
    `seg1.m4s?token=T&seg=${stamp}-1`,
    "#EXT-X-ENDLIST",
  ].join("\n");

describe("segment-refresh rules", () => {
  it("reads each file's segment token from a media playlist", () => {
    expect([...segmentTokensOf(playlist("a"))]).toEqual([
      ["init.mp4", "a-init"],
      ["seg0.m4s", "a-0"],
      ["seg1.m4s", "a-1"],
    ]);
    expect(segmentTokensOf("#EXTM3U\nseg0.m4s?token=T\n").size).toBe(0);
  });

  it("counts a playlist's tokens as stale a margin before the shortest life, on the player's own clock", () => {
    expect(segmentTokensStale(0, (SEGMENT_TOKEN_MIN_SECONDS - 5) * 1000)).toBe(false);
    expect(segmentTokensStale(0, (SEGMENT_TOKEN_MIN_SECONDS - 4) * 1000)).toBe(true);
    expect(segmentTokensStale(1_000_000, 1_000_000 + SEGMENT_TOKEN_MIN_SECONDS * 1000)).toBe(true);
  });

  it("knows on-demand init and segment paths only", () => {
    expect(vodSegmentFile("/media/vod/1_ab/720p/seg12.m4s")).toEqual({ folder: "/media/vod/1_ab/720p", file: "seg12.m4s" });
    expect(vodSegmentFile("/media/vod/1_ab/360p/init.mp4")).toEqual({ folder: "/media/vod/1_ab/360p", file: "init.mp4" });
    for (const path of ["/media/vod/1_ab/720p/index.m3u8", "/media/vod/1_ab/captions.vtt", "/media/live/x/seg1.m4s", "/media/vod/1_ab/seg1.m4s"]) {
      expect(vodSegmentFile(path), path).toBeNull();
    }
  });
});

describe("keepSegmentTokens (the hls.js hook)", () => {
  beforeEach(() => {
    vi.stubGlobal("window", { location: { href: "http://localhost/videos/1_ab", origin: "http://localhost" } });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const base = "http://localhost/media/vod/1_ab/720p/";

  it("passes a fresh playlist's files through, and loads the playlist again (once) for files asked after the tokens may have run out", async () => {
    const loads: string[] = [];
    const keeper = keepSegmentTokens(() => "NEW", async (url) => {
      loads.push(url);
      return playlist("b");
    });
    expect(await keeper.url(`${base}index.m3u8?token=T`)).toBe(`${base}index.m3u8?token=T`);
    expect(await keeper.url(`${base}seg0.m4s?token=T&seg=a-0`)).toBe(`${base}seg0.m4s?token=T&seg=a-0`);
    expect(loads).toEqual([]);

    vi.setSystemTime(1_000_000 + SEGMENT_TOKEN_MIN_SECONDS * 1000);
    const [one, two] = await Promise.all([keeper.url(`${base}seg1.m4s?token=NEW&seg=a-1`), keeper.url(`${base}init.mp4?token=NEW&seg=a-init`)]);
    expect(one).toBe(`${base}seg1.m4s?token=NEW&seg=b-1`);
    expect(two).toBe(`${base}init.mp4?token=NEW&seg=b-init`);
    expect(loads).toEqual([`${base}index.m3u8?token=NEW`]);
    // and those fresh tokens serve until they are stale in turn
    expect(await keeper.url(`${base}seg0.m4s?token=NEW&seg=a-0`)).toBe(`${base}seg0.m4s?token=NEW&seg=b-0`);
    expect(loads).toHaveLength(1);
  });

  it("leaves live media, captions and other origins alone, and a failed load leaves the URL as it was", async () => {
    const keeper = keepSegmentTokens(() => "NEW", async () => {
      throw new Error("offline");
    });
    for (const url of ["http://localhost/media/live/x/seg9.m4s?token=T&seg=s", "http://localhost/media/vod/1_ab/captions.vtt?token=T", "https://cdn.example/seg0.m4s?seg=x"]) {
      expect(await keeper.url(url)).toBe(url);
    }
    expect(await keeper.url(`${base}seg0.m4s?token=T&seg=a-0`)).toBe(`${base}seg0.m4s?token=T&seg=a-0`);
  });
});
