import type { Context } from "hono";
import { ApiError } from "./api-error";

export const MALFORMED_BODY_CODE = "MALFORMED_BODY";

/**
 * The text fields of a form post (urlencoded or multipart; a file field is dropped), read the one
 * way every form handler reads them. A body the runtime cannot read as the form its Content-Type
 * announces (a multipart body cut short, a boundary missing or never closed) makes `formData()`
 * throw a TypeError: here that is the sender's mistake, 400 MALFORMED_BODY (rendered by the app's
 * onError), never a 500, and the handler has written nothing yet. A body of another type (JSON,
 * text) reads as no fields, so each handler's own schema refuses it.
 */
export async function formFields(c: Context): Promise<Record<string, string>> {
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw new ApiError(400, MALFORMED_BODY_CODE, "The form body could not be read");
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === "string") fields[key] = value;
  return fields;
}

/**
 * A form post with its files (the media library's upload), read under the same rule: a body the
 * runtime cannot read as multipart is 400 MALFORMED_BODY before anything is written.
 */
export async function formWithFiles(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new ApiError(400, MALFORMED_BODY_CODE, "The form body could not be read");
  }
}
