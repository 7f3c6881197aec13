import decodeJpeg, { init as initJpegDecode } from "@jsquash/jpeg/decode";
import encodeJpeg, { init as initJpegEncode } from "@jsquash/jpeg/encode";
import decodePng, { init as initPngDecode } from "@jsquash/png/decode";
import decodeWebp, { init as initWebpDecode } from "@jsquash/webp/decode";
import encodeWebp, { init as initWebpEncode } from "@jsquash/webp/encode";
import decodeAvif, { init as initAvifDecode } from "@jsquash/avif/decode";
import resize, { initResize } from "@jsquash/resize";
import jpegDecWasm from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm";
import jpegEncWasm from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm";
// @ts-expect-error the package types this file as its exports (for bundlers that instantiate it); wrangler imports it as a compiled module
import pngWasm from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm";
import webpDecWasm from "@jsquash/webp/codec/dec/webp_dec.wasm";
import webpEncWasm from "@jsquash/webp/codec/enc/webp_enc_simd.wasm";
import avifDecWasm from "@jsquash/avif/codec/dec/avif_dec.wasm";
// @ts-expect-error the package types this file as its exports (for bundlers that instantiate it); wrangler imports it as a compiled module
import resizeWasm from "@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm";
import type { PhotoResizer, ResizeJob } from "../../src/schemas/media";
import { OUTPUT_QUALITY } from "../../src/domain/media-image";
import { jpegOrientation, orientPixels } from "../../src/domain/exif-orientation";

/**
 * The development build's photo resizer: Squoosh's codecs compiled to WebAssembly (jSquash:
 * mozjpeg, libwebp, libavif's decoder, the png crate, a Lanczos resampler), run inside the worker,
 * so `npm run dev`, the worker tests and the bench really decode, crop, scale and encode, offline.
 * Production uses the Images binding instead (worker/media-library/photo-resizer.ts): decoding a
 * 12-megapixel photo here holds ~100 MB of pixels, near a Worker's 128 MB.
 *
 * The codecs call `new ImageData(...)`, which workerd does not have: a plain stand-in of the same
 * shape is enough for them.
 */
class PlainImageData {
  readonly colorSpace = "srgb" as const;
  constructor(
    readonly data: Uint8ClampedArray,
    readonly width: number,
    readonly height: number,
  ) {}
}
if (typeof (globalThis as { ImageData?: unknown }).ImageData === "undefined") {
  Object.assign(globalThis, { ImageData: PlainImageData });
}

let ready: Promise<unknown> | null = null;
/** Instantiated on the first resize of an isolate, not at start-up: most requests never resize. */
function codecs(): Promise<unknown> {
  ready ??= Promise.all([
    initJpegDecode(jpegDecWasm),
    initJpegEncode(jpegEncWasm),
    initPngDecode(pngWasm),
    initWebpDecode(webpDecWasm),
    initWebpEncode(webpEncWasm),
    initAvifDecode(avifDecWasm),
    initResize(resizeWasm),
  ]);
  return ready;
}

async function decode(original: ArrayBuffer, type: ResizeJob["type"]): Promise<ImageData> {
  switch (type) {
    case "image/jpeg":
      return decodeJpeg(original);
    case "image/png":
      return decodePng(original);
    case "image/webp":
      return decodeWebp(original);
    case "image/avif": {
      const pixels = await decodeAvif(original);
      if (!pixels) throw new Error("AVIF decoding failed");
      return pixels;
    }
  }
}

/** The crop box's rows copied out of the decoded photo (RGBA, 4 bytes a pixel). */
function cropPixels(image: ImageData, box: ResizeJob["crop"]): ImageData {
  if (box.x === 0 && box.y === 0 && box.width === image.width && box.height === image.height) return image;
  const out = new Uint8ClampedArray(box.width * box.height * 4);
  for (let row = 0; row < box.height; row++) {
    const from = ((box.y + row) * image.width + box.x) * 4;
    out.set(image.data.subarray(from, from + box.width * 4), row * box.width * 4);
  }
  return new PlainImageData(out, box.width, box.height) as unknown as ImageData;
}

/**
 * The decoded pixels turned as the JPEG's EXIF Orientation says (the decoder leaves them as the
 * camera stored them); the crop box is in upright pixels, as the library stores the photo's size.
 */
function upright(image: ImageData, job: ResizeJob): ImageData {
  const orientation = job.type === "image/jpeg" ? jpegOrientation(new Uint8Array(job.original, 0, Math.min(job.original.byteLength, 1 << 17))) : 1;
  if (orientation === 1) return image;
  const turned = orientPixels(image.data, image.width, image.height, orientation);
  return new PlainImageData(turned.data, turned.width, turned.height) as unknown as ImageData;
}

export const wasmResizer: PhotoResizer = {
  name: "WebAssembly codecs in the worker (jSquash)",
  async resize(job) {
    await codecs();
    const decoded = upright(await decode(job.original, job.type), job);
    const cropped = cropPixels(decoded, job.crop);
    const scaled = await resize(cropped, { width: job.width, height: job.height, method: "lanczos3", fitMethod: "stretch", premultiply: true, linearRGB: true });
    const encoded = job.format === "webp" ? await encodeWebp(scaled, { quality: OUTPUT_QUALITY }) : await encodeJpeg(scaled, { quality: OUTPUT_QUALITY });
    return new Uint8Array(encoded);
  },
};
