/**
 * What a photo really is, read from its first bytes, never from the name or the declared type a
 * browser sends (a PNG renamed .jpg is a PNG; a text file named .jpg is no image). The four formats
 * the media library takes, and each one's pixel size from its header, so the library knows the
 * size without decoding the photo.
 */
export const MEDIA_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export interface SniffedImage {
  type: MediaType;
  width: number;
  height: number;
}

const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);

/** The format by its signature alone, or null for anything else. */
export function sniffImageType(bytes: Uint8Array): MediaType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(bytes, 1, 3) === "PNG" && bytes[4] === 0x0d && bytes[5] === 0x0a && bytes[6] === 0x1a && bytes[7] === 0x0a) return "image/png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "image/webp";
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === "ftyp") {
    // ISO BMFF: the major brand, then the compatible brands up to the box's end.
    const boxEnd = Math.min(u32be(bytes, 0), bytes.length);
    for (let at = 8; at + 4 <= boxEnd; at += 4) {
      if (at === 12) continue; // the minor version, not a brand
      const brand = ascii(bytes, at, 4);
      if (brand === "avif" || brand === "avis") return "image/avif";
    }
  }
  return null;
}

function jpegSize(b: Uint8Array): [number, number] | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and RST0–7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = u16be(b, at + 2);
    // SOF0–SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return [u16be(b, at + 7), u16be(b, at + 5)];
    }
    if (marker === 0xda || length < 2) return null; // image data before any frame header
    at += 2 + length;
  }
  return null;
}

function webpSize(b: Uint8Array): [number, number] | null {
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8X" && b.length >= 30) return [u24le(b, 24) + 1, u24le(b, 27) + 1];
  if (chunk === "VP8L" && b.length >= 25 && b[20] === 0x2f) {
    const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0;
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  // Lossy: the key frame's start code 9d 01 2a, then 14-bit width and height.
  if (chunk === "VP8 " && b.length >= 30 && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return [(b[26]! | (b[27]! << 8)) & 0x3fff, (b[28]! | (b[29]! << 8)) & 0x3fff];
  }
  return null;
}

/** AVIF keeps its size in the 'ispe' property (image spatial extents) of the meta box. */
function avifSize(b: Uint8Array): [number, number] | null {
  const end = Math.min(b.length - 16, 1 << 16);
  for (let at = 4; at < end; at++) {
    if (b[at] === 0x69 && b[at + 1] === 0x73 && b[at + 2] === 0x70 && b[at + 3] === 0x65) return [u32be(b, at + 8), u32be(b, at + 12)];
  }
  return null;
}

/** The type and pixel size of a photo, or null when it is none of the four formats or its header is unreadable. */
export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  const type = sniffImageType(bytes);
  if (!type) return null;
  const size = type === "image/jpeg" ? jpegSize(bytes) : type === "image/png" ? (bytes.length >= 24 && ascii(bytes, 12, 4) === "IHDR" ? [u32be(bytes, 16), u32be(bytes, 20)] as [number, number] : null) : type === "image/webp" ? webpSize(bytes) : avifSize(bytes);
  if (!size || size[0] < 1 || size[1] < 1) return null;
  return { type, width: size[0], height: size[1] };
}
