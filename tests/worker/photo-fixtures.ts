// Photos for the media library's tests, made here with the same codecs the development build
// resizes with: a gradient (so each size encodes differently), or two halves of solid colour
// (so a test can tell which part of the photo a crop kept).
import encodeJpeg, { init as initJpegEncode } from "@jsquash/jpeg/encode";
import decodeJpeg, { init as initJpegDecode } from "@jsquash/jpeg/decode";
import encodePng, { init as initPng } from "@jsquash/png/encode";
import encodeWebp, { init as initWebpEncode } from "@jsquash/webp/encode";
import jpegEncWasm from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm";
import jpegDecWasm from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm";
// @ts-expect-error the package types this file as its exports; the test pool imports it as a compiled module
import pngWasm from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm";
import webpEncWasm from "@jsquash/webp/codec/enc/webp_enc_simd.wasm";

let ready: Promise<unknown> | null = null;
const codecs = () => (ready ??= Promise.all([initJpegEncode(jpegEncWasm), initJpegDecode(jpegDecWasm), initPng(pngWasm), initWebpEncode(webpEncWasm)]));

function pixels(width: number, height: number, split: boolean): ImageData {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (split) data.set(x < width / 2 ? [220, 20, 40, 255] : [20, 40, 220, 255], i);
      else data.set([(x * 255) / width, (y * 255) / height, ((x + y) * 97) % 256, 255], i);
    }
  }
  return { data, width, height, colorSpace: "srgb" } as ImageData;
}

export type FixtureFormat = "jpeg" | "png" | "webp";

/** A photo of `width` × `height` in `format`; `split`: red left half, blue right half. */
export async function photo(format: FixtureFormat, width: number, height: number, split = false): Promise<Uint8Array<ArrayBuffer>> {
  await codecs();
  const image = pixels(width, height, split);
  const encoded = format === "jpeg" ? await encodeJpeg(image, { quality: 90 }) : format === "png" ? await encodePng(image) : await encodeWebp(image, { quality: 90 });
  return new Uint8Array(encoded);
}

/** The average colour of a JPEG's pixels. */
export async function averageColour(jpeg: ArrayBuffer): Promise<[number, number, number]> {
  await codecs();
  const { data } = await decodeJpeg(jpeg);
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
  const n = data.length / 4;
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
}

export { avifPhoto } from "../fixtures/avif-photo";
