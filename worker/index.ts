import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "./app-env";
import { securityHeaders } from "./middleware/security-headers";
import { requestId } from "./middleware/request-id";
import { csrfProtection } from "./auth/csrf";
import { sessionMiddleware } from "./auth/session-middleware";
import { ssoRoutes } from "./routes/sso";
import { authRoutes } from "./routes/auth";
import { sessionRoutes } from "./routes/session";
import { entitlementRoutes } from "./routes/entitlements";
import { adminRoutes } from "./routes/admin";
import { contentApi } from "./routes/content-api";
import { images } from "./routes/images";
import { apiError } from "./routes/api-errors";
import { playbackRoutes } from "./media/playback-routes";
import { mediaRoutes } from "./media/media-routes";
import { videoSearchRoutes } from "./routes/video-search";
import { renderPage } from "./ssr/render";
import { withPageCache } from "./ssr/page-cache";
import { fallbackErrorHtml } from "./ssr/fallback";

export { StreamSessions } from "../durable-objects/StreamSessions";

const app = new Hono<AppEnv>();

app.use("*", requestId, securityHeaders);
// Generated images need no session: served before the session middleware reads D1.
app.route("/images", images);
// The session middleware parses the config (worker/auth/config.ts) on first use: a missing or
// malformed secret is one clear AuthConfigError, not a failure deep inside a route.
app.use("*", csrfProtection(), sessionMiddleware);

app.route("/sso", ssoRoutes);
app.route("/auth", authRoutes);
app.route("/api/session", sessionRoutes);
app.route("/api/users/entitlements", entitlementRoutes);
app.route("/api/admin", adminRoutes);
app.route("/api/playback", playbackRoutes);
app.route("/api/videos/search", videoSearchRoutes);
app.route("/api", contentApi);
app.all("/api/*", (c) => apiError(c, 404, "NOT_FOUND", `No API route ${c.req.method} ${c.req.path}`));
app.route("/media", mediaRoutes);

// Everything else is a page: react-router decides between a page, a redirect and the error page.
app.get("*", (c) => withPageCache(c, () => renderPage(c)));

app.onError((error, c) => {
  const status = error instanceof HTTPException ? error.status : 500;
  console.error(JSON.stringify({ msg: "unhandled", path: c.req.path, requestId: c.get("requestId"), error: String(error) }));
  if (c.req.path.startsWith("/api/")) return apiError(c, status, status === 500 ? "INTERNAL" : "HTTP_ERROR", status === 500 ? "Something went wrong" : error.message);
  return c.html(fallbackErrorHtml(), status);
});

export default app satisfies ExportedHandler<Env>;
