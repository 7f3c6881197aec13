import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { getAuthConfig } from "../auth/config";
import { isReleased } from "../../durable-objects/released-stream-sessions";
import { ApiError } from "../http/api-error";
import { SESSION_ERROR_CODES, STREAM_SESSION_RELEASED } from "../../src/domain/session-errors";
import { ENTRY_ID } from "../media/entry-id";
import { liveAccess, refuseLive } from "./live-access";
import { liveStream, type LiveStreamRow } from "./live-streams";
import { LIVE_INIT_FILE, LIVE_SEGMENT_FILE, parseIngestPlaylist } from "../../src/domain/live-ingest";
import { mediaBucket } from "../media-library/media-objects";
import { liveObjectKey } from "../live-ingest/ingest-events";
import { LIVE_TOKEN_TTL_SECONDS, signPlaybackToken, verifyPlaybackToken, type PlaybackGrant } from "../media/playback-token";
import { rewriteMediaPlaylist } from "../media/playlist-rewrite";
import { segmentTokenSeconds, signSegmentToken, verifySegmentToken, type LiveMediaType } from "../media/segment-token";
import { refuseSegment } from "../media/token-check";
import { MEDIA_TOKEN_GRACE_SECONDS } from "../../src/domain/timings";
import { sessionMiddleware } from "../auth/session-middleware";

/**
 * GET /media/live/{assetID}/{index.m3u8 | init.mp4 | segN.m4s}?token=...[&seg=...] (mount at
 * /media/live).
 *
 * The playlist and the init file re-prove the whole right, so they read the session:
 * - the live token (minutes; the player renews it) is for this stream and belongs to the session
 *   cookie that comes with it;
 * - the account the session middleware has just read from D1 still passes the live access rule
 *   (worker/live/live-access.ts): a viewer who lost the entitlement, was blocked or whose site
 *   session was logged out or signed out everywhere gets 403 with the spec's code;
 * - the token's stream session has not been released (D1's list, written by the user's
 *   StreamSessions object before it forgets a session: timed out, socket closed, signed out from
 *   another device, or ended by durable-objects/stream-release.ts).
 * The playlist, which a player reloads about every target duration, then re-issues a fresh live
 * token for its children and signs a segment token for each init and segment file it lists
 * (worker/media/segment-token.ts). Because every reload re-proves all of that, it also reads a
 * live token up to MEDIA_TOKEN_GRACE_SECONDS past its expiry: a native HLS player (Safari's)
 * reloads the playlist URL it was first given and cannot put a renewed token in it, so it keeps
 * playing while the right holds and stops at the next reload when it goes.
 *
 * Segments are authorised by their tokens alone: the live token's signature and expiry and the
 * segment token's HMAC for that one file, no session and no I/O. The bound this buys
 * (docs/media-and-live.md): a lost right stops at the next playlist reload, within one target
 * duration, and the files already listed run out within the segment token's life (3 target
 * durations: 21 s audio, 12 s video) of the last playlist that was answered.
 *
 * The media is what the ingest service (ingest/) packaged from the event's encoder: the current
 * push's latest playlist (D1, beside the stream's row the rule reads anyway) and its init and
 * segments in R2 under live/{assetID}/ (worker/live-ingest/). An idle event (no media for
 * LIVE_IDLE_AFTER_SECONDS, or the push ended) answers 404 STREAM_OFFLINE.
 */
export const liveMediaRoutes = new Hono<AppEnv>();

const NO_STORE = { "Cache-Control": "no-store" };

type LiveGrant = PlaybackGrant & { stream: string };

/**
 * The live token of a request, for this stream: its signature and expiry only (no I/O); a thrown
 * ApiError when refused. `graceSeconds`: only for requests that re-prove the whole right.
 */
async function liveToken(c: Context<AppEnv>, assetID: string, secret: string, graceSeconds = 0): Promise<LiveGrant> {
  const token = c.req.query("token");
  if (!token) throw new ApiError(401, "TOKEN_MISSING", "A playback token is needed", NO_STORE);
  const check = await verifyPlaybackToken(secret, token, graceSeconds);
  if (!check.ok) {
    throw check.reason === "expired"
      ? new ApiError(401, "TOKEN_EXPIRED", "The playback token has expired", NO_STORE)
      : new ApiError(401, "TOKEN_INVALID", "The playback token is not valid", NO_STORE);
  }
  const { grant } = check;
  if (grant.entryId !== assetID || grant.stream === undefined) throw new ApiError(403, "TOKEN_WRONG_ENTRY", "The playback token is for another video", NO_STORE);
  return { ...grant, stream: grant.stream };
}

/**
 * What a playlist or init request reads besides the session: its live token (no I/O), the stream's
 * row and whether the token's stream session is on the released list. None of them depends on the
 * session, so they start before the session middleware reads it and run beside it: one D1 round
 * trip of waiting instead of three in a row. Each is read fresh for this request (nothing is kept
 * between requests); liveRight applies them in the same order as ever, so a refusal is the same.
 */
interface LiveReads {
  grant: Promise<LiveGrant>;
  stream: Promise<LiveStreamRow | null>;
  released: Promise<boolean>;
}

const readsOfRequest = new WeakMap<Request, LiveReads>();

function startLiveReads(c: Context<AppEnv>, assetID: string, secret: string): LiveReads {
  const grant = liveToken(c, assetID, secret, MEDIA_TOKEN_GRACE_SECONDS);
  // Both wait for the token (checked without I/O), so a request with a bad token costs no D1 read.
  const reads = { grant, stream: grant.then(() => liveStream(c.env.DB, assetID)), released: grant.then((g) => isReleased(c.env.DB, g.stream)) };
  // Awaited by liveRight in its order; until then a refused token or a failed read must not count
  // as an unhandled rejection (a request refused earlier, e.g. a bad asset id, never awaits them).
  for (const read of Object.values(reads)) read.catch(() => undefined);
  return reads;
}

/** Starts the reads of a live playlist or init request before the session middleware runs. */
const liveReadsFirst: MiddlewareHandler<AppEnv> = async (c, next) => {
  const assetID = c.req.param("assetID");
  if (assetID && ENTRY_ID.test(assetID)) readsOfRequest.set(c.req.raw, startLiveReads(c, assetID, getAuthConfig(c.env).sessionSecret));
  await next();
};

/** The whole right of a playlist or init request: the token, its session, the live access rule, the released list. */
async function liveRight(c: Context<AppEnv>, assetID: string, secret: string): Promise<{ grant: LiveGrant; mediaType: LiveMediaType; playlist: string | null }> {
  const reads = readsOfRequest.get(c.req.raw) ?? startLiveReads(c, assetID, secret);
  const grant = await reads.grant;
  const user = c.get("user");
  const session = c.get("session");
  if (user && session && (session.sid !== grant.sid || user.ssoID !== grant.ssoID)) {
    throw new ApiError(403, "TOKEN_WRONG_USER", "The playback token belongs to another session", NO_STORE);
  }
  const { code, stream, viewer } = await liveAccess(c, assetID, { stream: reads.stream });
  if (!stream || stream.status !== "active") throw new ApiError(404, "STREAM_OFFLINE", "This stream is not live", NO_STORE);
  if (code || !viewer) return refuseLive(code ?? SESSION_ERROR_CODES.notLoggedIn, NO_STORE);
  // D1's list of released sessions, not the user's object: asking the object at every reload
  // would keep it awake all the time it is watched (docs/media-and-live.md 'Cost of the Durable Object').
  if (await reads.released) return refuseLive(STREAM_SESSION_RELEASED, NO_STORE);
  return { grant, mediaType: stream.mediaType, playlist: stream.playlist };
}

/** An init or segment file of the event, from R2; never kept by anyone else. */
async function serveLiveFile(c: Context<AppEnv>, assetID: string, mediaType: LiveMediaType, file: string) {
  const object = await mediaBucket(c.env).get(liveObjectKey(assetID, file));
  if (!object) throw new ApiError(404, "NOT_FOUND", "No such media", NO_STORE);
  return c.body(object.body, 200, {
    "Content-Type": mediaType === "audio" ? "audio/mp4" : "video/mp4",
    "Content-Length": String(object.size),
    // Its URL carries a token that expires in seconds: nothing may keep it for later.
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
}

liveMediaRoutes.get(`/:assetID/:file{index\\.m3u8|r[0-9]{1,6}-init\\.mp4}`, liveReadsFirst, sessionMiddleware, async (c) => {
  const assetID = c.req.param("assetID");
  const file = c.req.param("file");
  if (!ENTRY_ID.test(assetID)) throw new ApiError(404, "NOT_FOUND", "No such media");
  const secret = getAuthConfig(c.env).sessionSecret;
  const right = await liveRight(c, assetID, secret);
  const { grant, mediaType, playlist } = right;

  if (file !== "index.m3u8") {
    const check = await verifySegmentToken(secret, c.req.query("seg"), { holder: grant.stream, assetID, file });
    return check.status === "ok" ? serveLiveFile(c, assetID, mediaType, file) : refuseSegment(check, NO_STORE);
  }
  // Active but nothing packaged yet (the push has just begun): offline until the first playlist.
  const parsed = playlist === null ? null : parseIngestPlaylist(playlist, runOf(playlist));
  if (playlist === null || !parsed) throw new ApiError(404, "STREAM_OFFLINE", "This stream is not live", NO_STORE);
  const nowSeconds = Math.floor(Date.now() / 1000);
  const segExpiry = nowSeconds + segmentTokenSeconds(parsed.targetDuration);
  // The children carry a fresh live token: the URL a native player reloads may hold an expired one.
  const { token } = await signPlaybackToken(secret, { entryId: assetID, ssoID: grant.ssoID, sid: grant.sid, stream: grant.stream, streamStart: grant.streamStart ?? nowSeconds }, nowSeconds, LIVE_TOKEN_TTL_SECONDS);
  const body = await rewriteMediaPlaylist(playlist, token, (name) => signSegmentToken(secret, { holder: grant.stream, assetID, file: name }, mediaType, segExpiry));
  return c.body(body, 200, {
    "Content-Type": "application/vnd.apple.mpegurl",
    "Cache-Control": "private, no-store",
  });
});

// No session: the tokens are the right (the bound is in the comment above).
liveMediaRoutes.get("/:assetID/:file{r[0-9]{1,6}-seg[0-9]{1,7}\\.m4s}", async (c) => {
  const assetID = c.req.param("assetID");
  const file = c.req.param("file");
  if (!ENTRY_ID.test(assetID) || !LIVE_SEGMENT_FILE.test(file)) throw new ApiError(404, "NOT_FOUND", "No such media");
  const secret = getAuthConfig(c.env).sessionSecret;
  const grant = await liveToken(c, assetID, secret);
  const check = await verifySegmentToken(secret, c.req.query("seg"), { holder: grant.stream, assetID, file });
  if (check.status !== "ok") return refuseSegment(check, NO_STORE);
  return check.kind === "vod" ? refuseSegment({ status: "invalid" }, NO_STORE) : serveLiveFile(c, assetID, check.kind, file);
});

/** The run a stored playlist belongs to: the one its init names (the ingest checked it when it was stored). */
function runOf(playlist: string): number {
  const map = /#EXT-X-MAP:URI="([^"]*)"/.exec(playlist)?.[1] ?? "";
  return Number(LIVE_INIT_FILE.exec(map)?.[1] ?? 0);
}

liveMediaRoutes.all("*", () => {
  throw new ApiError(404, "NOT_FOUND", "No such media");
});
