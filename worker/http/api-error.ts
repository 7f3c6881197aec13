import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The one error body of the worker's JSON answers (/api/*, /auth/*, /sso/api/*):
 * `{ errors: [{ code, detail }] }` with a stable code. A handler or middleware throws an ApiError
 * and worker/app.ts's `onError` writes it; `apiError` writes the same body where a handler
 * returns its answer instead. A refused body may name what is wrong with each field
 * (`fields: { minute: "Too big: expected number to be <=130" }`), so a feed can fix its input.
 */
export type FieldErrors = Record<string, string>;

export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: string,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    readonly fields?: FieldErrors,
  ) {
    super(status, { message: detail });
  }

  /** The answer outside an app's `onError` (a sub-app used on its own). */
  override getResponse(): Response {
    return Response.json(errorBody(this.code, this.detail, this.fields), { status: this.status, headers: this.headers });
  }
}

export function errorBody(code: string, detail: string, fields?: FieldErrors) {
  return { errors: [fields ? { code, detail, fields } : { code, detail }] };
}

export function apiError(c: Context, status: ContentfulStatusCode, code: string, detail: string, headers?: Record<string, string>, fields?: FieldErrors) {
  return c.json(errorBody(code, detail, fields), status, headers);
}

/** 404 for a path under /api that no route answers. */
export function noApiRoute(c: Context): never {
  throw new ApiError(404, "NOT_FOUND", `No API route ${c.req.method} ${c.req.path}`);
}
