import type { Context } from "hono";
import { ApiError } from "../http/api-error";
import type { AppEnv } from "../env";
import { video } from "../videos/queries";
import { playbackRefusal, type PlaybackRefusal } from "../../src/domain/playback-access";
import type { Video } from "../../src/schemas/videos";

/**
 * The on-demand access rule applied to this request: the video's entitlements against the account
 * the session middleware has just read from D1 (entitlements as they are now: a cancellation, a
 * full refund, a dispute or an ended pass has already taken its code away; blocked; bypassed), by
 * src/domain/playback-access.ts. The playback gate (POST /api/playback, also the player's renewal)
 * and every on-demand playlist, master and media level, apply this one rule, so a lost right is
 * refused at the next playlist with the same code and text as at the gate.
 * Needs the session middleware in front of it. `entry` null: no such video.
 */
export async function playbackRight(c: Context<AppEnv>, entryId: string): Promise<{ entry: null } | { entry: Video; refusal: PlaybackRefusal | null }> {
  const entry = await video(c.env.DB, entryId);
  if (!entry) return { entry: null };
  const user = c.get("user");
  const session = c.get("session");
  return { entry, refusal: playbackRefusal(entry.entitlements, user && session ? user : null) };
}

/** A refusal of the rule, as the gate answers it: the code, its text and spec §4's access status for the player. */
export function refusePlayback(refusal: PlaybackRefusal, headers: Record<string, string> = {}): never {
  throw new ApiError(refusal.httpStatus, refusal.code, refusal.detail, headers, [{ code: refusal.code, detail: refusal.detail, status: refusal.accessStatus }]);
}
