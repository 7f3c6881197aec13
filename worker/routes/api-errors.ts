import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The one error body of /api/*: `{ errors: [{ code, detail }] }` with a stable code. */
export function apiError(c: Context, status: ContentfulStatusCode, code: string, detail: string) {
  return c.json({ errors: [{ code, detail }] }, status);
}
