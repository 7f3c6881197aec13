import type { Context } from "hono";
import type { AppEnv } from "../env";
import { getAuthConfig } from "../auth/config";
import { ApiError } from "../http/api-error";
import { verifyPlaybackToken, type PlaybackGrant } from "./playback-token";
import type { SegmentCheck } from "./segment-token";

/**
 * The token checks of on-demand media (/media/vod/*). Live media has its own gate
 * (worker/live/live-media-routes.ts).
 *
 * `checkToken`, for every file: the token must be valid, unexpired (5 minutes, renewed by the
 * player through the gate, which re-reads the account) unless `graceSeconds` lets the caller read
 * an expired one it re-proves from D1, and for this entry; a live token is refused.
 *
 * `checkSession`, for playlists: unless it is a visitor's token for a video open to everyone, the
 * token must belong to the session cookie that comes with it, so a token copied to another
 * browser, or kept past a logout, gets no playlist. Whether the account may still watch is the
 * on-demand access rule's (playback-right.ts), which the playlist applies next.
 */
export type Refusal = { status: 401 | 403; code: string; detail: string };

export async function checkToken(
  c: Context<AppEnv>,
  entryId: string,
  graceSeconds = 0,
): Promise<{ refusal: Refusal; grant?: undefined } | { refusal: null; grant: PlaybackGrant }> {
  const token = c.req.query("token");
  if (!token) return refused(401, "TOKEN_MISSING", "A playback token is needed");
  const check = await verifyPlaybackToken(getAuthConfig(c.env).sessionSecret, token, graceSeconds);
  if (!check.ok) {
    return check.reason === "expired"
      ? refused(401, "TOKEN_EXPIRED", "The playback token has expired")
      : refused(401, "TOKEN_INVALID", "The playback token is not valid");
  }
  const { grant } = check;
  if (grant.entryId !== entryId || grant.stream !== undefined) return refused(403, "TOKEN_WRONG_ENTRY", "The playback token is for another video");
  return { refusal: null, grant };
}

/** Needs the session middleware in front of it. */
export function checkSession(c: Context<AppEnv>, grant: PlaybackGrant): Refusal | null {
  // A visitor's token (a video open to everyone) needs no session; any other needs its own.
  if (grant.ssoID === "") return null;
  const session = c.get("session");
  const user = c.get("user");
  if (!session || !user) return { status: 401, code: "SESSION_REQUIRED", detail: "Please Log In to access this" };
  if (session.sid !== grant.sid || user.ssoID !== grant.ssoID) {
    return { status: 403, code: "TOKEN_WRONG_USER", detail: "The playback token belongs to another session" };
  }
  return null;
}

/** The refusal of a segment token that does not vouch for its request (live and on-demand alike). */
export function refuseSegment(check: Exclude<SegmentCheck, { status: "ok" }>, headers: Record<string, string>): never {
  throw check.status === "expired"
    ? new ApiError(403, "SEGMENT_TOKEN_EXPIRED", "Reload the playlist for this segment", headers)
    : new ApiError(403, "SEGMENT_TOKEN_INVALID", "This segment needs its playlist's token", headers);
}

function refused(status: 401 | 403, code: string, detail: string) {
  return { refusal: { status, code, detail } };
}
