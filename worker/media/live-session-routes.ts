import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AuthEnv } from "../auth/auth-env";
import { getAuthConfig } from "../auth/config";
import { settingsOf } from "../env";
import { apiError } from "../routes/api-errors";
import { liveAsset } from "../data/videos";
import { liveStream } from "../data/live-streams";
import { liveSessionRefusal } from "../../src/domain/live-session-access";
import { sessionError, SESSION_ERROR_CODES } from "../../src/domain/session-errors";
import { deviceName } from "../../src/domain/device-name";
import { liveUpgradeData, passesLiveLogin } from "../../src/domain/live-upgrade";
import { shell } from "../data/shell";
import { ENTRY_ID } from "./entry-id";
import { LIVE_TOKEN_TTL_SECONDS, signPlaybackToken } from "./playback-token";

/**
 * Live streams (issue 10; mount at /api):
 *   POST /api/session/check {data:{attributes:{videoID, mediaType, userID?, userEmail?}}}
 *        200 {data:{attributes:{token, bypassed, url}}}: a live token bound to a new stream session
 *        403 {errors:[{code}]} with the codes of spec §8 (src/domain/live-session-access.ts, and
 *        ERR_54648_1 from the user's StreamSessions object); 400 INVALID_INPUT
 *   GET  /api/session/devices                      the account's live sessions, named devices
 *   POST /api/session/devices/sign-out-others      releases every session but this device's
 *   GET  /api/streams/{assetID}                    the stream asset of spec §3, no media locator
 */
export const liveSessionRoutes = new Hono<AuthEnv>();

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

function refuse(c: Context, code: string) {
  return c.json({ errors: [{ code, detail: sessionError(code).message }] }, 403);
}

/** The request's country as Cloudflare sees it (cf.country; CF-IPCountry is set by Cloudflare too). */
function countryOf(c: Context): string | null {
  const cf = (c.req.raw as { cf?: { country?: unknown } }).cf;
  const country = typeof cf?.country === "string" ? cf.country : c.req.header("cf-ipcountry");
  return country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null;
}

function sessionsOf(env: Env, ssoID: string) {
  const namespace = settingsOf(env).bindings.STREAM_SESSIONS;
  return namespace.get(namespace.idFromName(ssoID));
}

liveSessionRoutes.post("/session/check", async (c) => {
  c.header("Cache-Control", "private, no-store");
  const body = checkBody.safeParse(await c.req.json().catch(() => undefined));
  if (!body.success) return apiError(c, 400, "INVALID_INPUT", "Send {data:{attributes:{videoID, mediaType}}}");
  const { videoID, mediaType, userID } = body.data.data.attributes;
  const user = c.get("user");
  const session = c.get("session");
  // A body naming another user than the session's is not this user's check: not logged in as them.
  const sameUser = user && session && (userID === undefined || userID === user.ssoID) ? user : null;
  // The live upgrade data's requireLoginEntitlement decides who counts as logged in for live.
  const upgrade = liveUpgradeData((await shell(c.env)).settings);
  const viewer = sameUser && passesLiveLogin(upgrade, { loggedIn: true, bypassed: sameUser.bypassed, entitlements: sameUser.entitlements }) ? sameUser : null;
  const stream = await liveStream(c.env.DB, videoID);
  const code = liveSessionRefusal({ stream, mediaType, viewer, country: countryOf(c) });
  if (code || !viewer || !session || !stream) return refuse(c, code ?? SESSION_ERROR_CODES.notLoggedIn);

  const admission = await sessionsOf(c.env, viewer.ssoID).admit({
    userID: viewer.ssoID,
    assetID: videoID,
    siteSid: session.sid,
    userAgent: c.req.header("user-agent") ?? "",
    bypassed: viewer.bypassed,
    limit: settingsOf(c.env).streamConcurrencyLimit,
  });
  if (!admission.admitted) return refuse(c, SESSION_ERROR_CODES.concurrentLimit);
  const grant = { entryId: videoID, ssoID: viewer.ssoID, sid: session.sid, stream: admission.sessionId };
  const { token } = await signPlaybackToken(getAuthConfig(c.env).sessionSecret, grant, undefined, LIVE_TOKEN_TTL_SECONDS);
  return c.json({
    data: {
      attributes: {
        token,
        bypassed: viewer.bypassed,
        url: `/media/live/${encodeURIComponent(videoID)}/index.m3u8?token=${encodeURIComponent(token)}`,
      },
    },
  });
});

liveSessionRoutes.get("/session/devices", async (c) => {
  c.header("Cache-Control", "private, no-store");
  const user = c.get("user");
  const session = c.get("session");
  if (!user || !session) return apiError(c, 401, "NOT_LOGGED_IN", "Not logged in");
  const sessions = await sessionsOf(c.env, user.ssoID).sessions();
  return c.json({
    data: sessions.map((s) => ({
      id: s.id,
      attributes: {
        device: deviceName(s.userAgent),
        assetID: s.assetID,
        startedAt: new Date(s.startedAt).toISOString(),
        thisDevice: s.siteSid === session.sid,
      },
    })),
  });
});

liveSessionRoutes.post("/session/devices/sign-out-others", async (c) => {
  c.header("Cache-Control", "private, no-store");
  const user = c.get("user");
  const session = c.get("session");
  if (!user || !session) return apiError(c, 401, "NOT_LOGGED_IN", "Not logged in");
  const released = await sessionsOf(c.env, user.ssoID).releaseOthers(session.sid);
  return c.json({ data: { attributes: { released } } });
});

liveSessionRoutes.get("/streams/:assetID", async (c) => {
  const assetID = c.req.param("assetID");
  const asset = ENTRY_ID.test(assetID) ? await liveAsset(c.env.DB, assetID) : null;
  if (!asset) return apiError(c, 404, "NOT_FOUND", "No stream by that id");
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
