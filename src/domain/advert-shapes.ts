/**
 * The advert slot shapes of spec §2 'Footer': mpu (300 px), banner (728 px), banner-large
 * (1000 px) and content-feed, each with its own size (CSS px) and art. The desktop art is drawn at
 * twice the size for dense screens; the mobile art is the square 750x750 image of spec §7, shown
 * below DESKTOP_ADVERT_MIN_WIDTH where the wide shapes would be too thin to read.
 */
import type { Advert } from "../schemas/shell";
import { ADVERT_IMAGE_SIZE } from "./timings";

export type AdvertShape = Advert["slotType"];

export const ADVERT_SHAPES: Record<AdvertShape, { width: number; height: number }> = {
  mpu: { width: 300, height: 250 },
  banner: { width: 728, height: 90 },
  "banner-large": { width: 1000, height: 125 },
  "content-feed": { width: 300, height: 300 },
};

export function isAdvertShape(value: string): value is AdvertShape {
  return Object.hasOwn(ADVERT_SHAPES, value);
}

export const DESKTOP_ADVERT_MIN_WIDTH = 1024;
/** The mobile art, square, as spec §7 builds advert image URLs ({size}x{size}). */
export const MOBILE_ADVERT_SIZE = ADVERT_IMAGE_SIZE;
/** Shown on phones no wider than this (CSS px). */
export const MOBILE_ADVERT_DISPLAY = 300;

/** The desktop art's pixel size for a shape (2x its CSS size). */
export function desktopArtSize(shape: AdvertShape): { w: number; h: number } {
  const { width, height } = ADVERT_SHAPES[shape];
  return { w: width * 2, h: height * 2 };
}
