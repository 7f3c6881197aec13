import { LIVE_TOKEN_TTL_SECONDS, MEDIA_TOKEN_GRACE_SECONDS } from "../src/domain/timings";

/**
 * The D1 list of released live stream sessions (migration 0010). StreamSessions writes
 * to it before it forgets a session; the live playlist gate and the live token renewal read it.
 * D1 answers from its primary, so a release is seen by the very next playlist request, from any
 * isolate.
 *
 * A row guards the tokens of its session. Live tokens live LIVE_TOKEN_TTL_SECONDS, a live playlist
 * still reads one MEDIA_TOKEN_GRACE_SECONDS past that (a native player's reloads), and a released
 * session is never renewed, so once both have passed (plus a margin for clocks) the row guards
 * nothing and goes as new ones arrive.
 */
export const RELEASED_KEEP_SECONDS = LIVE_TOKEN_TTL_SECONDS + MEDIA_TOKEN_GRACE_SECONDS + 5 * 60;

/**
 * Lists the sessions as released and, in the same batch, takes them off the console's open
 * sessions (migration 0017): the running count of viewers falls exactly when the release is seen.
 */
export async function markReleased(db: D1Database, sessionIds: readonly string[], now = Date.now()): Promise<void> {
  if (sessionIds.length === 0) return;
  const forgetBefore = now - RELEASED_KEEP_SECONDS * 1000;
  await db.batch([
    ...sessionIds.map((id) => db.prepare("INSERT OR IGNORE INTO released_stream_sessions (id, released_at) VALUES (?1, ?2)").bind(id, now)),
    ...sessionIds.map((id) => db.prepare("DELETE FROM open_stream_sessions WHERE id = ?1").bind(id)),
    db.prepare("DELETE FROM released_stream_sessions WHERE released_at < ?1").bind(forgetBefore),
  ]);
}

export async function isReleased(db: D1Database, sessionId: string): Promise<boolean> {
  return (await db.prepare("SELECT 1 AS released FROM released_stream_sessions WHERE id = ?1").bind(sessionId).first()) !== null;
}
