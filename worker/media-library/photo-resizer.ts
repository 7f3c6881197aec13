import type { PhotoResizer } from "../../src/schemas/media";
import { OUTPUT_QUALITY } from "../../src/domain/media-image";

/**
 * Production's photo resizer, the Workers Images binding. The development build installs its own
 * (worker/dev-media/wasm-resizer.ts), since the binding has no offline stand-in without a native
 * library; worker/media-library/media-objects.ts picks one.
 */

/**
 * The Workers Images binding: crop (trim), then scale to the exact size, then encode. The crop box
 * is in upright pixels (the library stores a phone photo's upright size, src/domain/exif-orientation.ts):
 * this relies on the binding applying a JPEG's EXIF Orientation as it reads the photo, before the
 * trim, which the offline development build cannot exercise (it resizes with its own codecs).
 */
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
