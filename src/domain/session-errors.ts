/**
 * Spec §8 'Session check codes': the streamline session check answers 403 with errors[0].code;
 * each code maps to a playback-prevention type and the text the audio/video player shows.
 * Quoted texts are the spec's; the others are written from the spec's description.
 */
import { withCode } from "./access-status";
import { COUNTRY_BLOCKED_MESSAGE } from "./playback-access";

export type SessionErrorType = "requireLogin" | "blocked" | "requirePremium";

export interface SessionError {
  code: string;
  type: SessionErrorType;
  message: string;
  /** a second line: what the user can do */
  detail: string;
}

export const SESSION_ERROR_CODES = {
  notLoggedIn: "ERR_3684853_1",
  streamIssue: "ERR_3684853_2",
  notSubscribed: "ERR_3684853_3",
  accountBlocked: "ERR_56882466_1",
  countryBlocked: "ERR_56882466_2",
  concurrentLimit: "ERR_54648_1",
} as const;

/**
 * Not a session check code: the media gate's and the renewal's answer for a stream session that
 * was released (another device pressed 'Sign out other devices', or it went 75 s without a ping).
 * The spec has no text of its own for it; the player shows ERR_54648_1's, the text of the
 * account's concurrent streams, because that is what took it: a slot of this account's limit went
 * to another device, and its advice (log out of other devices and try again) is what brings the
 * stream back. A release for a lost right, a block or a sign-out is told by those codes instead.
 */
export const STREAM_SESSION_RELEASED = "STREAM_SESSION_RELEASED";

const CONCURRENT_STREAMS: Omit<SessionError, "code"> = {
  type: "blocked",
  message: "Your account has reached the limit of concurrent streams",
  detail: "Please log out of other devices and try again",
};

const catalogue: Record<string, Omit<SessionError, "code">> = {
  [SESSION_ERROR_CODES.notLoggedIn]: {
    type: "requireLogin",
    message: "Please Log In to access this stream",
    detail: "",
  },
  [SESSION_ERROR_CODES.streamIssue]: {
    type: "blocked",
    message: "Sorry, there is an issue with this stream",
    detail: "Please contact support",
  },
  [SESSION_ERROR_CODES.notSubscribed]: {
    type: "requirePremium",
    message: "Sorry but you are not subscribed to this stream",
    detail: "Upgrade your subscription or read the FAQs",
  },
  [SESSION_ERROR_CODES.accountBlocked]: {
    type: "blocked",
    message: "Your account has been blocked by an administrator",
    detail: "",
  },
  [SESSION_ERROR_CODES.countryBlocked]: {
    type: "blocked",
    // One text for on demand and live: the spec's §8 line (src/domain/playback-access.ts).
    message: COUNTRY_BLOCKED_MESSAGE,
    detail: "",
  },
  [SESSION_ERROR_CODES.concurrentLimit]: CONCURRENT_STREAMS,
  [STREAM_SESSION_RELEASED]: CONCURRENT_STREAMS,
};


export const UNKNOWN_SESSION_ERROR_MESSAGE = "Sorry, there has been a problem accessing this stream";

export function sessionError(code: string): SessionError {
  const known = Object.hasOwn(catalogue, code) ? catalogue[code] : undefined;
  if (known) return { code, ...known };
  return { code, type: "blocked", message: withCode(UNKNOWN_SESSION_ERROR_MESSAGE, code), detail: "" };
}
