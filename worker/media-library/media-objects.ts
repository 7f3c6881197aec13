import { settingsOf } from "../env";
import { ApiError } from "../http/api-error";
import { installedDevelopmentKit } from "../development";
import { imagesBindingResizer } from "./photo-resizer";
import type { PhotoResizer } from "../../src/schemas/media";
import type { MediaFormat } from "../../src/domain/media-image";

/**
 * Where the library's objects live in its R2 bucket: each original under originals/{uuid} (named
 * by the row), each served size under derived/{id}/{version}/{w}x{h}.{format}, so one prefix
 * holds every size of a version, dropped whole when the crops change or the photo goes.
 */
export const originalKey = () => `originals/${crypto.randomUUID()}`;
export const derivedPrefix = (id: number, version?: number) => (version === undefined ? `derived/${id}/` : `derived/${id}/${version}/`);
export const derivedKey = (id: number, version: number, width: number, height: number, format: MediaFormat) => `${derivedPrefix(id, version)}${width}x${height}.${format}`;

export const MEDIA_NOT_CONFIGURED = () => new ApiError(503, "MEDIA_NOT_CONFIGURED", "The media library has no storage bound (MEDIA)");

/** The library's bucket, or the 503 that says it is not bound. */
export function mediaBucket(env: object): R2Bucket {
  const bucket = settingsOf(env).media.bucket;
  if (!bucket) throw MEDIA_NOT_CONFIGURED();
  return bucket;
}

/** The development build's WebAssembly codecs when installed, else production's Images binding. */
export function photoResizer(env: object): PhotoResizer {
  const kit = installedDevelopmentKit();
  if (kit) return kit.photoResizer;
  const images = settingsOf(env).media.images;
  if (!images) throw new ApiError(503, "MEDIA_NOT_CONFIGURED", "The media library has no resizer bound (IMAGES)");
  return imagesBindingResizer(images);
}

/** Deletes every object under a prefix (R2 lists 1,000 at a time). */
export async function deletePrefix(bucket: R2Bucket, prefix: string): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, ...(cursor ? { cursor } : {}) });
    if (page.objects.length > 0) await bucket.delete(page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}
