import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

/**
 * The one error body of the worker's JSON answers (/api/*, /auth/*, /sso/api/*, /media/*):
 * `{ errors: [{ code, detail, field? }] }` with a stable code. Handlers and middleware throw an
 * ApiError and worker/app.ts's `onError` writes it, so every refusal has the same shape and
 * nothing is half-written before it. A refused body names each field that is wrong, one item per
 * field (`{ code: "INVALID_INPUT", detail: "Too big: expected number to be <=130", field: "minute" }`),
 * so a feed or the console can show the problem beside its field. A playback refusal adds spec
 * §4's access `status` for the player.
 */
export interface ErrorItem {
  code: string;
  detail: string;
  field?: string;
  status?: number;
}

/** One field's problem, before it gets its code. */
export interface FieldError {
  field: string;
  detail: string;
}

export class ApiError extends HTTPException {
  /** the body's items; by default the one `{ code, detail }` */
  readonly errors: ErrorItem[];

  constructor(
    status: ContentfulStatusCode,
    readonly code: string,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    errors?: ErrorItem[],
  ) {
    super(status, { message: detail });
    this.errors = errors && errors.length > 0 ? errors : [{ code, detail }];
  }

  /** A refused body: one item per field, each with the same code. */
  static fields(status: ContentfulStatusCode, code: string, detail: string, fields: FieldError[]): ApiError {
    return new ApiError(status, code, detail, {}, fields.map((f) => ({ code, detail: f.detail, field: f.field })));
  }

  /** The body every error answer carries. */
  body(): { errors: ErrorItem[] } {
    return { errors: this.errors };
  }

  /** The answer outside an app's `onError` (a sub-app used on its own). */
  override getResponse(): Response {
    return Response.json(this.body(), { status: this.status, headers: this.headers });
  }
}

/** 404 for a path under /api that no route answers. */
export function noApiRoute(c: Context): never {
  throw new ApiError(404, "NOT_FOUND", `No API route ${c.req.method} ${c.req.path}`);
}

/**
 * A refused body's zod issues as a form's field errors: the first issue of each top-level field,
 * for the console to show beside that field (`whole` names an issue about the body itself).
 */
export function fieldErrorsOf(error: z.ZodError, whole = "body"): FieldError[] {
  const fields = new Map<string, string>();
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? whole);
    if (!fields.has(field)) fields.set(field, issue.message);
  }
  return [...fields].map(([field, detail]) => ({ field, detail }));
}
