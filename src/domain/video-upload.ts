/**
 * The rules of a video file uploaded to Rovers TV (worker/video-pipeline/uploads.ts): how large
 * it may be, how it is cut into parts for R2's multipart upload, and what a video file is, read
 * from its first bytes rather than from its name or the type the browser declares.
 */

/** A 90-minute match at 20 Mbit/s is ~13.5 GB: room for that, and a clear refusal past it. */
export const VIDEO_MAX_BYTES = 20 * 1024 ** 3;
/**
 * Every part but the last has this size (R2 wants equal parts, each at least 5 MiB but the last);
 * 8 MiB keeps a part's retry short on a stadium's uplink, and 20 GB in 2,560 parts (R2: 10,000).
 */
export const VIDEO_PART_BYTES = 8 * 1024 * 1024;

export const VIDEO_TYPES = ["video/mp4", "video/quicktime", "video/x-matroska"] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];

export const VIDEO_TOO_LARGE_DETAIL = `The video is larger than ${VIDEO_MAX_BYTES / 1024 ** 3} GB`;
export const UNSUPPORTED_VIDEO_DETAIL = "This file is not an MP4, MOV or MKV video";

/**
 * The container, from its first bytes: ISO base media (MP4, MOV) has an `ftyp` box first, its size
 * then the four letters at offset 4, and QuickTime's brand is `qt  `; Matroska (MKV, WebM) starts
 * with the EBML magic 1A 45 DF A3. Anything else (a script, a photo, a renamed document) is null.
 */
export function sniffVideo(head: Uint8Array): VideoType | null {
  if (head.length >= 12 && ascii(head, 4, 8) === "ftyp") return ascii(head, 8, 12) === "qt  " ? "video/quicktime" : "video/mp4";
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return "video/x-matroska";
  return null;
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** How many parts a file of `bytes` has. */
export function partCount(bytes: number, partBytes = VIDEO_PART_BYTES): number {
  return Math.ceil(bytes / partBytes);
}

/** The exact size part `n` (1-based) must have, or null when the file has no such part. */
export function expectedPartBytes(n: number, bytes: number, partBytes = VIDEO_PART_BYTES): number | null {
  const count = partCount(bytes, partBytes);
  if (!Number.isInteger(n) || n < 1 || n > count) return null;
  return n < count ? partBytes : bytes - partBytes * (count - 1);
}

/** The parts still missing, given those R2 holds: what a resuming client sends next. */
export function missingParts(bytes: number, present: readonly number[], partBytes = VIDEO_PART_BYTES): number[] {
  const have = new Set(present);
  const missing: number[] = [];
  for (let n = 1; n <= partCount(bytes, partBytes); n++) if (!have.has(n)) missing.push(n);
  return missing;
}

/** The file's name as shown: its last path part, no control characters, at most 200 characters. */
export function cleanVideoName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  return base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200) || "video";
}
