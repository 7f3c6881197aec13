import { ACCESS_MESSAGES, ACCESS_STATUS } from "./access-status";
import { isVideoLocked } from "./video-lock";

/**
 * Who may start an on-demand video: the worker's playback gate applies the same
 * rule as the page's padlock (spec §4 'Video lock state', isVideoLocked: a bypassed account passes
 * every lock there, spec §6), plus the flag the page cannot see: a blocked account is refused
 * everything (spec §6, §8 status 3). The refusal carries the access status of spec §4 'Access status
 * when starting a player', so the player shows the texts of spec §8 for it.
 */
export interface PlaybackViewer {
  entitlements: readonly string[];
  bypassed: boolean;
  blocked: boolean;
  blockedReason: "administrator" | "country" | null;
}

export type PlaybackRefusalCode = "LOGIN_REQUIRED" | "NO_SUBSCRIPTION" | "NOT_SUBSCRIBED" | "BLOCKED" | "COUNTRY_BLOCKED";

export interface PlaybackRefusal {
  httpStatus: 401 | 403;
  code: PlaybackRefusalCode;
  /** spec §4 access status: 0 not logged in, 1 no subscription, 2 insufficient, 3 blocked, other: denied */
  accessStatus: number;
  detail: string;
}

/** Spec §8 'ERR_56882466_2: users in this country are not allowed to play this stream'. */
export const COUNTRY_BLOCKED_MESSAGE = "Users in this country are not allowed to play this stream";
/** Access status of a refusal that is none of 0-3 (spec §4 'other: denied for another reason'). */
const OTHER_DENIAL = 4;

export const PLAYBACK_REFUSALS: Record<PlaybackRefusalCode, PlaybackRefusal> = {
  LOGIN_REQUIRED: { httpStatus: 401, code: "LOGIN_REQUIRED", accessStatus: ACCESS_STATUS.notLoggedIn, detail: ACCESS_MESSAGES.notLoggedIn },
  NO_SUBSCRIPTION: { httpStatus: 403, code: "NO_SUBSCRIPTION", accessStatus: ACCESS_STATUS.noSubscription, detail: ACCESS_MESSAGES.noSubscription },
  NOT_SUBSCRIBED: {
    httpStatus: 403,
    code: "NOT_SUBSCRIBED",
    accessStatus: ACCESS_STATUS.insufficientEntitlements,
    detail: ACCESS_MESSAGES.insufficientEntitlements,
  },
  BLOCKED: { httpStatus: 403, code: "BLOCKED", accessStatus: ACCESS_STATUS.blocked, detail: ACCESS_MESSAGES.blocked },
  COUNTRY_BLOCKED: { httpStatus: 403, code: "COUNTRY_BLOCKED", accessStatus: OTHER_DENIAL, detail: COUNTRY_BLOCKED_MESSAGE },
};

/** null: the viewer may play the video; otherwise why not. `viewer` null is a visitor. */
export function playbackRefusal(videoEntitlements: readonly string[], viewer: PlaybackViewer | null): PlaybackRefusal | null {
  if (viewer?.blocked) return PLAYBACK_REFUSALS[viewer.blockedReason === "country" ? "COUNTRY_BLOCKED" : "BLOCKED"];
  const locked = isVideoLocked({
    videoEntitlements,
    loggedIn: viewer !== null,
    userEntitlements: viewer?.entitlements ?? null,
    bypassed: viewer?.bypassed ?? false,
  });
  if (!locked) return null;
  if (viewer === null) return PLAYBACK_REFUSALS.LOGIN_REQUIRED;
  return PLAYBACK_REFUSALS[viewer.entitlements.length === 0 ? "NO_SUBSCRIPTION" : "NOT_SUBSCRIBED"];
}
