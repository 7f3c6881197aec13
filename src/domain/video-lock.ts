/**
 * Spec §4 'Video lock state'. The client shows a padlock from this; the server enforces the
 * same rule before issuing a playback token.
 */

/** '?' in a video's entitlements: everyone may watch (also means 'upgrade required' for live). */
export const EVERYONE_ENTITLEMENT = "?";
/** '*' in a video's entitlements: any logged-in user may watch. */
export const ANY_LOGGED_IN_ENTITLEMENT = "*";

/**
 * Spec §4 rule 4: a logged-in user with an empty entitlement list "follows lockEmptyEntitlements,
 * which is false, so locked". Kept as a named flag so the rule reads as the spec does; it is not
 * configurable.
 */
export const lockEmptyEntitlements = false;

export interface VideoLockInput {
  /** The video's SysEntryEntitlements */
  videoEntitlements: readonly string[];
  loggedIn: boolean;
  /** The user's entitlements; null while not yet fetched counts as empty */
  userEntitlements: readonly string[] | null;
}

const norm = (code: string) => code.trim().toLowerCase();

export function isVideoLocked({ videoEntitlements, loggedIn, userEntitlements }: VideoLockInput): boolean {
  const video = videoEntitlements.map(norm);
  // 1. '?' unlocks for everyone
  if (video.includes(EVERYONE_ENTITLEMENT)) return false;
  // 2. not logged in: locked
  if (!loggedIn) return true;
  // 3. '*' unlocks for any logged-in user
  if (video.includes(ANY_LOGGED_IN_ENTITLEMENT)) return false;
  // 4. empty user list: lockEmptyEntitlements is false, which the spec reads as locked
  const user = (userEntitlements ?? []).map(norm);
  if (user.length === 0) return !lockEmptyEntitlements;
  // 5. unlocked only when one of the user's entitlements matches one of the video's
  return !user.some((code) => video.includes(code));
}
