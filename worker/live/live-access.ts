import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { SessionUser } from "../accounts/identity";
import { shell } from "../content/shell";
import { liveStream, type LiveStreamRow } from "./live-streams";
import { liveSessionRefusal, type LiveSessionRefusal } from "../../src/domain/live-session-access";
import { sessionError } from "../../src/domain/session-errors";
import { ApiError } from "../http/api-error";
import { liveUpgradeData, passesLiveLogin } from "../../src/domain/live-upgrade";

/**
 * The live access rule (src/domain/live-session-access.ts) applied to this request: the account
 * the session middleware has just read from D1 (entitlements, blocked, bypassed), the live
 * upgrade data's login stage, the stream's row and the request's country. The session check
 * applies it before admitting; every live playlist, init and segment request and
 * every token renewal applies it again, so a viewer who lost the right, was blocked or was
 * signed out is refused at the next one with the spec's code.
 */
export interface LiveAccess {
  /** the spec §8 code of the refusal, or null: may watch */
  code: LiveSessionRefusal | null;
  stream: LiveStreamRow | null;
  /** the viewer, once past the login stage */
  viewer: SessionUser | null;
}

/** The request's country as Cloudflare sees it (cf.country; CF-IPCountry is set by Cloudflare too). */
export function countryOf(c: Context): string | null {
  const cfCountry: unknown = c.req.raw.cf?.country;
  const country = typeof cfCountry === "string" ? cfCountry : c.req.header("cf-ipcountry");
  return country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null;
}

/**
 * `userID`: the user the body names (the session check's), undefined for none. `mediaType`:
 * what the player asked for; a media request or a renewal asks for the stream's own type.
 * `stream`: the stream's row already being read for this request (the live media gate starts it
 * beside the session read); read here when not given.
 */
export async function liveAccess(
  c: Context<AppEnv>,
  assetID: string,
  options: { mediaType?: "audio" | "video"; userID?: string | undefined; stream?: Promise<LiveStreamRow | null> } = {},
): Promise<LiveAccess> {
  const user = c.get("user");
  const session = c.get("session");
  // A body naming another user than the session's is not this user's check: not logged in as them.
  const sameUser = user && session && (options.userID === undefined || options.userID === user.ssoID) ? user : null;
  const [settings, stream] = await Promise.all([sameUser ? shell(c.env).then((s) => s.settings) : null, options.stream ?? liveStream(c.env.DB, assetID)]);
  // The live upgrade data's requireLoginEntitlement decides who counts as logged in for live.
  const viewer =
    sameUser && settings && passesLiveLogin(liveUpgradeData(settings), { loggedIn: true, bypassed: sameUser.bypassed, entitlements: sameUser.entitlements })
      ? sameUser
      : null;
  const mediaType = options.mediaType ?? stream?.mediaType ?? "video";
  return { code: liveSessionRefusal({ stream, mediaType, viewer, country: countryOf(c) }), stream, viewer };
}

/** The 403 of a live refusal: the code of spec §8 and its text. */
export function refuseLive(code: string, headers: Record<string, string> = {}): never {
  throw new ApiError(403, code, sessionError(code).message, headers);
}
