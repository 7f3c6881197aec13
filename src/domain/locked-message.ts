/**
 * Spec §6 'Roles and permissions': the message a locked video shows, by the entitlement that
 * would unlock it, and the prompt a logged-out visitor sees instead (§8 'Restricted media').
 */
import { club } from "../config/club";
import type { VideoMembership } from "../schemas/shell";
import { ANY_LOGGED_IN_ENTITLEMENT, EVERYONE_ENTITLEMENT } from "./video-lock";

export const GENERIC_LOCKED_TITLE = "You must have a subscription pass to watch this content";
export const RESTRICTED_MEDIA_TITLE = "To View This Video Please Log In or Register An Account";
export const RESTRICTED_MEDIA_BUTTON = "Log In Or Register";
/** §8 'Video login warning', shown to visitors under a locked video. */
export const VIDEO_LOGIN_WARNING = "Sign in to your account to watch videos";
export const SUBSCRIPTIONS_PATH = "/videos/subscriptions";
/** The logged-in panel's button when no tier record speaks for the video: it opens the upgrade promo. */
export const UPGRADE_BUTTON = "Upgrade";

export const LOCKED_MESSAGES = {
  freemium: "Create a free club account to watch",
  mid: `Subscribe to ${club.tvName} to watch`,
  top: `Subscribe to ${club.tvPlusName} to watch`,
  vip: "This content is for VIP members: please contact your club liaison to watch",
} as const;

/** Cheapest first: a video open to several tiers asks for the cheapest one. */
const tierOrder: Array<{ codes: readonly string[]; message: string }> = [
  {
    codes: [ANY_LOGGED_IN_ENTITLEMENT, club.entitlements.free, club.entitlements.freemium],
    message: LOCKED_MESSAGES.freemium,
  },
  { codes: [club.entitlements.mid], message: LOCKED_MESSAGES.mid },
  { codes: [club.entitlements.top], message: LOCKED_MESSAGES.top },
  { codes: [club.entitlements.vip], message: LOCKED_MESSAGES.vip },
];

/** The locked message for one entitlement code; null for '?' (never locked) or an unknown code. */
export function lockedMessageFor(entitlement: string): string | null {
  const code = entitlement.trim().toLowerCase();
  if (code === EVERYONE_ENTITLEMENT) return null;
  return tierOrder.find((tier) => tier.codes.includes(code))?.message ?? null;
}

export interface LockedMessage {
  title: string;
  /** empty when no known tier unlocks the video */
  message: string;
}

/** Title and message of a locked video for a logged-in viewer, from the video's entitlements. */
export function lockedMessage(videoEntitlements: readonly string[]): LockedMessage {
  const codes = videoEntitlements.map((code) => code.trim().toLowerCase());
  const tier = tierOrder.find((t) => t.codes.some((code) => codes.includes(code)));
  return { title: GENERIC_LOCKED_TITLE, message: tier?.message ?? "" };
}

export interface LockedPrompt extends LockedMessage {
  button: { label: string; href: string } | null;
  /** true: the button opens the login prompt rather than navigating */
  opensLogin: boolean;
}

/**
 * What a locked video says. Logged out: log in or register (§6 'Anonymous'). Logged in: the
 * locked title, message and button of the tier record that unlocks the video (§3 'Video
 * membership', chosen by membershipFor), each falling back to the spec's text when the record
 * leaves it empty or no record maps the video's entitlements; the fallback button is 'Upgrade'
 * to the packages page.
 */
export function lockedPrompt(input: {
  loggedIn: boolean;
  videoEntitlements: readonly string[];
  tier?: VideoMembership | null;
}): LockedPrompt {
  if (!input.loggedIn) {
    return {
      title: RESTRICTED_MEDIA_TITLE,
      message: "",
      button: { label: RESTRICTED_MEDIA_BUTTON, href: "/account/login" },
      opensLogin: true,
    };
  }
  const spec = lockedMessage(input.videoEntitlements);
  const tier = input.tier ?? null;
  return {
    title: tier?.lockedVideoTitle.trim() || spec.title,
    message: tier?.lockedVideoMessage.trim() || spec.message,
    button: {
      label: tier?.buttonText.trim() || UPGRADE_BUTTON,
      href: tier?.buttonLink.trim() || SUBSCRIPTIONS_PATH,
    },
    opensLogin: false,
  };
}
