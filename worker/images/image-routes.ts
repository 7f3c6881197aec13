import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { renderArt } from "./art";
import { ApiError } from "../http/api-error";

/** Generated artwork for every image key of the seed data: /images/{w}x{h}/{key}.svg */
export const images = new Hono<AppEnv>();

const dimension = z.number().int().min(16).max(2000);
const sizeSchema = z
  .string()
  .regex(/^\d{1,4}x\d{1,4}$/)
  .transform((size) => {
    const [width, height] = size.split("x");
    return { width: Number(width), height: Number(height) };
  })
  .pipe(z.object({ width: dimension, height: dimension }));
const fileSchema = z
  .string()
  // video keys carry the media entry id, e.g. video-1_7if5brmj, hence the underscore
  .regex(/^[a-z0-9_-]+\.svg$/)
  .transform((file) => file.slice(0, -".svg".length));

// Sandboxes the SVG should it ever be opened directly: no scripts, no external loads.
const svgHeaders = {
  "Content-Type": "image/svg+xml; charset=utf-8",
  "Cache-Control": "public, max-age=31536000, immutable",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  "X-Content-Type-Options": "nosniff",
} as const;

images.get("/:size/:file", (c) => {
  const size = sizeSchema.safeParse(c.req.param("size"));
  if (!size.success) {
    throw new ApiError(404, "IMAGE_SIZE_INVALID", "Size must be {width}x{height}, each between 16 and 2000 pixels.");
  }
  const key = fileSchema.safeParse(c.req.param("file"));
  if (!key.success) {
    throw new ApiError(404, "IMAGE_KEY_INVALID", "File must be {key}.svg with a key of a-z, 0-9, '-' and '_'.");
  }
  const { width, height } = size.data;
  return c.body(renderArt(key.data, width, height), 200, svgHeaders);
});
