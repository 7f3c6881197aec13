import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { mediaRowById } from "./media-store";
import { derivedKey, mediaBucket, photoResizer } from "./media-objects";
import { focalCrop, isMediaSize, MEDIA_FORMAT_TYPES, MEDIA_FORMATS, mediaImageUrl } from "../../src/domain/media-image";

/**
 * A library photo at one served size: /images/media/{id}/{version}/{w}x{h}.{webp|jpeg}, cut around
 * its focal point and scaled for real (worker/media-library/photo-resizer.ts). Each size is made
 * once, on its first request, and stored back in R2; after that it is read from there. The URL
 * names the version, so the answer is immutable for a year; an older version (a page cached before
 * the focal point moved) is sent to the current one. Only the sizes of src/domain/media-image.ts
 * exist: nobody can make the worker compute and store arbitrary sizes.
 */
export const mediaImages = new Hono<AppEnv>();

const idParam = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const fileParam = z
  .string()
  .regex(/^\d{2,4}x\d{2,4}\.(webp|jpeg)$/)
  .transform((file) => {
    const [size, format] = file.split(".") as [string, (typeof MEDIA_FORMATS)[number]];
    const [width, height] = size.split("x").map(Number) as [number, number];
    return { width, height, format };
  });

const immutable = "public, max-age=31536000, immutable";

function photoAnswer(body: BodyInit, format: (typeof MEDIA_FORMATS)[number]): Response {
  return new Response(body, {
    headers: { "Content-Type": MEDIA_FORMAT_TYPES[format], "Cache-Control": immutable, "X-Content-Type-Options": "nosniff" },
  });
}

mediaImages.get("/:id/:version/:file", async (c) => {
  const id = idParam.safeParse(c.req.param("id"));
  const version = idParam.safeParse(c.req.param("version"));
  const file = fileParam.safeParse(c.req.param("file"));
  if (!id.success || !version.success || !file.success || !isMediaSize(file.data.width, file.data.height)) {
    throw new ApiError(404, "IMAGE_SIZE_INVALID", "No such size: /images/media/{id}/{version}/{width}x{height}.{webp|jpeg}, at a served size");
  }
  const { width, height, format } = file.data;
  const bucket = mediaBucket(c.env);
  const row = await mediaRowById(c.env.DB, id.data);
  if (!row) throw new ApiError(404, "MEDIA_NOT_FOUND", "No such photo in the media library");
  if (row.version !== version.data) {
    c.header("Cache-Control", "public, max-age=60");
    return c.redirect(mediaImageUrl(row.id, row.version, width, height, format), 302);
  }
  const key = derivedKey(row.id, row.version, width, height, format);
  const stored = await bucket.get(key);
  if (stored) return photoAnswer(stored.body, format);

  const original = await bucket.get(row.object_key);
  if (!original) throw new ApiError(404, "MEDIA_NOT_FOUND", "The photo's original is missing from storage");
  const crop = focalCrop(row, { width, height }, { x: row.focal_x, y: row.focal_y });
  const bytes = await photoResizer(c.env).resize({ original: await original.arrayBuffer(), type: row.content_type, crop, width, height, format });
  await bucket.put(key, bytes, { httpMetadata: { contentType: MEDIA_FORMAT_TYPES[format], cacheControl: immutable } });
  return photoAnswer(bytes, format);
});
