import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The one error body of the worker's JSON answers (/api/*, /auth/*, /sso/api/*):
 * `{ errors: [{ code, detail }] }` with a stable code. Every route answers errors through this.
 */
export function apiError(c: Context, status: ContentfulStatusCode, code: string, detail: string, headers?: Record<string, string>) {
  return c.json({ errors: [{ code, detail }] }, status, headers);
}

/** 404 for a path under /api that no route answers. */
export function noApiRoute(c: Context) {
  return apiError(c, 404, "NOT_FOUND", `No API route ${c.req.method} ${c.req.path}`);
}
