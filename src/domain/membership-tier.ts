/**
 * Spec §3 'Video membership' (tier definition): which of the club's tier records speaks for a
 * locked video. The cheapest tier that unlocks it, the one with the lowest orderPosition among
 * those whose mappedEntitlements share a code with the video's, so a video open to Rovers TV and
 * Rovers TV+ asks for Rovers TV. '?' (open to everyone) never names a tier.
 */
import type { VideoMembership } from "../schemas/shell";
import { EVERYONE_ENTITLEMENT } from "./video-lock";

const normalise = (code: string) => code.trim().toLowerCase();

/** The tier record for a video's entitlements, or null when no record maps any of them. */
export function membershipFor(
  memberships: readonly VideoMembership[],
  videoEntitlements: readonly string[],
): VideoMembership | null {
  const codes = new Set(videoEntitlements.map(normalise).filter((code) => code !== EVERYONE_ENTITLEMENT));
  let best: VideoMembership | null = null;
  for (const tier of memberships) {
    if (!tier.mappedEntitlements.some((code) => codes.has(normalise(code)))) continue;
    const cheaper =
      best === null ||
      tier.orderPosition < best.orderPosition ||
      (tier.orderPosition === best.orderPosition && tier.membershipID < best.membershipID);
    if (cheaper) best = tier;
  }
  return best;
}
