import type { Locator } from "playwright-core";
import { PICTURE_CLOCK_BAND, readPictureClock } from "../../../scripts/picture-clock.mjs";

export interface PictureClockReading {
  /** the wall-clock second burned into the frame on screen (scripts/picture-clock.mjs) */
  second: number;
  /** the browser's clock as it drew that frame, ms since the epoch */
  nowMs: number;
  /** glass to glass: the browser's clock minus the picture's second, in seconds (up to 1 s more than the true delay, the picture's second being whole) */
  behindSeconds: number;
}

/**
 * Reads the machine-readable clock off the frame `video` shows now: the frame drawn to a canvas at
 * its natural size (whatever rendition the player picked), the top band's luma taken in the page
 * and read by readPictureClock. Null when the frame has no such clock (nothing decoded yet, or a
 * stream that does not carry it), so a test fails on that rather than on a figure.
 */
export async function readVideoClock(video: Locator): Promise<PictureClockReading | null> {
  const frame = await video.evaluate((v: HTMLVideoElement, band: number) => {
    const width = v.videoWidth;
    const height = v.videoHeight;
    if (width === 0 || height === 0) return null;
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(v, 0, 0, width, height);
    const nowMs = Date.now();
    // pictureClockRows(width), which runs in Node
    const rows = Math.min(height, Math.ceil(width * band));
    const rgba = context.getImageData(0, 0, width, rows).data;
    // BT.601 luma, the Y the encoder drew the squares in.
    const luma: number[] = new Array(width * rows);
    for (let i = 0; i < luma.length; i++) luma[i] = Math.round(0.299 * (rgba[4 * i] ?? 0) + 0.587 * (rgba[4 * i + 1] ?? 0) + 0.114 * (rgba[4 * i + 2] ?? 0));
    return { width, rows, luma, nowMs };
  }, PICTURE_CLOCK_BAND);
  if (!frame) return null;
  const second = readPictureClock(frame.luma, frame.width, frame.rows, frame.nowMs);
  return second === null ? null : { second, nowMs: frame.nowMs, behindSeconds: frame.nowMs / 1000 - second };
}
