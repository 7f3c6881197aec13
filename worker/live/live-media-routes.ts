import { Hono, type Context } from "hono";
import type { AuthEnv } from "../auth/auth-env";
import { getAuthConfig } from "../auth/config";
import { isReleased } from "../../durable-objects/released-stream-sessions";
import { apiError } from "../http/api-error";
import { SESSION_ERROR_CODES, STREAM_SESSION_RELEASED } from "../../src/domain/session-errors";
import { ENTRY_ID } from "../media/entry-id";
import { liveAccess, refuseLive } from "./live-access";
import { livePlaylist, parseLoop, targetDuration, type Loop } from "./live-playlist";
import { verifyPlaybackToken, type PlaybackGrant } from "../media/playback-token";
import { rewritePlaylist } from "../media/playlist-rewrite";
import { segmentTokenSeconds, signSegmentToken, verifySegmentToken } from "../media/segment-token";

/**
 * GET /media/live/{assetID}/{index.m3u8 | init.mp4 | segN.m4s}?token=...[&seg=...] (mount at
 * /media/live; issues 10 and 17). Every request re-proves its right:
 *
 * - the live token (minutes; the player renews it) is for this stream and belongs to the session
 *   cookie that comes with it;
 * - the account the session middleware has just read from D1 still passes the live access rule
 *   (worker/live/live-access.ts): a viewer who lost the entitlement, was blocked or whose site
 *   session was logged out or signed out everywhere gets 403 with the spec's code;
 * - the playlist, which the player reloads about every target duration, checks that the token's
 *   stream session has not been released (D1's list, written by the user's StreamSessions object
 *   before it forgets a session: timed out, socket closed, signed out from another device, or
 *   ended by durable-objects/stream-release.ts), and signs a segment token into every init and
 *   segment URI it lists (worker/media/segment-token.ts);
 * - init and segments need that segment token: its HMAC and expiry, no I/O. A released session
 *   gets no new one, so its segments stop within a few target durations of its last playlist.
 *
 * The media is the committed loop of the stream's type (public/media/): the 60 s audio loop, or
 * the first clip's 360p rendition for video, served as a sliding window (live-playlist.ts).
 */
export const liveMediaRoutes = new Hono<AuthEnv>();

const LOOPS = { audio: "/media/audio/loop", video: "/media/vod/clip-1/360p" } as const;
const LIVE_FILE = /^(index\.m3u8|init\.mp4|seg\d{1,3}\.m4s)$/;
const NO_STORE = { "Cache-Control": "no-store" };
const loops = new Map<string, Promise<Loop>>();

function loopOf(env: Env, requestUrl: string, folder: string): Promise<Loop> {
  let loop = loops.get(folder);
  if (!loop) {
    loop = env.ASSETS.fetch(new URL(`${folder}/index.m3u8`, requestUrl)).then(async (res) => {
      if (!res.ok) throw new Error(`live loop ${folder} missing`);
      return parseLoop(await res.text());
    });
    loop.catch(() => loops.delete(folder));
    loops.set(folder, loop);
  }
  return loop;
}

type LiveGrant = PlaybackGrant & { stream: string };

/** The token, the viewer and the stream of a live media request; a Response when refused. */
async function liveRight(c: Context<AuthEnv>, assetID: string, secret: string): Promise<Response | { grant: LiveGrant; mediaType: "audio" | "video" }> {
  const token = c.req.query("token");
  if (!token) return apiError(c, 401, "TOKEN_MISSING", "A playback token is needed", NO_STORE);
  const check = await verifyPlaybackToken(secret, token);
  if (!check.ok) {
    return check.reason === "expired"
      ? apiError(c, 401, "TOKEN_EXPIRED", "The playback token has expired", NO_STORE)
      : apiError(c, 401, "TOKEN_INVALID", "The playback token is not valid", NO_STORE);
  }
  const { grant } = check;
  if (grant.entryId !== assetID || grant.stream === undefined) return apiError(c, 403, "TOKEN_WRONG_ENTRY", "The playback token is for another video", NO_STORE);
  const user = c.get("user");
  const session = c.get("session");
  if (user && session && (session.sid !== grant.sid || user.ssoID !== grant.ssoID)) {
    return apiError(c, 403, "TOKEN_WRONG_USER", "The playback token belongs to another session", NO_STORE);
  }
  const { code, stream, viewer } = await liveAccess(c, assetID);
  if (!stream || stream.status !== "active") return apiError(c, 404, "STREAM_OFFLINE", "This stream is not live", NO_STORE);
  if (code || !viewer) return refuseLive(c, code ?? SESSION_ERROR_CODES.notLoggedIn, NO_STORE);
  return { grant: { ...grant, stream: grant.stream }, mediaType: stream.mediaType };
}

liveMediaRoutes.get("/:assetID/:file", async (c) => {
  const assetID = c.req.param("assetID");
  const file = c.req.param("file");
  if (!ENTRY_ID.test(assetID) || !LIVE_FILE.test(file)) return apiError(c, 404, "NOT_FOUND", "No such media");
  const secret = getAuthConfig(c.env).sessionSecret;
  const right = await liveRight(c, assetID, secret);
  if (right instanceof Response) return right;
  const { grant, mediaType } = right;
  const folder = LOOPS[mediaType];
  const scope = { stream: grant.stream, assetID };

  if (file === "index.m3u8") {
    // D1's list of released sessions, not the user's object: asking the object at every reload
    // would keep it awake all the time it is watched (docs/media-and-live.md 'Cost of the Durable Object').
    if (await isReleased(c.env.DB, grant.stream)) return refuseLive(c, STREAM_SESSION_RELEASED, NO_STORE);
    const loop = await loopOf(c.env, c.req.url, folder);
    const now = Date.now();
    const seg = await signSegmentToken(secret, scope, Math.floor(now / 1000) + segmentTokenSeconds(targetDuration(loop)));
    const text = livePlaylist(loop, now, (grant.streamStart ?? 0) * 1000);
    return c.body(rewritePlaylist(text, c.req.query("token") ?? "", { seg }), 200, {
      "Content-Type": "application/vnd.apple.mpegurl",
      "Cache-Control": "private, no-store",
    });
  }
  const segment = await verifySegmentToken(secret, c.req.query("seg"), scope);
  if (segment === "expired") return apiError(c, 403, "SEGMENT_TOKEN_EXPIRED", "Reload the playlist for this segment", NO_STORE);
  if (segment !== "ok") return apiError(c, 403, "SEGMENT_TOKEN_INVALID", "This segment needs its playlist's token", NO_STORE);
  const asset = await c.env.ASSETS.fetch(new URL(`${folder}/${file}`, c.req.url));
  if (!asset.ok) return apiError(c, 404, "NOT_FOUND", "No such media");
  const length = asset.headers.get("content-length");
  return c.body(asset.body ?? "", 200, {
    "Content-Type": mediaType === "audio" ? "audio/mp4" : "video/mp4",
    // Its URL carries a token that expires in seconds: nothing may keep it for later.
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    ...(length ? { "Content-Length": length } : {}),
  });
});

liveMediaRoutes.all("*", (c) => apiError(c, 404, "NOT_FOUND", "No such media"));
