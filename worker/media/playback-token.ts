import { errors, jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import { LIVE_TOKEN_TTL_SECONDS } from "../../src/domain/timings";
import { tokenKey } from "./token-key";

/**
 * The playback token of /media/vod/{entryId}/... and, with a stream session, of live media: HS256, short-lived, bound to
 * the entry, the user and the site session that asked for it, so a copied URL stops working when
 * it expires, on another video, for another account, or once that session is logged out.
 *
 * Its key is derived from the session secret of the auth config under its own label (token-key.ts).
 * Visitors get a token with an empty user and session: only for videos open to everyone ('?').
 */
export const PLAYBACK_TOKEN_TTL_SECONDS = 5 * 60;
/** The player asks for a fresh token this long before the current one expires (renewed while playing). */
export const PLAYBACK_RENEW_BEFORE_SECONDS = 60;

const ISSUER = "northbridge-rovers-site";
const AUDIENCE = "rovers-media";
const KEY_LABEL = "rovers playback token v1";

export interface PlaybackGrant {
  /** the entry id the token plays */
  entryId: string;
  /** the user's ssoID; '' for a visitor */
  ssoID: string;
  /** the site session id; '' for a visitor */
  sid: string;
  /** live only: the stream session (durable-objects/StreamSessions.ts) the token belongs to */
  stream?: string;
  /** when the token was signed (seconds) */
  issuedAt?: number;
  /**
   * live only: when its stream session began (seconds). Renewals keep it while `iat` moves on.
   */
  streamStart?: number;
  /** when the token expires (seconds); set by verifyPlaybackToken */
  expiresAt?: number;
}

// LIVE_TOKEN_TTL_SECONDS (src/domain/timings.ts): the object that lists released sessions keeps them that long.
export { LIVE_TOKEN_TTL_SECONDS };
/** The live player renews this long before its token expires. */
export const LIVE_RENEW_BEFORE_SECONDS = 60;

const claimsSchema = z.object({
  ent: z.string().min(1).max(64),
  sub: z.string().max(128),
  sid: z.string().max(64),
  exp: z.number().int(),
  iat: z.number().int().optional(),
  ss: z.string().min(1).max(64).optional(),
  sst: z.number().int().min(0).optional(),
});

export async function signPlaybackToken(
  sessionSecret: string,
  grant: PlaybackGrant,
  nowSeconds = Math.floor(Date.now() / 1000),
  ttlSeconds = PLAYBACK_TOKEN_TTL_SECONDS,
) {
  const expiresAt = nowSeconds + ttlSeconds;
  const live = grant.stream ? { ss: grant.stream, sst: grant.streamStart ?? nowSeconds } : {};
  const token = await new SignJWT({ ent: grant.entryId, sid: grant.sid, ...live })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(grant.ssoID)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(expiresAt)
    .sign(await tokenKey(sessionSecret, KEY_LABEL));
  return { token, expiresAt };
}

export type TokenCheck = { ok: true; grant: PlaybackGrant } | { ok: false; reason: "expired" | "invalid" };

/**
 * `graceSeconds`: how long past its expiry the token is still read. Only a request that re-proves
 * the whole right from D1 may pass one (a playlist a native player reloads with the URL it was
 * given, or an on-demand segment past its segment token: worker/media/media-routes.ts); the grant's
 * `expiresAt` tells it the token has expired.
 */
export async function verifyPlaybackToken(sessionSecret: string, token: string, graceSeconds = 0): Promise<TokenCheck> {
  try {
    const { payload } = await jwtVerify(token, await tokenKey(sessionSecret, KEY_LABEL), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ["HS256"],
      requiredClaims: ["exp", "sub"],
      ...(graceSeconds > 0 ? { clockTolerance: graceSeconds } : {}),
    });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) return { ok: false, reason: "invalid" };
    const { ent, sub, sid, ss, iat, sst, exp } = claims.data;
    // A live token must be one of the short-lived kind: iat present and a life no longer than the TTL.
    if (ss && (iat === undefined || exp - iat > LIVE_TOKEN_TTL_SECONDS)) return { ok: false, reason: "invalid" };
    return {
      ok: true,
      grant: {
        entryId: ent,
        ssoID: sub,
        sid,
        expiresAt: exp,
        ...(ss ? { stream: ss, streamStart: sst ?? iat } : {}),
        ...(iat !== undefined ? { issuedAt: iat } : {}),
      },
    };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? "expired" : "invalid" };
  }
}
