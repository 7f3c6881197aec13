import { sessionMiddleware } from "../auth/session-middleware";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { getAuthConfig } from "../auth/config";
import { settingsOf, type AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { liveAsset } from "../videos/queries";
import { isReleased } from "../../durable-objects/released-stream-sessions";
import { SESSION_ERROR_CODES, STREAM_SESSION_RELEASED } from "../../src/domain/session-errors";
import { deviceName } from "../../src/domain/device-name";
import { ENTRY_ID } from "../media/entry-id";
import { countAdmission, countRefusal } from "./live-counts";
import { recordDelay } from "../live-ingest/live-delay";
import { MAX_BEHIND_MS } from "../../src/domain/live-delay";
import { liveAccess, refuseLive } from "./live-access";
import type { LiveDevicesAnswer, LiveGrantAnswer } from "../../src/schemas/live-session";
import { LIVE_RENEW_BEFORE_SECONDS, LIVE_TOKEN_TTL_SECONDS, signPlaybackToken, verifyPlaybackToken, type PlaybackGrant } from "../media/playback-token";

/**
 * Live streams (mount at /api):
 *   POST /api/session/check {data:{attributes:{videoID, mediaType, userID?, userEmail?}}}
 *        200 {data:{attributes:{token, bypassed, url, expiresAt, renewAfterSeconds}}}: a live token
 *        bound to a new stream session, valid minutes (the player renews it, below)
 *        403 {errors:[{code}]} with the codes of spec §8 (src/domain/live-session-access.ts, and
 *        ERR_54648_1 from the user's StreamSessions object); 400 INVALID_INPUT
 *   POST /api/session/renew {data:{attributes:{token}}}  a fresh token for the same stream session
 *   POST /api/session/delay {data:{attributes:{token, behindMs}}}  the player's delay behind live, 204
 *   GET  /api/session/devices                      the account's live sessions, named devices
 *   POST /api/session/devices/sign-out-others      releases every session but this device's
 *   GET  /api/streams/{assetID}                    the stream asset of spec §3, no media locator
 */
/** /api/session/*: the live session check, its renewal and the account's devices. */
export const liveSessionRoutes = new Hono<AppEnv>();
liveSessionRoutes.use(sessionMiddleware);
/** /api/streams/{assetID}: one live stream's assets. */
export const liveStreamRoutes = new Hono<AppEnv>();

const checkBody = z.object({
  data: z.object({
    attributes: z.object({
      videoID: z.string().regex(ENTRY_ID),
      mediaType: z.enum(["audio", "video"]),
      userID: z.string().min(1).max(128).optional(),
      userEmail: z.string().max(254).optional(),
    }),
  }),
});

function sessionsOf(env: Env, ssoID: string) {
  const namespace = settingsOf(env).bindings.STREAM_SESSIONS;
  return namespace.get(namespace.idFromName(ssoID));
}

/** The token the player plays with, its URL and when to renew it (the same shape from check and renew). */
async function liveGrant(c: Context<AppEnv>, grant: PlaybackGrant & { stream: string }, bypassed: boolean) {
  const { token, expiresAt } = await signPlaybackToken(getAuthConfig(c.env).sessionSecret, grant, undefined, LIVE_TOKEN_TTL_SECONDS);
  const answer: LiveGrantAnswer = {
    data: {
      attributes: {
        token,
        bypassed,
        url: `/media/live/${encodeURIComponent(grant.entryId)}/index.m3u8?token=${encodeURIComponent(token)}`,
        expiresAt: new Date(expiresAt * 1000).toISOString(),
        renewAfterSeconds: LIVE_TOKEN_TTL_SECONDS - LIVE_RENEW_BEFORE_SECONDS,
      },
    },
  };
  return c.json(answer);
}

liveSessionRoutes.post("/check", async (c) => {
  c.header("Cache-Control", "private, no-store");
  const body = checkBody.safeParse(await c.req.json().catch(() => undefined));
  if (!body.success) throw new ApiError(400, "INVALID_INPUT", "Send {data:{attributes:{videoID, mediaType}}}");
  const { videoID, mediaType, userID } = body.data.data.attributes;
  const session = c.get("session");
  const { code, viewer, stream } = await liveAccess(c, videoID, { mediaType, userID });
  if (code || !viewer || !session || !stream) return refuseLive(code ?? SESSION_ERROR_CODES.notLoggedIn);

  const admission = await sessionsOf(c.env, viewer.ssoID).admit({
    userID: viewer.ssoID,
    assetID: videoID,
    siteSid: session.sid,
    userAgent: c.req.header("user-agent") ?? "",
    bypassed: viewer.bypassed,
    limit: settingsOf(c.env).streamConcurrencyLimit,
  });
  if (!admission.admitted) {
    await countRefusal(c.env.DB);
    return refuseLive(SESSION_ERROR_CODES.concurrentLimit);
  }
  // The console's running count of open sessions (its release is the object's, in D1 as well).
  await countAdmission(c.env.DB, { id: admission.sessionId, assetID: videoID, userAgent: c.req.header("user-agent") ?? "" });
  return liveGrant(c, { entryId: videoID, ssoID: viewer.ssoID, sid: session.sid, stream: admission.sessionId }, viewer.bypassed);
});

const renewBody = z.object({ data: z.object({ attributes: z.object({ token: z.string().min(1).max(4096) }) }) });

/**
 * POST /api/session/renew {data:{attributes:{token}}}: a fresh live token for the same
 * stream session, while the token has not expired, belongs to this site session, its stream
 * session has not been released (D1's list, as the playlist reads it) and the viewer still passes
 * the live access rule. The stream session's start goes along in its own claim, for the
 * playlist's numbering. The player also asks it why a stream stopped: its refusal is what it shows.
 *   200 as the session check; 401 TOKEN_EXPIRED / TOKEN_INVALID; 403 a spec §8 code,
 *   TOKEN_WRONG_USER or STREAM_SESSION_RELEASED; 400 INVALID_INPUT
 */
/** A live token sent back by its player: valid, a live one, and this site session's; else thrown. */
async function heldLiveGrant(c: Context<AppEnv>, token: string): Promise<PlaybackGrant & { stream: string }> {
  const check = await verifyPlaybackToken(getAuthConfig(c.env).sessionSecret, token);
  if (!check.ok) {
    throw check.reason === "expired"
      ? new ApiError(401, "TOKEN_EXPIRED", "The live token has expired")
      : new ApiError(401, "TOKEN_INVALID", "The live token is not valid");
  }
  const { grant } = check;
  if (!grant.stream) throw new ApiError(401, "TOKEN_INVALID", "The live token is not valid");
  const user = c.get("user");
  const session = c.get("session");
  if (!user || !session) return refuseLive(SESSION_ERROR_CODES.notLoggedIn);
  if (grant.ssoID !== user.ssoID || grant.sid !== session.sid) {
    throw new ApiError(403, "TOKEN_WRONG_USER", "The live token belongs to another session");
  }
  return { ...grant, stream: grant.stream };
}

liveSessionRoutes.post("/renew", async (c) => {
  c.header("Cache-Control", "private, no-store");
  const body = renewBody.safeParse(await c.req.json().catch(() => undefined));
  if (!body.success) throw new ApiError(400, "INVALID_INPUT", "Send {data:{attributes:{token}}}");
  const grant = await heldLiveGrant(c, body.data.data.attributes.token);
  // The account's own state first: a viewer whose right is gone is told that, not 'released'.
  const [access, released] = await Promise.all([liveAccess(c, grant.entryId), isReleased(c.env.DB, grant.stream)]);
  if (access.code || !access.viewer) return refuseLive(access.code ?? SESSION_ERROR_CODES.notLoggedIn);
  if (released) return refuseLive(STREAM_SESSION_RELEASED);
  return liveGrant(c, grant, access.viewer.bypassed);
});

const delayBody = z.object({
  data: z.object({ attributes: z.object({ token: z.string().min(1).max(4096), behindMs: z.number().int().min(0).max(MAX_BEHIND_MS) }) }),
});

/**
 * POST /api/session/delay {data:{attributes:{token, behindMs}}}: how far behind the live edge
 * this player's picture is (src/domain/live-delay.ts), for the console's Live streams screen.
 * Only a player holding a live token of this session may send one, and one per stream session
 * in 20 s is kept (more are answered the same and dropped). 204; 400 INVALID_INPUT; the
 * token's 401 and 403 as the renewal's.
 */
liveSessionRoutes.post("/delay", async (c) => {
  c.header("Cache-Control", "private, no-store");
  const body = delayBody.safeParse(await c.req.json().catch(() => undefined));
  if (!body.success) throw new ApiError(400, "INVALID_INPUT", `Send {data:{attributes:{token, behindMs}}}, behindMs a whole number from 0 to ${MAX_BEHIND_MS}`);
  const { token, behindMs } = body.data.data.attributes;
  const grant = await heldLiveGrant(c, token);
  await recordDelay(c.env.DB, { streamSession: grant.stream, assetId: grant.entryId, behindMs }, Date.now());
  return c.body(null, 204);
});

liveSessionRoutes.get("/devices", async (c) => {
  c.header("Cache-Control", "private, no-store");
  const user = c.get("user");
  const session = c.get("session");
  if (!user || !session) throw new ApiError(401, "NOT_LOGGED_IN", "Not logged in");
  const sessions = await sessionsOf(c.env, user.ssoID).sessions();
  const answer: LiveDevicesAnswer = {
    data: sessions.map((s) => ({
      id: s.id,
      attributes: {
        device: deviceName(s.userAgent),
        assetID: s.assetID,
        startedAt: new Date(s.startedAt).toISOString(),
        thisDevice: s.siteSid === session.sid,
      },
    })),
  };
  return c.json(answer);
});

liveSessionRoutes.post("/devices/sign-out-others", async (c) => {
  c.header("Cache-Control", "private, no-store");
  const user = c.get("user");
  const session = c.get("session");
  if (!user || !session) throw new ApiError(401, "NOT_LOGGED_IN", "Not logged in");
  const released = await sessionsOf(c.env, user.ssoID).releaseOthers(session.sid);
  return c.json({ data: { attributes: { released } } });
});

liveStreamRoutes.get("/:assetID", async (c) => {
  const assetID = c.req.param("assetID");
  const asset = ENTRY_ID.test(assetID) ? await liveAsset(c.env.DB, assetID) : null;
  if (!asset) throw new ApiError(404, "NOT_FOUND", "No stream by that id");
  return c.json({
    data: {
      id: asset.id,
      attributes: {
        title: asset.title,
        description: asset.description,
        mediaType: asset.mediaType,
        imageData: { offlineImageKey: asset.offlineImageKey, posterImageKey: asset.posterImageKey },
        assetData: { status: asset.status },
      },
    },
  });
});
