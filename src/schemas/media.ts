import type { MediaType } from "../domain/image-sniff";
import type { CropBox, MediaFormat } from "../domain/media-image";

/** One photo of the media library, as the console and the pages see it (worker/media-library/media-store.ts). */
export interface MediaItem {
  id: number;
  fileName: string;
  contentType: MediaType;
  /** the photo's upright pixel size, read from its header at upload (a JPEG's EXIF Orientation applied) */
  width: number;
  height: number;
  bytes: number;
  alt: string;
  /** the subject's place, 0–1 from the left and from the top */
  focalX: number;
  focalY: number;
  /** named by every served URL; goes up when the crops change */
  version: number;
  uploadedBy: string;
  uploadedAt: string;
  updatedAt: string | null;
}

/** A page of the library: newest first, narrowed to alt texts and file names containing `q`. */
export interface MediaPage {
  q: string;
  page: number;
  pageSize: number;
  total: number;
  items: MediaItem[];
}

export type MediaItemAnswer = { data: { attributes: MediaItem } };
export type MediaPageAnswer = { data: { attributes: MediaPage } };

/**
 * What makes one served size of a library photo: cut `crop` out of the original, scale it to
 * exactly width × height, encode it as `format`. Production does it with the Workers Images
 * binding (worker/media-library/photo-resizer.ts); the development build installs a WebAssembly codec running in
 * the worker itself (worker/dev-media/wasm-resizer.ts), since the binding has no offline stand-in
 * without a native library. Both take the same crop box, computed once by src/domain/media-image.ts.
 */
export interface ResizeJob {
  original: ArrayBuffer;
  type: MediaType;
  crop: CropBox;
  width: number;
  height: number;
  format: MediaFormat;
}

export interface PhotoResizer {
  /** what the docs and the bench call it */
  name: string;
  resize(job: ResizeJob): Promise<Uint8Array<ArrayBuffer>>;
}
