import { sessionMiddleware } from "./session-middleware";
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { getAuthConfig } from "./config";
import { directLoginOn } from "./login-settings";
import { LOGIN_PROBLEM_TITLE } from "../../src/account/login-messages";

/**
 * GET /api/session (mount at /api/session): the browser's login check (spec §4 'Login state').
 *   200 { data: { attributes: { ssoID, email, displayName, entitlements, stripeCustomerID, bypassed, blocked, blockedReason } } }
 *   both 200 answers carry meta: { directLogin }: whether direct login is offered (the login.direct
 *       setting, read on every request so a change counts at once), so the account
 *       panel shows the username/password form (spec §2 'Account', §9: off by default)
 *   200 { data: null } when nobody is signed in: "nobody" is an answer, not an error, so a
 *       visitor's browser console stays clean on every page
 *   401 { errors: [{ code: 'LOGIN_REFRESH_FAILED' }] } when this request ended the session because
 *       the portal refused to refresh it (the browser shows 'There was a problem logging in').
 */
export const sessionRoutes = new Hono<AppEnv>();
sessionRoutes.use(sessionMiddleware);

sessionRoutes.get("/", async (c) => {
  c.header("Cache-Control", "no-store");
  c.header("Vary", "Cookie");
  const user = c.get("user");
  const meta = { directLogin: await directLoginOn(c.env.DB, getAuthConfig(c.env)) };
  if (user) return c.json({ data: { attributes: user }, meta });
  if (c.get("authNotice") === "LOGIN_FAILED") throw new ApiError(401, "LOGIN_REFRESH_FAILED", LOGIN_PROBLEM_TITLE);
  return c.json({ data: null, meta });
});
