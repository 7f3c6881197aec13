import { sessionMiddleware } from "./session-middleware";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv } from "./auth-env";
import { apiError } from "../http/api-error";
import { NO_SUBSCRIPTIONS_MESSAGE } from "../../src/domain/entitlement-response";

/**
 * GET /api/users/entitlements/:ssoID (mount at /api/users/entitlements; spec §7). Only the
 * signed-in user's own id:
 *   200 { data: { attributes: { userID, entitlements, stripeCustomerID } } }
 *   401 NOT_LOGGED_IN, 403 FORBIDDEN (another user's id), 404 NO_ENTITLEMENTS ('You have no subscriptions')
 */
export const entitlementRoutes = new Hono<AuthEnv>();
entitlementRoutes.use(sessionMiddleware);

const ssoIdParam = z.string().min(1).max(128).regex(/^[\w.@:-]+$/);

entitlementRoutes.get("/:ssoID", (c) => {
  c.header("Cache-Control", "private, no-store");
  const user = c.get("user");
  if (!user) return apiError(c, 401, "NOT_LOGGED_IN", "Not logged in");
  const ssoID = ssoIdParam.safeParse(c.req.param("ssoID"));
  if (!ssoID.success || ssoID.data !== user.ssoID) return apiError(c, 403, "FORBIDDEN", "You can only read your own entitlements");
  if (user.entitlements.length === 0) return apiError(c, 404, "NO_ENTITLEMENTS", NO_SUBSCRIPTIONS_MESSAGE);
  return c.json({
    data: { attributes: { userID: user.ssoID, entitlements: user.entitlements, stripeCustomerID: user.stripeCustomerID || null } },
  });
});
