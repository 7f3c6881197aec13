// A real JPEG made in the test (a gradient with noise, so it weighs what a camera's photo does),
// for the tests that upload to the media library.
import { readFileSync } from "node:fs";
import path from "node:path";
import encodeJpeg, { init as initJpegEncode } from "@jsquash/jpeg/encode.js";

let ready: Promise<void> | null = null;

export async function makeJpeg(width: number, height: number, seed = 7): Promise<Buffer> {
  ready ??= WebAssembly.compile(readFileSync(path.join(import.meta.dirname, "../../../node_modules/@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm"))).then((wasm) => initJpegEncode(wasm)).then(() => undefined);
  await ready;
  const data = new Uint8ClampedArray(width * height * 4);
  let state = seed;
  for (let i = 0; i < width * height; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    const x = i % width;
    const y = Math.floor(i / width);
    data.set([(x * 255) / width + (state % 24), (y * 255) / height, 120 + (state % 40), 255], i * 4);
  }
  return Buffer.from(await encodeJpeg({ data, width, height, colorSpace: "srgb" } as ImageData, { quality: 85 }));
}

/**
 * In the console's media picker dialog (src/components/console/MediaPicker.tsx), opened by the
 * caller: uploads `photo` with its alt text, which chooses it and closes the dialog.
 */
export async function uploadInPicker(page: import("playwright-core").Page, photo: { name: string; buffer: Buffer; alt: string }, wait: number): Promise<void> {
  const dialog = page.getByRole("dialog");
  await dialog.waitFor({ state: "visible", timeout: wait });
  await dialog.locator('input[type="file"]').setInputFiles({ name: photo.name, mimeType: "image/jpeg", buffer: photo.buffer });
  await dialog.getByLabel(/^Alt text/).fill(photo.alt);
  await dialog.getByRole("button", { name: "Upload photo" }).click();
  await dialog.waitFor({ state: "hidden", timeout: wait });
}
