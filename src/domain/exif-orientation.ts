/**
 * A JPEG's EXIF Orientation: how a phone held upright stores a photo taken in portrait (its
 * sensor's landscape pixels, tagged 6 or 8: turn them a quarter to see them upright). Browsers
 * apply it when they show the original; a photo served resized has no tag left, so the media
 * library applies it itself: the stored width and height are the upright ones (upload), and the
 * development resizer turns the pixels before cutting a size (worker/dev-media/wasm-resizer.ts).
 *
 * Values, as EXIF defines them (the stored image → what to do to see it upright):
 * 1 as is; 2 mirror; 3 turn 180°; 4 flip; 5 mirror and turn 90° anticlockwise (transpose);
 * 6 turn 90° clockwise; 7 mirror and turn 90° clockwise (transverse); 8 turn 90° anticlockwise.
 */
export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

const u16 = (b: Uint8Array, at: number, little: boolean) => (little ? b[at]! | (b[at + 1]! << 8) : (b[at]! << 8) | b[at + 1]!);
const u32 = (b: Uint8Array, at: number, little: boolean) =>
  little ? (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)) + b[at + 3]! * 0x1000000 : b[at]! * 0x1000000 + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);

/** The Orientation tag of a JPEG's EXIF (APP1) segment; 1 when there is none or it is not readable. */
export function jpegOrientation(b: Uint8Array): Orientation {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return 1;
  let at = 2;
  while (at + 4 <= b.length && b[at] === 0xff) {
    const marker = b[at + 1]!;
    if (marker === 0xda || marker === 0xd9) return 1; // image data: no EXIF before it
    const length = u16(b, at + 2, false);
    if (length < 2) return 1;
    const start = at + 4;
    if (marker === 0xe1 && start + 14 <= b.length && String.fromCharCode(...b.subarray(start, start + 6)) === "Exif\0\0") {
      const tiff = start + 6;
      const little = b[tiff] === 0x49 && b[tiff + 1] === 0x49; // "II", else "MM"
      if (!little && !(b[tiff] === 0x4d && b[tiff + 1] === 0x4d)) return 1;
      const ifd = tiff + u32(b, tiff + 4, little);
      if (ifd + 2 > b.length) return 1;
      const entries = u16(b, ifd, little);
      for (let i = 0; i < entries; i++) {
        const entry = ifd + 2 + i * 12;
        if (entry + 12 > b.length) return 1;
        if (u16(b, entry, little) === 0x0112) {
          const value = u16(b, entry + 8, little);
          return value >= 1 && value <= 8 ? (value as Orientation) : 1;
        }
      }
      return 1;
    }
    at = start + length - 2;
  }
  return 1;
}

/** Whether the orientation swaps width and height (a quarter turn). */
export const turnsQuarter = (o: Orientation) => o >= 5;

/** The upright size of a photo stored `width` × `height` with orientation `o`. */
export function uprightSize(width: number, height: number, o: Orientation): { width: number; height: number } {
  return turnsQuarter(o) ? { width: height, height: width } : { width, height };
}

/**
 * RGBA pixels (4 bytes each) turned upright: where each upright pixel (x, y) comes from in the
 * stored image (sx, sy), for each orientation.
 */
export function orientPixels(data: Uint8ClampedArray, width: number, height: number, o: Orientation): { data: Uint8ClampedArray; width: number; height: number } {
  if (o === 1) return { data, width, height };
  const out = uprightSize(width, height, o);
  const pixels = new Uint8ClampedArray(out.width * out.height * 4);
  const source = (x: number, y: number): [number, number] => {
    switch (o) {
      case 2:
        return [width - 1 - x, y];
      case 3:
        return [width - 1 - x, height - 1 - y];
      case 4:
        return [x, height - 1 - y];
      case 5:
        return [y, x];
      case 6:
        return [y, height - 1 - x];
      case 7:
        return [width - 1 - y, height - 1 - x];
      case 8:
        return [width - 1 - y, x];
    }
  };
  for (let y = 0; y < out.height; y++) {
    for (let x = 0; x < out.width; x++) {
      const [sx, sy] = source(x, y);
      const from = (sy * width + sx) * 4;
      const to = (y * out.width + x) * 4;
      pixels[to] = data[from]!;
      pixels[to + 1] = data[from + 1]!;
      pixels[to + 2] = data[from + 2]!;
      pixels[to + 3] = data[from + 3]!;
    }
  }
  return { data: pixels, width: out.width, height: out.height };
}
