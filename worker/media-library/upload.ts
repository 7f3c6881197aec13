import { z } from "zod";
import { ApiError, fieldErrorsOf, type FieldError } from "../http/api-error";
import { formWithFiles } from "../http/form-body";
import { sniffImage, type SniffedImage } from "../../src/domain/image-sniff";
import { jpegOrientation, uprightSize } from "../../src/domain/exif-orientation";
import { MEDIA_MAX_BYTES, MEDIA_MAX_PIXELS, MEDIA_MAX_SIDE } from "../../src/domain/media-image";
import { insertMedia, type MediaRow } from "./media-store";
import { originalKey } from "./media-objects";

/**
 * One upload to the media library, all or nothing: every field is checked and the photo's real
 * type read from its bytes before anything is written; then the original goes to R2 and the row
 * to D1, and should the row fail the object is deleted again, so a failed upload leaves neither.
 */
export const ALT_MAX = 300;
export const altField = z
  .string({ error: "Describe the photo for people who cannot see it" })
  .trim()
  .min(1, "Describe the photo for people who cannot see it")
  .max(ALT_MAX, `Alt text is at most ${ALT_MAX} characters`);
const focal = (axis: string) =>
  z.coerce.number({ error: `The focal point's ${axis} is a number from 0 to 1` }).min(0, `The focal point's ${axis} is from 0 to 1`).max(1, `The focal point's ${axis} is from 0 to 1`);
export const focalFields = { focalX: focal("x").default(0.5), focalY: focal("y").default(0.5) };
const uploadFields = z.object({ alt: altField, ...focalFields });

export const TOO_LARGE_DETAIL = `The photo is larger than ${MEDIA_MAX_BYTES / 1024 / 1024} MB: export it smaller and try again`;
export const UNSUPPORTED_DETAIL = "This file is not a JPEG, PNG, WebP or AVIF photo";

/** The file's name as shown and searched: its last path part, without control characters, at most 200 characters. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200);
  return clean || "photo";
}

/** The photo's problem with the library's limits, or null. */
function sizeProblem(image: SniffedImage): string | null {
  if (image.width > MEDIA_MAX_SIDE || image.height > MEDIA_MAX_SIDE || image.width * image.height > MEDIA_MAX_PIXELS) {
    return `The photo is ${image.width} × ${image.height} pixels: at most ${MEDIA_MAX_SIDE} on a side and ${MEDIA_MAX_PIXELS / 1_000_000} megapixels`;
  }
  return null;
}

export async function uploadPhoto(db: D1Database, bucket: R2Bucket, request: Request, uploadedBy: string): Promise<MediaRow> {
  const form = await formWithFiles(request);
  const file = form.get("file");
  if (file instanceof File && file.size > MEDIA_MAX_BYTES) throw ApiError.fields(413, "IMAGE_TOO_LARGE", TOO_LARGE_DETAIL, [{ field: "file", detail: TOO_LARGE_DETAIL }]);

  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const parsed = uploadFields.safeParse({ alt: text("alt") ?? "", focalX: text("focalX"), focalY: text("focalY") });
  const problems: FieldError[] = parsed.success ? [] : fieldErrorsOf(parsed.error);
  let bytes: ArrayBuffer | null = null;
  let image: SniffedImage | null = null;
  if (!(file instanceof File) || file.size === 0) {
    problems.unshift({ field: "file", detail: "Choose a photo to upload" });
  } else {
    bytes = await file.arrayBuffer();
    const head = new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 1 << 17));
    const sniffed = sniffImage(head);
    // A phone's portrait photo is stored on its side with an EXIF Orientation: the library keeps
    // its upright size, the one the focal point, the crops and the served shapes are measured in.
    image = sniffed && sniffed.type === "image/jpeg" ? { ...sniffed, ...uprightSize(sniffed.width, sniffed.height, jpegOrientation(head)) } : sniffed;
    if (!image) throw ApiError.fields(400, "UNSUPPORTED_IMAGE", UNSUPPORTED_DETAIL, [{ field: "file", detail: UNSUPPORTED_DETAIL }, ...problems]);
    const tooBig = sizeProblem(image);
    if (tooBig) throw ApiError.fields(400, "IMAGE_DIMENSIONS", tooBig, [{ field: "file", detail: tooBig }, ...problems]);
  }
  if (!parsed.success || !bytes || !image || !(file instanceof File)) throw ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", problems);

  const objectKey = originalKey();
  await bucket.put(objectKey, bytes, { httpMetadata: { contentType: image.type } });
  try {
    return await insertMedia(db, {
      objectKey,
      fileName: cleanFileName(file.name),
      contentType: image.type,
      width: image.width,
      height: image.height,
      bytes: bytes.byteLength,
      alt: parsed.data.alt,
      focalX: parsed.data.focalX,
      focalY: parsed.data.focalY,
      uploadedBy,
    });
  } catch (error) {
    await bucket.delete(objectKey);
    throw error;
  }
}
