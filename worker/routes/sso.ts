import { Hono } from "hono";
import type { AuthEnv } from "../auth/auth-env";
import { csrfProtection } from "../auth/csrf";
import { devPortal } from "../auth/dev-portal/app";

/**
 * The embedded dev login portal (mount at /sso). It answers 404 unless AUTH_PROVIDER=dev, so a
 * site configured for an external portal has no password forms of its own.
 */
export const ssoRoutes = new Hono<AuthEnv>();
ssoRoutes.use("*", csrfProtection());
ssoRoutes.route("/", devPortal);
