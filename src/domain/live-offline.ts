import type { Backoff } from "./reconnect";
import { SESSION_ERROR_CODES } from "./session-errors";

/**
 * A live stream that goes off air under a player (the push stopped, the encoder vanished, staff
 * ended the event): the player says so in the words the live pages use for a stream that is not
 * running, instead of spinning on a playlist that is no longer served, and comes back by itself
 * when the stream does.
 */

/** What a live screen says while its stream is not running (the live page, the match centre, a player it stopped under). */
export const STREAM_OFFLINE_TEXT = {
  idle: "This stream has not started yet",
  disabled: "This stream is not available",
  message: "The player is live only during the match. Please come back at kick-off.",
} as const;

/**
 * How often a player whose stream went idle asks again: from 2 s (a push restarting comes back
 * at once) doubling to 15 s, with jitter, so a stadium of players whose stream dropped together
 * do not all ask in the same instant (src/domain/reconnect.ts).
 */
export const OFFLINE_BACKOFF: Backoff = { firstMs: 2_000, maxMs: 15_000 };

/** The live rule's refusal for a stream that is not running (src/domain/live-session-access.ts). */
export const isOfflineRefusal = (code: string | undefined): boolean => code === SESSION_ERROR_CODES.streamIssue;

/** What a player waiting for its stream does on the stream's status: play again, keep waiting, or stop for good (ended). */
export function offlineNext(status: "idle" | "active" | "disabled" | null): "play" | "wait" | "ended" {
  if (status === "disabled") return "ended";
  return status === "active" ? "play" : "wait";
}
