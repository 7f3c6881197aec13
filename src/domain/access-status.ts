/**
 * Spec §4 'Access status when starting a player' and §8 'Audio and video access by status':
 * what the player shows for the status the payment/streaming service returns.
 */
export const LOGIN_PATH = "/account/login";
export const FAQ_PATH = "/videos/faqs";
/** Support contact of the access messages; blank in configuration (spec §8). */
export const SUPPORT_CONTACT = "";

export const ACCESS_STATUS = {
  granted: -1,
  notLoggedIn: 0,
  noSubscription: 1,
  insufficientEntitlements: 2,
  blocked: 3,
} as const;

export const ACCESS_MESSAGES = {
  notLoggedIn: "Please Log In to access this",
  noSubscription: "Sorry but you do not have any subscriptions",
  insufficientEntitlements: "Sorry but you are not subscribed to this stream",
  blocked: "Your account has been blocked by an administrator",
  other: "Sorry, there has been a problem accessing this stream",
} as const;

/**
 * play: embed the player with the session key; login: link to /account/login and raise the
 * on-demand login prompt; upgrade: upgrade prompt with FAQ link and support contact;
 * none: message only.
 */
export type AccessAction = "play" | "login" | "upgrade" | "none";

export interface AccessOutcome {
  granted: boolean;
  status: number;
  /** empty when granted */
  message: string;
  action: AccessAction;
  link: { href: string; label: string } | null;
  faqLink: string | null;
  supportContact: string | null;
}

/** Appends the code the way every "problem accessing this stream" message shows it. */
export function withCode(message: string, code: string | number): string {
  return `${message} (code ${code})`;
}

export function accessOutcome(status: number): AccessOutcome {
  const base = { status, link: null, faqLink: null, supportContact: null };
  switch (status) {
    case ACCESS_STATUS.granted:
      return { ...base, granted: true, message: "", action: "play" };
    case ACCESS_STATUS.notLoggedIn:
      return {
        ...base,
        granted: false,
        message: ACCESS_MESSAGES.notLoggedIn,
        action: "login",
        link: { href: LOGIN_PATH, label: "Log In" },
      };
    case ACCESS_STATUS.noSubscription:
      return {
        ...base,
        granted: false,
        message: ACCESS_MESSAGES.noSubscription,
        action: "upgrade",
        faqLink: FAQ_PATH,
        supportContact: SUPPORT_CONTACT,
      };
    case ACCESS_STATUS.insufficientEntitlements:
      return { ...base, granted: false, message: ACCESS_MESSAGES.insufficientEntitlements, action: "upgrade" };
    case ACCESS_STATUS.blocked:
      return { ...base, granted: false, message: ACCESS_MESSAGES.blocked, action: "none" };
    default:
      return { ...base, granted: false, message: withCode(ACCESS_MESSAGES.other, status), action: "none" };
  }
}
