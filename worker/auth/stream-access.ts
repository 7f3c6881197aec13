import type { SessionUser } from "./identity";

/**
 * Blocked accounts are refused everywhere that streams (spec §6 'Blocked user', §8 session check
 * codes). Later issues (session check, playback tokens, /media, the StreamSessions socket) call
 * this before granting anything; the codes are the streamline service's.
 */
export interface StreamRefusal {
  status: 401 | 403;
  code: "ERR_3684853_1" | "ERR_56882466_1" | "ERR_56882466_2";
  detail: string;
}

export function assertCanStream(user: SessionUser | null): StreamRefusal | null {
  if (!user) return { status: 401, code: "ERR_3684853_1", detail: "Please Log In to access this stream" };
  if (user.blocked && user.blockedReason === "country") {
    return { status: 403, code: "ERR_56882466_2", detail: "Users in this country are not allowed to play this stream" };
  }
  if (user.blocked) return { status: 403, code: "ERR_56882466_1", detail: "Your account has been blocked by an administrator" };
  return null;
}

/** The refusal as the API's error body: `{ errors: [{ code, detail }] }`. */
export function streamRefusalBody(refusal: StreamRefusal) {
  return { errors: [{ code: refusal.code, detail: refusal.detail }] };
}
