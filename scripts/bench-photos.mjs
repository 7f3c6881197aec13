// The media library part of `npm run bench`: a 4000 × 3000 JPEG made here (gradients, waves at
// several scales and grain, so it keeps detail at every size as a photo does, where noise alone would
// average away when scaled down) is uploaded as the editor demo account, then asked at
// 375 px wide (16:9, as a phone's srcset picks it) in WebP and JPEG, and square at 750: the bytes
// served, the time of the first request (decode, crop, scale, encode, store in R2) and of the
// second (read from R2). `npm run dev` and the bench resize with the development build's
// WebAssembly codecs, production with the Images binding (docs/performance.md).
import { readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import encodeJpeg, { init as initJpegEncode } from "@jsquash/jpeg/encode.js";
import { root } from "./run-command.mjs";
import { signIn } from "./bench-media.mjs";

const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"];
const WIDTH = 4000;
const HEIGHT = 3000;
const SIZES = ["375x211.webp", "375x211.jpeg", "750x750.webp"];

async function cameraPhoto() {
  await initJpegEncode(await WebAssembly.compile(readFileSync(path.join(root, "node_modules/@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm"))));
  const data = new Uint8ClampedArray(WIDTH * HEIGHT * 4);
  let seed = 11;
  for (let i = 0; i < WIDTH * HEIGHT; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const x = i % WIDTH;
    const y = Math.floor(i / WIDTH);
    const waves = 40 * Math.sin(x / 37) * Math.cos(y / 53) + 30 * Math.sin((x * y) / 90_000) + 25 * Math.sin((x + 2 * y) / 9);
    data[i * 4] = (x * 200) / WIDTH + waves + (seed % 24);
    data[i * 4 + 1] = (y * 200) / HEIGHT - waves / 2 + (seed % 16);
    data[i * 4 + 2] = 110 + 40 * Math.cos(x / 211 + y / 97) + (seed % 40);
    data[i * 4 + 3] = 255;
  }
  return Buffer.from(await encodeJpeg({ data, width: WIDTH, height: HEIGHT }, { quality: 85 }));
}

async function timed(url) {
  const started = performance.now();
  const response = await fetch(url);
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200) throw new Error(`GET ${url} → ${response.status}`);
  return { bytes, ms: performance.now() - started };
}

/** Uploads the photo and measures each size twice; deletes the photo at the end. */
export async function photoFigures(baseUrl) {
  const photo = await cameraPhoto();
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    await page.goto("/", { waitUntil: "load" });
    await page.waitForSelector("html[data-hydrated]", { timeout: 30_000 });
    await signIn(page, "editor@rovers.test");
    const uploaded = await page.request.post(`${baseUrl}/api/console/media`, {
      headers: { origin: baseUrl },
      multipart: { file: { name: "bench-4000.jpg", mimeType: "image/jpeg", buffer: photo }, alt: "Bench photo", focalX: "0.5", focalY: "0.5" },
    });
    if (uploaded.status() !== 201) throw new Error(`upload → ${uploaded.status()}: ${await uploaded.text()}`);
    const { id, version } = (await uploaded.json()).data.attributes;
    const rows = [];
    for (const size of SIZES) {
      const url = `${baseUrl}/images/media/${id}/${version}/${size}`;
      rows.push({ size, first: await timed(url), again: await timed(url) });
    }
    await page.request.delete(`${baseUrl}/api/console/media/${id}`, { headers: { origin: baseUrl } });
    return { originalBytes: photo.byteLength, rows };
  } finally {
    await browser.close();
  }
}

export function photoLines({ originalBytes, rows }) {
  const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
  return [
    `| original: ${WIDTH} × ${HEIGHT} JPEG (quality 85) | ${kb(originalBytes)} |`,
    ...rows.map(({ size, first, again }) => `| \`${size}\`: bytes served (${((100 * first.bytes) / originalBytes).toFixed(2)} % of the original); first request (made), then from R2 | ${kb(first.bytes)}; ${first.ms.toFixed(0)} ms, ${again.ms.toFixed(0)} ms |`),
  ];
}
