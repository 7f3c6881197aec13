import type { CropBox, MediaFormat } from "../../src/domain/media-image";
import type { MediaType } from "../../src/domain/image-sniff";

/**
 * What makes one served size of a library photo: cut `crop` out of the original, scale it to
 * exactly width × height, encode it as `format`. Production does it with the Workers Images
 * binding (imagesBindingResizer); the development build installs a WebAssembly codec running in
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

/** Quality of every lossy output: a photo's detail kept at about a third of 'best' bytes. */
export const OUTPUT_QUALITY = 80;

/** The Workers Images binding: crop (trim), then scale to the exact size, then encode. */
export function imagesBindingResizer(images: ImagesBinding): PhotoResizer {
  return {
    name: "Workers Images binding",
    async resize({ original, crop, width, height, format }) {
      const input = new Blob([original]).stream();
      const result = await images
        .input(input)
        .transform({ trim: { left: crop.x, top: crop.y, width: crop.width, height: crop.height } })
        .transform({ width, height, fit: "squeeze" })
        .output({ format: format === "webp" ? "image/webp" : "image/jpeg", quality: OUTPUT_QUALITY });
      return new Uint8Array(await result.response().arrayBuffer());
    },
  };
}
