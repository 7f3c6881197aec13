import { describe, expect, it } from "vitest";
import { jpegOrientation, orientPixels, uprightSize, type Orientation } from "../../src/domain/exif-orientation";

/** A JPEG's first bytes: SOI, an APP1 EXIF segment with one Orientation entry, then SOS. */
function jpegHead(orientation: number, little = false): Uint8Array {
  const u16 = (n: number) => (little ? [n & 0xff, n >> 8] : [n >> 8, n & 0xff]);
  const u32 = (n: number) => (little ? [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24] : [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]);
  const tiff = [...(little ? [0x49, 0x49] : [0x4d, 0x4d]), ...u16(42), ...u32(8), ...u16(1), ...u16(0x0112), ...u16(3), ...u32(1), ...u16(orientation), 0, 0, ...u32(0)];
  const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  return new Uint8Array([0xff, 0xd8, 0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload, 0xff, 0xda, 0, 2]);
}

describe("jpegOrientation", () => {
  it("reads the Orientation of big- and little-endian EXIF", () => {
    for (const o of [1, 3, 6, 8]) {
      expect(jpegOrientation(jpegHead(o))).toBe(o);
      expect(jpegOrientation(jpegHead(o, true))).toBe(o);
    }
  });

  it("is 1 without EXIF, for a value out of range, and for what is not a JPEG", () => {
    expect(jpegOrientation(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBe(1);
    expect(jpegOrientation(jpegHead(9))).toBe(1);
    expect(jpegOrientation(jpegHead(6).subarray(0, 20))).toBe(1);
    expect(jpegOrientation(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(1);
  });
});

describe("orientPixels", () => {
  // A 2 × 1 photo: red, then blue (RGBA).
  const redBlue = new Uint8ClampedArray([255, 0, 0, 255, 0, 0, 255, 255]);
  const colours = (r: { data: Uint8ClampedArray }) => Array.from({ length: r.data.length / 4 }, (_, i) => (r.data[i * 4] === 255 ? "red" : "blue"));

  it("turns a quarter for 6 and 8 (width and height swap), half for 3, mirrors for 2", () => {
    expect(uprightSize(4000, 3000, 6)).toEqual({ width: 3000, height: 4000 });
    expect(uprightSize(4000, 3000, 3)).toEqual({ width: 4000, height: 3000 });
    const six = orientPixels(redBlue, 2, 1, 6);
    expect([six.width, six.height]).toEqual([1, 2]);
    expect(colours(six)).toEqual(["red", "blue"]); // the stored left side is the top
    expect(colours(orientPixels(redBlue, 2, 1, 8))).toEqual(["blue", "red"]);
    expect(colours(orientPixels(redBlue, 2, 1, 3))).toEqual(["blue", "red"]);
    expect(colours(orientPixels(redBlue, 2, 1, 2))).toEqual(["blue", "red"]);
    expect(orientPixels(redBlue, 2, 1, 1).data).toBe(redBlue);
  });

  it("keeps every pixel for each orientation", () => {
    const data = new Uint8ClampedArray(Array.from({ length: 6 * 4 }, (_, i) => (i % 4 === 3 ? 255 : Math.floor(i / 4) * 10)));
    for (const o of [1, 2, 3, 4, 5, 6, 7, 8] as Orientation[]) {
      const out = orientPixels(data, 3, 2, o);
      const values = Array.from({ length: 6 }, (_, i) => out.data[i * 4]!).sort((a, b) => a - b);
      expect(values, String(o)).toEqual([0, 10, 20, 30, 40, 50]);
    }
  });
});
