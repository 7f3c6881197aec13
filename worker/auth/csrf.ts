import type { MiddlewareHandler } from "hono";
import { siteOriginOf } from "../env";
import { ApiError } from "../http/api-error";

/**
 * CSRF protection for every state-changing request (POST, PUT, PATCH, DELETE): the browser's
 * Origin header (or, without it, Sec-Fetch-Site) must say the request comes from the site
 * itself; anything cross-site gets 403 {errors:[{code:'CSRF'}]}. Requests with neither header
 * are not from a browser page (curl, server-to-server, Stripe webhooks) and carry no ambient
 * cookie authority worth forging, so they pass. worker/app.ts mounts it once, on /auth, /sso and /api.
 */
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface CsrfOptions {
  /** paths that authenticate otherwise (signed webhooks); default: /webhooks/* */
  exempt?: (path: string) => boolean;
}

const defaultExempt = (path: string) => path.startsWith("/webhooks/");

export const CSRF_DETAIL = "Cross-site request refused";

export function csrfProtection(options: CsrfOptions = {}): MiddlewareHandler {
  const exempt = options.exempt ?? defaultExempt;
  return async function csrf(c, next) {
    if (!UNSAFE_METHODS.has(c.req.method) || exempt(c.req.path)) return next();
    const siteOrigin = siteOriginOf(c.env, c.req.url);
    const origin = c.req.header("origin");
    if (origin !== undefined) {
      if (origin !== siteOrigin) throw new ApiError(403, "CSRF", CSRF_DETAIL);
      return next();
    }
    const fetchSite = c.req.header("sec-fetch-site");
    if (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none") {
      throw new ApiError(403, "CSRF", CSRF_DETAIL);
    }
    return next();
  };
}
