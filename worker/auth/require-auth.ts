import type { MiddlewareHandler } from "hono";
import { authConfigOf, AuthConfigError } from "./config";
import { ApiError } from "../http/api-error";

/**
 * In front of everything that signs in or reads a session (/auth/*, /sso/*, /api/session,
 * /api/users/entitlements): without a complete sign-in configuration (production without its
 * secrets, or with the dev provider) these answer 503 AUTH_NOT_CONFIGURED, with one log line
 * naming what is missing, instead of falling back to anything built in. Public pages never pass here.
 */
export const AUTH_NOT_CONFIGURED_DETAIL = "Sign-in is not available at the moment";

export const requireAuthConfig: MiddlewareHandler = async function requireAuthConfig(c, next) {
  const config = authConfigOf(c.env);
  if (config instanceof AuthConfigError) {
    console.error(JSON.stringify({ msg: "sign-in not configured", path: c.req.path, requestId: c.get("requestId"), problem: config.message }));
    throw new ApiError(503, "AUTH_NOT_CONFIGURED", AUTH_NOT_CONFIGURED_DETAIL, { "Cache-Control": "no-store" });
  }
  return next();
};
