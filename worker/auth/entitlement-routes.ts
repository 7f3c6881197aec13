import { sessionMiddleware } from "./session-middleware";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { NO_SUBSCRIPTIONS_MESSAGE } from "../../src/domain/entitlement-response";

/**
 * GET /api/users/entitlements/:ssoID (mount at /api/users/entitlements; spec §7). Only the
 * signed-in user's own id:
 *   200 { data: { attributes: { userID, entitlements, stripeCustomerID } } }
 *   401 NOT_LOGGED_IN, 403 FORBIDDEN (another user's id), 404 NO_ENTITLEMENTS ('You have no subscriptions')
 */
export const entitlementRoutes = new Hono<AppEnv>();
entitlementRoutes.use(sessionMiddleware);

const ssoIdParam = z.string().min(1).max(128).regex(/^[\w.@:-]+$/);

entitlementRoutes.get("/:ssoID", (c) => {
  c.header("Cache-Control", "private, no-store");
  const user = c.get("user");
  if (!user) throw new ApiError(401, "NOT_LOGGED_IN", "Not logged in");
  const ssoID = ssoIdParam.safeParse(c.req.param("ssoID"));
  if (!ssoID.success || ssoID.data !== user.ssoID) throw new ApiError(403, "FORBIDDEN", "You can only read your own entitlements");
  if (user.entitlements.length === 0) throw new ApiError(404, "NO_ENTITLEMENTS", NO_SUBSCRIPTIONS_MESSAGE);
  return c.json({
    data: { attributes: { userID: user.ssoID, entitlements: user.entitlements, stripeCustomerID: user.stripeCustomerID || null } },
  });
});
