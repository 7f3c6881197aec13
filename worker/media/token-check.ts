import type { Context } from "hono";
import type { AuthEnv } from "../auth/auth-env";
import { getAuthConfig } from "../auth/config";
import { verifyPlaybackToken, type PlaybackGrant } from "./playback-token";

/**
 * The token check of every /media request (on-demand and live): the token must be valid, for
 * this entry or stream, and, unless it is a visitor's token for a video open to everyone, belong
 * to the session cookie that comes with it. Live tokens carry their stream session; an on-demand
 * URL refuses them and a live URL refuses anything else. Live media has its own, stricter gate
 * besides (worker/live/live-media-routes.ts: the live access rule, the released list, segment
 * tokens); an on-demand token is short and its renewal is the gate, which re-reads the account.
 */
export type Refusal = { status: 401 | 403; code: string; detail: string };

export async function checkToken(
  c: Context<AuthEnv>,
  entryId: string,
  kind: "vod" | "live",
): Promise<{ refusal: Refusal; grant?: undefined } | { refusal: null; grant: PlaybackGrant }> {
  const refused = (status: 401 | 403, code: string, detail: string) => ({ refusal: { status, code, detail } });
  const token = c.req.query("token");
  if (!token) return refused(401, "TOKEN_MISSING", "A playback token is needed");
  const check = await verifyPlaybackToken(getAuthConfig(c.env).sessionSecret, token);
  if (!check.ok) {
    return check.reason === "expired"
      ? refused(401, "TOKEN_EXPIRED", "The playback token has expired")
      : refused(401, "TOKEN_INVALID", "The playback token is not valid");
  }
  const { grant } = check;
  if (grant.entryId !== entryId || (kind === "live") !== (grant.stream !== undefined)) {
    return refused(403, "TOKEN_WRONG_ENTRY", "The playback token is for another video");
  }
  // A visitor's token (a video open to everyone) needs no session; any other needs its own.
  if (grant.ssoID === "" && kind === "vod") return { refusal: null, grant };
  const session = c.get("session");
  const user = c.get("user");
  if (!session || !user) return refused(401, "SESSION_REQUIRED", "Please Log In to access this");
  if (session.sid !== grant.sid || user.ssoID !== grant.ssoID) {
    return refused(403, "TOKEN_WRONG_USER", "The playback token belongs to another session");
  }
  if (user.blocked) return refused(403, "BLOCKED", "Your account has been blocked by an administrator");
  return { refusal: null, grant };
}
