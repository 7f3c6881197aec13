import { useAppState } from "../../state/store";
import { isVideoLocked } from "../../domain/video-lock";

/**
 * Display-only lock state of a video or live asset for the current viewer (spec §4; bypassed
 * accounts see no padlock, §6); the server enforces access with the same rule. Before the login check the viewer counts as logged out on both sides, so SSR
 * and hydration draw the same padlocks.
 */
export function useVideoLock(): (entitlements: readonly string[]) => boolean {
  const { state } = useAppState();
  const { loggedIn, entitlements, bypassed } = state.user;
  return (videoEntitlements) => isVideoLocked({ videoEntitlements, loggedIn, userEntitlements: entitlements, bypassed });
}
