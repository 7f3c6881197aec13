import { describe, expect, it } from "vitest";
import { roleAccount } from "./staff-accounts";
import { averageColour, photo } from "./photo-fixtures";
import type { MediaItem, MediaItemAnswer } from "../../src/schemas/media";

/**
 * A phone's portrait photo: its pixels stored on their side (landscape) with EXIF Orientation 6
 * or 8. The library stores its upright size and serves every size upright.
 */

/** `jpeg` with an APP1 EXIF segment carrying `orientation` right after its SOI marker. */
function withOrientation(jpeg: Uint8Array, orientation: number): Uint8Array<ArrayBuffer> {
  const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const app1 = [0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload];
  const out = new Uint8Array(jpeg.length + app1.length);
  out.set(jpeg.subarray(0, 2));
  out.set(app1, 2);
  out.set(jpeg.subarray(2), 2 + app1.length);
  return out;
}

const colourAt = async (b: { fetch: (p: string) => Promise<Response> }, path: string) => {
  const res = await b.fetch(path);
  expect(res.status, path).toBe(200);
  return averageColour(await res.arrayBuffer());
};

describe("EXIF orientation", () => {
  for (const [orientation, top, bottom] of [
    [6, "red", "blue"],
    [8, "blue", "red"],
  ] as const) {
    it(`stores a photo tagged ${orientation} upright and serves its sizes upright (${top} on top)`, async () => {
      const { b } = await roleAccount(`orientation-${orientation}`, ["editor"]);
      // Stored 400 × 200: red left half, blue right half. Upright (a quarter turn) it is 200 × 400.
      const bytes = withOrientation(await photo("jpeg", 400, 200, true), orientation);
      const form = new FormData();
      form.append("file", new File([bytes], "portrait.jpg", { type: "image/jpeg" }));
      form.append("alt", "A portrait photo");
      form.append("focalX", "0.5");
      form.append("focalY", "0.1");
      const res = await b.fetch("/api/console/media", { method: "POST", body: form });
      expect(res.status).toBe(201);
      const item: MediaItem = ((await res.json()) as MediaItemAnswer).data.attributes;
      expect([item.width, item.height]).toEqual([200, 400]);

      const red = (c: [number, number, number]) => c[0] > 180 && c[2] < 80;
      const blue = (c: [number, number, number]) => c[2] > 180 && c[0] < 80;
      const is = (colour: "red" | "blue") => (colour === "red" ? red : blue);
      // The top of the upright photo: a square, a landscape strip and a small square.
      for (const size of ["160x160", "320x160", "480x480"]) expect(is(top)(await colourAt(b, `/images/media/${item.id}/1/${size}.jpeg`)), size).toBe(true);
      const moved = await b.fetch(`/api/console/media/${item.id}`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ alt: "A portrait photo", focalX: 0.5, focalY: 0.9 }) });
      expect(moved.status).toBe(200);
      for (const size of ["160x160", "320x160"]) expect(is(bottom)(await colourAt(b, `/images/media/${item.id}/2/${size}.jpeg`)), size).toBe(true);
    });
  }
});
