import type { MiddlewareHandler } from "hono";
import { siteOriginOf, type AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { CSRF_DETAIL } from "../auth/csrf";

/**
 * The console's writes ask more than /api's CSRF check (worker/auth/csrf.ts), which lets a POST
 * with neither Origin nor Sec-Fetch-Site through as "not a browser page": a console write acts
 * with a staff member's cookie, and every browser sends Origin on a POST, so one without the
 * site's own Origin is refused (403 CSRF). Mounted after staffOnly: anyone else still gets the 404.
 */
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const consoleWritesNeedOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (UNSAFE.has(c.req.method) && c.req.header("origin") !== siteOriginOf(c.env, c.req.url)) throw new ApiError(403, "CSRF", CSRF_DETAIL);
  await next();
};
