import type { Context } from "hono";
import { ApiError } from "../http/api-error";

/**
 * The one "too many attempts" answer (429 RATE_LIMITED with Retry-After) of sign-in and the other
 * rate-limited routes. Which limits apply to a password check is in ./sign-in-guard.ts.
 */

export const RATE_LIMITED_DETAIL = "Too many sign-in attempts. Please try again in a few minutes.";

export function rateLimitedResponse(c: Context, retryAfter: number, detail = RATE_LIMITED_DETAIL): never {
  throw new ApiError(429, "RATE_LIMITED", detail, { "Retry-After": String(Math.max(1, retryAfter)) });
}
