/**
 * How content names a media library photo. An image field (an article's hero, a page's hero, an
 * advert's, promo's or sponsor's image) holds either a generated artwork key (`pages/stadium`,
 * the demo content's) or `media:{id}`, a library photo; the worker resolves the id to the photo's
 * version, width and alt text when it reads the row, so a new focal point or alt text shows
 * everywhere without touching the content that uses it.
 */
import { isMediaSize } from "./media-image";

export const MEDIA_REF_PREFIX = "media:";

export const mediaRef = (id: number): string => `${MEDIA_REF_PREFIX}${id}`;

/** What every served URL of library photo `id` starts with (the next character is its version). */
export const mediaUrlPrefix = (id: number): string => `/images/media/${id}/`;

/** The library photo an image field names, or null (a generated key, empty, or not a valid id). */
export function mediaRefId(value: string | null | undefined): number | null {
  if (!value) return null;
  const match = /^media:([1-9][0-9]{0,15})$/.exec(value);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? id : null;
}

/** A generated artwork key as the demo content writes them: lower-case words, `-`, `_` and `/`. */
export const GENERATED_IMAGE_KEY = /^[a-z0-9][a-z0-9_/-]{0,99}$/;

/** Whether an image field's value is one the site can show: empty, a library photo or a generated key. */
export function isImageFieldValue(value: string): boolean {
  return value === "" || mediaRefId(value) !== null || GENERATED_IMAGE_KEY.test(value);
}

/**
 * The library photo URLs the rich-text sanitiser lets an `<img>` keep: only the sizes the library
 * serves (`/images/media/{id}/{version}/{w}x{h}.{webp|jpeg}`), so an article cannot show, or make
 * a reader's browser fetch, anything from elsewhere.
 */
const LIBRARY_URL = /^\/images\/media\/[1-9][0-9]{0,15}\/[1-9][0-9]{0,8}\/([1-9][0-9]{1,4})x([1-9][0-9]{1,4})\.(webp|jpeg)$/;

export function isLibraryImageUrl(url: string): boolean {
  const match = LIBRARY_URL.exec(url);
  return match !== null && isMediaSize(Number(match[1]), Number(match[2]));
}

/** A `srcset` whose every candidate is a library URL with a width descriptor (`… 320w, … 640w`). */
export function isLibrarySrcset(srcset: string): boolean {
  const candidates = srcset.split(",").map((c) => c.trim());
  return (
    candidates.length > 0 &&
    candidates.every((candidate) => {
      const [url, descriptor, ...rest] = candidate.split(/\s+/);
      return rest.length === 0 && url !== undefined && isLibraryImageUrl(url) && descriptor !== undefined && /^[1-9][0-9]{1,4}w$/.test(descriptor);
    })
  );
}
