import { sessionMiddleware } from "../auth/session-middleware";
import { Hono } from "hono";
import { getAuthConfig } from "../auth/config";
import { settingsOf, siteOriginOf, type AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { verifyPlaybackToken } from "../media/playback-token";

/**
 * GET /ws/streams?token=... (mount at /ws): the live player's concurrency socket. The
 * worker checks the upgrade comes from the site's own pages (a websocket is not covered by CORS),
 * that the session cookie is signed in, and that the live token belongs to that session, then
 * hands the upgrade to the user's StreamSessions object with the token's stream session. The
 * object answers 410 when that session has already been released.
 */
export const streamSocketRoutes = new Hono<AppEnv>();
streamSocketRoutes.use(sessionMiddleware);

streamSocketRoutes.get("/streams", async (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") throw new ApiError(426, "UPGRADE_REQUIRED", "Open this as a websocket");
  const origin = c.req.header("origin");
  if (origin !== undefined && origin !== siteOriginOf(c.env, c.req.url)) throw new ApiError(403, "CSRF", "Cross-site request refused");
  const user = c.get("user");
  const session = c.get("session");
  if (!user || !session) throw new ApiError(401, "NOT_LOGGED_IN", "Not logged in");
  const check = await verifyPlaybackToken(getAuthConfig(c.env).sessionSecret, c.req.query("token") ?? "");
  if (!check.ok || !check.grant.stream) throw new ApiError(401, "TOKEN_INVALID", "The live token is not valid");
  if (check.grant.ssoID !== user.ssoID || check.grant.sid !== session.sid) {
    throw new ApiError(403, "TOKEN_WRONG_USER", "The live token belongs to another session");
  }
  const namespace = settingsOf(c.env).bindings.STREAM_SESSIONS;
  const headers = new Headers(c.req.raw.headers);
  headers.set("x-stream-session", check.grant.stream);
  const answer = await namespace.get(namespace.idFromName(user.ssoID)).fetch(new Request(c.req.url, { headers }));
  // A fresh Response: the object's has immutable headers, and the app's middleware adds its own.
  if (answer.status !== 101) throw new ApiError(410, "STREAM_SESSION_RELEASED", "This stream session has ended");
  return new Response(null, { status: 101, webSocket: answer.webSocket });
});
