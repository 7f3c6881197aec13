import { describe, expect, it } from "vitest";
import { sniffImage, sniffImageType } from "../../src/domain/image-sniff";
import { avifPhoto } from "../fixtures/avif-photo";

/** Headers built byte by byte: what each format's first bytes say, and nothing else. */
const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((ch) => ch.charCodeAt(0)) : p)));
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const be16 = (n: number) => [(n >>> 8) & 255, n & 255];
const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];

const png = (w: number, h: number) => bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a], be32(13), "IHDR", be32(w), be32(h), [8, 6, 0, 0, 0]);
// SOI, an APP0 segment, a DHT (C4: in the SOF range but no frame), then SOF2 (progressive)
const jpeg = (w: number, h: number) =>
  bytes([0xff, 0xd8], [0xff, 0xe0], be16(16), "JFIF", [0, 1, 1, 0, 0, 1, 0, 1, 0, 0], [0xff, 0xc4], be16(5), [0, 1, 2], [0xff, 0xc2], be16(17), [8], be16(h), be16(w), [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1], [0xff, 0xda]);
const webpLossy = (w: number, h: number) => bytes("RIFF", [0, 0, 0, 0], "WEBP", "VP8 ", [0, 0, 0, 0], [0, 0, 0], [0x9d, 0x01, 0x2a], [w & 255, w >> 8, h & 255, h >> 8]);
const webpExtended = (w: number, h: number) => bytes("RIFF", [0, 0, 0, 0], "WEBP", "VP8X", [10, 0, 0, 0], [0x10, 0, 0, 0], le24(w - 1), le24(h - 1));
function webpLossless(w: number, h: number) {
  const bits = ((w - 1) | ((h - 1) << 14)) >>> 0;
  return bytes("RIFF", [0, 0, 0, 0], "WEBP", "VP8L", [5, 0, 0, 0], [0x2f], [bits & 255, (bits >>> 8) & 255, (bits >>> 16) & 255, (bits >>> 24) & 255]);
}

describe("sniffImage", () => {
  it("reads each format's type and pixel size from its header", () => {
    expect(sniffImage(png(4000, 3000))).toEqual({ type: "image/png", width: 4000, height: 3000 });
    expect(sniffImage(jpeg(4032, 3024))).toEqual({ type: "image/jpeg", width: 4032, height: 3024 });
    expect(sniffImage(webpLossy(1920, 1080))).toEqual({ type: "image/webp", width: 1920, height: 1080 });
    expect(sniffImage(webpExtended(5000, 16383))).toEqual({ type: "image/webp", width: 5000, height: 16383 });
    expect(sniffImage(webpLossless(640, 480))).toEqual({ type: "image/webp", width: 640, height: 480 });
  });

  it("reads a real AVIF file (libavif's output): brand 'avif', size from its 'ispe' box", () => {
    expect(sniffImage(avifPhoto())).toEqual({ type: "image/avif", width: 96, height: 64 });
  });

  it("finds AVIF among the compatible brands, and refuses another ISO file (an MP4)", () => {
    const ftyp = (major: string, ...compatible: string[]) => bytes(be32(16 + compatible.length * 4), "ftyp", major, [0, 0, 0, 0], ...compatible);
    expect(sniffImageType(ftyp("mif1", "mif1", "avif"))).toBe("image/avif");
    expect(sniffImageType(ftyp("isom", "isom", "mp41"))).toBeNull();
    // the minor version is not a brand, even when its bytes spell one
    expect(sniffImageType(bytes(be32(16), "ftyp", "isom", "avif"))).toBeNull();
  });

  it("refuses what only pretends: text, HTML, SVG, GIF, a truncated signature, an empty file", () => {
    for (const fake of [bytes("hello, this is a text file named photo.jpg"), bytes("<html><script>alert(1)</script>"), bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"), bytes("GIF89a", [1, 0, 1, 0]), bytes([0xff, 0xd8]), bytes([0x89], "PN"), new Uint8Array()]) {
      expect(sniffImage(fake)).toBeNull();
    }
  });

  it("refuses a known signature whose header has no size (cut short, or a zero side)", () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toBeNull();
    expect(sniffImage(png(0, 100))).toBeNull();
    expect(sniffImage(bytes("RIFF", [0, 0, 0, 0], "WEBP", "VP8 "))).toBeNull();
    // the JPEG's scan starts before any frame header
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xda], be16(8), [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeNull();
  });
});
