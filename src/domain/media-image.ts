/**
 * The media library's rules for serving a photo: which sizes exist, how a size is cut from the
 * original around its focal point, and the URLs and `srcset` a page asks for. Shared by the
 * worker (which refuses any other size, so nobody can make it compute and store thousands of
 * variants of one photo) and the pages (which only ask for these).
 */

/** Upload limit: a camera's full-size JPEG fits, a video file does not. */
export const MEDIA_MAX_BYTES = 20 * 1024 * 1024;
/** Longest side and pixel count an upload may have: what resizing can hold in memory at once. */
export const MEDIA_MAX_SIDE = 10_000;
export const MEDIA_MAX_PIXELS = 40_000_000;

/** The widths served: the spec's square sizes (750, 1400) and the steps of a phone-to-desktop `srcset`. */
export const MEDIA_WIDTHS = [160, 320, 375, 480, 640, 750, 960, 1280, 1400, 1920] as const;
/** The shapes served, width:height; every height is the width times one of these. */
export const MEDIA_RATIOS = [
  [1, 1],
  [4, 3],
  [3, 2],
  [16, 9],
  [2, 1],
  [3, 4],
  [2, 3],
  [4, 5],
  [5, 4],
] as const satisfies readonly (readonly [number, number])[];
export type MediaRatio = (typeof MEDIA_RATIOS)[number];

/** Served formats: WebP for every browser of today, JPEG as the `<img>` fallback. */
export const MEDIA_FORMATS = ["webp", "jpeg"] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];
export const MEDIA_FORMAT_TYPES: Record<MediaFormat, string> = { webp: "image/webp", jpeg: "image/jpeg" };

/** Quality of every lossy output, both resizers: a photo's detail kept at a fraction of the bytes of 'best'. */
export const OUTPUT_QUALITY = 80;

export const mediaHeight = (width: number, [rw, rh]: MediaRatio) => Math.round((width * rh) / rw);

/** Whether {width}x{height} is a size the library serves. */
export function isMediaSize(width: number, height: number): boolean {
  return (MEDIA_WIDTHS as readonly number[]).includes(width) && MEDIA_RATIOS.some((ratio) => mediaHeight(width, ratio) === height);
}

/** The served ratio closest to a display box's shape (CSS `object-fit: cover` absorbs the rest). */
export function nearestRatio(width: number, height: number): MediaRatio {
  const want = Math.log(width / height);
  let best: MediaRatio = MEDIA_RATIOS[0];
  for (const ratio of MEDIA_RATIOS) if (Math.abs(Math.log(ratio[0] / ratio[1]) - want) < Math.abs(Math.log(best[0] / best[1]) - want)) best = ratio;
  return best;
}

export interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/**
 * The part of a `source` photo that becomes a `target`-shaped picture: the largest box of the
 * target's shape inside the photo, centred on the focal point (fx, fy, each 0–1 from the left and
 * top) as far as the edges allow, so the subject stays in every crop.
 */
export function focalCrop(source: { width: number; height: number }, target: { width: number; height: number }, focal: { x: number; y: number }): CropBox {
  const targetShape = target.width / target.height;
  let width = source.width;
  let height = source.height;
  if (source.width / source.height > targetShape) width = clamp(Math.round(source.height * targetShape), 1, source.width);
  else height = clamp(Math.round(source.width / targetShape), 1, source.height);
  const x = clamp(Math.round(clamp(focal.x, 0, 1) * source.width - width / 2), 0, source.width - width);
  const y = clamp(Math.round(clamp(focal.y, 0, 1) * source.height - height / 2), 0, source.height - height);
  return { x, y, width, height };
}

/** The path of one served size: the version changes whenever the crop would (a new focal point), so each URL is immutable. */
export function mediaImageUrl(id: number, version: number, width: number, height: number, format: MediaFormat): string {
  return `/images/media/${id}/${version}/${width}x${height}.${format}`;
}

/**
 * The `srcset` of a library photo at one shape: every served width up to the original's (a
 * larger one would only be upscaled), and at least the smallest.
 */
export function mediaSrcset(photo: { id: number; version: number; width: number }, ratio: MediaRatio, format: MediaFormat): string {
  const widths = MEDIA_WIDTHS.filter((w) => w <= photo.width);
  const list = widths.length > 0 ? widths : [MEDIA_WIDTHS[0]];
  return list.map((w) => `${mediaImageUrl(photo.id, photo.version, w, mediaHeight(w, ratio), format)} ${w}w`).join(", ");
}

/** The width the fallback `src` names: the smallest served width that covers `displayWidth` (or the largest there is). */
export function fallbackWidth(displayWidth: number, originalWidth: number): number {
  const usable = MEDIA_WIDTHS.filter((w) => w <= Math.max(originalWidth, MEDIA_WIDTHS[0]));
  return usable.find((w) => w >= displayWidth) ?? usable[usable.length - 1]!;
}

/** The one JPEG of a library photo that link previews (Open Graph, structured data) name: 16:9, about 1280 wide. */
export function mediaShareUrl(photo: { id: number; version: number; width: number }): string {
  const width = fallbackWidth(1280, photo.width);
  return mediaImageUrl(photo.id, photo.version, width, mediaHeight(width, [16, 9]), "jpeg");
}

/**
 * A library photo's URL from its id alone, for content that stores only `media:{id}` (adverts,
 * promos, sponsors): the served shape nearest the box, the smallest served width covering it, as
 * JPEG, at version 1. A photo whose focal point moved since is one 302 away from its current
 * version (worker/media-library/serve-routes.ts), so the content never has to change with it.
 */
export function mediaKeyUrl(id: number, w: number, h: number): string {
  const ratio = nearestRatio(w, h);
  const width: number = MEDIA_WIDTHS.find((served) => served >= w) ?? MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1]!;
  return mediaImageUrl(id, 1, width, mediaHeight(width, ratio), "jpeg");
}
