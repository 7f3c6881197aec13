import { SESSION_ERROR_CODES } from "./session-errors";
import { isVideoLocked } from "./video-lock";

/**
 * Who may start a live stream (spec §7 'POST session/check', §8 'Session check
 * codes'): the rule behind every 403 of the session check except the concurrency limit, which
 * only the user's StreamSessions object can answer. Pure, in the order the checks run:
 * logged in, not blocked, the stream is on air and of that media type, the request's country
 * is allowed, and the account's entitlements unlock the stream (bypassed skips the last two).
 * Men's live audio carries `roverstv+`/`vip`, the women's and academy video `roverstv`/`roverstv+`/`vip`
 * (and their match pass), so the same lock rule as on-demand videos applies.
 */
export type LiveSessionRefusal = Exclude<(typeof SESSION_ERROR_CODES)[keyof typeof SESSION_ERROR_CODES], "ERR_54648_1">;

export interface LiveStreamFacts {
  mediaType: "audio" | "video";
  status: "idle" | "active" | "disabled";
  entitlements: readonly string[];
  /** ISO country codes that may play it; null: everywhere */
  allowedCountries: readonly string[] | null;
}

export interface LiveViewer {
  entitlements: readonly string[];
  bypassed: boolean;
  blocked: boolean;
  blockedReason: "administrator" | "country" | null;
}

export interface LiveSessionRequest {
  /** null: no such stream */
  stream: LiveStreamFacts | null;
  /** the media type the player asked for */
  mediaType: "audio" | "video";
  /** null: not logged in (or the body named another user) */
  viewer: LiveViewer | null;
  /** the request's country (Cloudflare's), null when unknown */
  country: string | null;
}

export function liveSessionRefusal({ stream, mediaType, viewer, country }: LiveSessionRequest): LiveSessionRefusal | null {
  if (viewer === null) return SESSION_ERROR_CODES.notLoggedIn;
  if (viewer.blocked) return viewer.blockedReason === "country" ? SESSION_ERROR_CODES.countryBlocked : SESSION_ERROR_CODES.accountBlocked;
  if (stream === null || stream.mediaType !== mediaType || stream.status !== "active") return SESSION_ERROR_CODES.streamIssue;
  if (viewer.bypassed) return null;
  if (stream.allowedCountries !== null) {
    const allowed = stream.allowedCountries.map((code) => code.toUpperCase());
    if (country === null || !allowed.includes(country.toUpperCase())) return SESSION_ERROR_CODES.countryBlocked;
  }
  const locked = isVideoLocked({ videoEntitlements: stream.entitlements, loggedIn: true, userEntitlements: viewer.entitlements, bypassed: viewer.bypassed });
  return locked ? SESSION_ERROR_CODES.notSubscribed : null;
}
