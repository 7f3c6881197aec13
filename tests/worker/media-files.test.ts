import { describe, expect, it } from "vitest";
import { parseRange } from "../../worker/media/byte-range";
import { cacheControl } from "../../worker/media/media-files";
import { outputFile } from "../../src/domain/video-ladder";
import { rewritePlaylist, withToken } from "../../worker/media/playlist-rewrite";

describe("rewritePlaylist", () => {
  const token = "aaa.bbb.ccc";

  it("adds the token to every variant and to URI attributes of a master playlist", () => {
    const master = [
      "#EXTM3U",
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",URI="captions.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=441020,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2",SUBTITLES="subs"',
      "360p/index.m3u8",
      "",
    ].join("\n");
    expect(rewritePlaylist(master, token)).toBe(
      [
        "#EXTM3U",
        `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",URI="captions.m3u8?token=${token}"`,
        '#EXT-X-STREAM-INF:BANDWIDTH=441020,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2",SUBTITLES="subs"',
        `360p/index.m3u8?token=${token}`,
        "",
      ].join("\n"),
    );
  });

  it("rewrites the init segment (EXT-X-MAP) and segments of a media playlist, CRLF included", () => {
    const media = '#EXTM3U\r\n#EXT-X-MAP:URI="init.mp4"\r\n#EXTINF:2.000000,\r\nseg0.m4s\r\n#EXT-X-ENDLIST\r\n';
    expect(rewritePlaylist(media, token)).toBe(`#EXTM3U\n#EXT-X-MAP:URI="init.mp4?token=${token}"\n#EXTINF:2.000000,\nseg0.m4s?token=${token}\n#EXT-X-ENDLIST\n`);
  });

  it("replaces a token already there, keeps other query parameters, and leaves absolute URLs alone", () => {
    expect(withToken("seg1.m4s?token=old&x=1", "new")).toBe("seg1.m4s?token=new&x=1");
    expect(withToken("seg1.m4s#t=2", "t")).toBe("seg1.m4s?token=t#t=2");
    expect(withToken("https://cdn.example/seg.m4s", "t")).toBe("https://cdn.example/seg.m4s");
    expect(withToken("//cdn.example/seg.m4s", "t")).toBe("//cdn.example/seg.m4s");
    expect(withToken("data:text/plain,hi", "t")).toBe("data:text/plain,hi");
    // a token with characters that need escaping is escaped
    expect(withToken("a.m3u8", "a+b/c=")).toBe("a.m3u8?token=a%2Bb%2Fc%3D");
  });
});

describe("parseRange", () => {
  it("reads single ranges, suffixes and open ends; clamps the end to the file", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=900-", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=-5000", 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange("bytes=990-5000", 1000)).toEqual({ start: 990, end: 999 });
  });

  it("is unsatisfiable past the end, and ignored (whole file) when absent or malformed", () => {
    expect(parseRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-1", 0)).toBe("unsatisfiable");
    for (const header of [undefined, null, "", "bytes=", "bytes=-", "bytes=5-3", "items=0-1", "bytes=0-1,5-6", "bytes=a-b"]) {
      expect(parseRange(header, 1000), String(header)).toBeNull();
    }
  });
});

describe("media files", () => {
  it("playlists and the storyboard's track are no-store, everything else immutable", () => {
    expect(cacheControl(outputFile("360p/index.m3u8")!)).toContain("no-store");
    expect(cacheControl(outputFile("master.m3u8")!)).toContain("no-store");
    expect(cacheControl(outputFile("storyboard.vtt")!)).toContain("no-store");
    for (const name of ["360p/seg0.m4s", "480p/init.mp4", "poster.jpg", "storyboard.jpg"]) expect(cacheControl(outputFile(name)!), name).toContain("immutable");
  });
});
