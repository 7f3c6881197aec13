import { describe, expect, it } from "vitest";
import { ingestFile, ingestTransition, LIVE_IDLE_AFTER_SECONDS, liveStatusNow, parseIngestPlaylist, srtPushUrl } from "../../src/domain/live-ingest";
import { deriveStreamKey, streamKeyHash } from "../../src/domain/stream-key";

const playlist = (run: number, sequence: number, segments: number[], extra = "") =>
  [
    "#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-TARGETDURATION:2", `#EXT-X-MEDIA-SEQUENCE:${sequence}`, `#EXT-X-MAP:URI="r${run}-init.mp4"`,
    ...segments.flatMap((n) => ["#EXTINF:2.000000,", `#EXT-X-PROGRAM-DATE-TIME:2026-11-29T14:00:0${n % 10}.000+0000`, `r${run}-seg${n}.m4s`]),
    extra,
  ].join("\n");

describe("ingestFile", () => {
  it("knows the playlist, the run's init and segments by name and type, and nothing else", () => {
    expect(ingestFile("index.m3u8", "application/vnd.apple.mpegurl", "video")).toMatchObject({ kind: "playlist" });
    expect(ingestFile("r3-init.mp4", "video/mp4", "video")).toMatchObject({ kind: "init", run: 3 });
    expect(ingestFile("r3-seg12.m4s", "audio/mp4; codecs=mp4a", "audio")).toMatchObject({ kind: "segment", run: 3, number: 12 });
    for (const name of ["seg1.m4s", "r0-seg1.m4s", "r1-seg1.ts", "../index.m3u8", "r1-init.mp4/x", "R1-seg1.m4s"]) expect(ingestFile(name, "video/mp4", "video"), name).toEqual({ refused: "name" });
    expect(ingestFile("r1-seg1.m4s", "audio/mp4", "video")).toEqual({ refused: "type" });
    expect(ingestFile("index.m3u8", "text/plain", "video")).toEqual({ refused: "type" });
  });
});

describe("parseIngestPlaylist", () => {
  it("reads how far a playlist reaches and its first program date-time", () => {
    expect(parseIngestPlaylist(playlist(2, 4, [4, 5, 6]), 2)).toMatchObject({ targetDuration: 2, mediaSequence: 4, position: 7, files: ["r2-init.mp4", "r2-seg4.m4s", "r2-seg5.m4s", "r2-seg6.m4s"], programDateTime: Date.parse("2026-11-29T14:00:04.000Z") });
  });
  it("refuses another run's files, an ENDLIST, no segments, absolute URIs and non-HLS", () => {
    expect(parseIngestPlaylist(playlist(2, 0, [0]), 3)).toBeNull();
    expect(parseIngestPlaylist(playlist(2, 0, [0], "#EXT-X-ENDLIST"), 2)).toBeNull();
    expect(parseIngestPlaylist(playlist(2, 0, []), 2)).toBeNull();
    expect(parseIngestPlaylist(playlist(2, 0, [0]).replace("r2-seg0.m4s", "https://evil.example/r2-seg0.m4s"), 2)).toBeNull();
    expect(parseIngestPlaylist("hello", 2)).toBeNull();
  });
});

describe("statuses", () => {
  it("an active event without media for the idle time is idle; idle and disabled stay", () => {
    const now = 1_000_000_000;
    expect(liveStatusNow("active", now - LIVE_IDLE_AFTER_SECONDS * 1000, now)).toBe("active");
    expect(liveStatusNow("active", now - LIVE_IDLE_AFTER_SECONDS * 1000 - 1, now)).toBe("idle");
    expect(liveStatusNow("active", null, now)).toBe("idle");
    expect(liveStatusNow("disabled", now, now)).toBe("disabled");
    expect(liveStatusNow("idle", now, now)).toBe("idle");
  });
  it("start and stop move idle and active; disabled is final", () => {
    expect(ingestTransition("idle", "start")).toBe("active");
    expect(ingestTransition("active", "stop")).toBe("idle");
    expect(ingestTransition("disabled", "start")).toBeNull();
    expect(ingestTransition("disabled", "stop")).toBeNull();
  });
});

describe("stream keys", () => {
  it("are derived per event and version, fit SRT's passphrase, and are kept as a hash", async () => {
    const one = await deriveStreamKey("secret-of-enough-length-0123456789", "women-live", 1);
    expect(one).toMatch(/^[0-9a-f]{48}$/);
    expect(await deriveStreamKey("secret-of-enough-length-0123456789", "women-live", 2)).not.toBe(one);
    expect(await deriveStreamKey("secret-of-enough-length-0123456789", "press-conference", 1)).not.toBe(one);
    expect(await deriveStreamKey("another-secret-of-enough-length-01", "women-live", 1)).not.toBe(one);
    expect(await streamKeyHash(one)).toMatch(/^[0-9a-f]{64}$/);
    expect(srtPushUrl("ingest.example", 9000, 3, one)).toBe(`srt://ingest.example:9003?passphrase=${one}&pbkeylen=32`);
  });
});
