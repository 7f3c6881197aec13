/**
 * Spec §4 'Video lock state', with §1/§6's bypassed accounts exempt from restrictions. The client
 * shows a padlock (and the upgrade promo) from this; the server's playback gate
 * (src/domain/playback-access.ts) applies the same rule before issuing a playback token, so the
 * page never offers what the gate refuses nor locks what it admits.
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
  /** an account bypassed from restrictions (spec §6): every lock opens for it once signed in */
  bypassed: boolean;
}

const norm = (code: string) => code.trim().toLowerCase();

export function isVideoLocked({ videoEntitlements, loggedIn, userEntitlements, bypassed }: VideoLockInput): boolean {
  const video = videoEntitlements.map(norm);
  // 1. '?' unlocks for everyone
  if (video.includes(EVERYONE_ENTITLEMENT)) return false;
  // 2. not logged in: locked
  if (!loggedIn) return true;
  // spec §6: a bypassed account is exempt from restrictions (a block is the gate's, before this rule)
  if (bypassed) return false;
  // 3. '*' unlocks for any logged-in user
  if (video.includes(ANY_LOGGED_IN_ENTITLEMENT)) return false;
  // 4. empty user list: lockEmptyEntitlements is false, which the spec reads as locked
  const user = (userEntitlements ?? []).map(norm);
  if (user.length === 0) return !lockEmptyEntitlements;
  // 5. unlocked only when one of the user's entitlements matches one of the video's
  return !user.some((code) => video.includes(code));
}
