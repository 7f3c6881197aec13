import { minuteOf } from "../../src/domain/live-now";
import { deviceName } from "../../src/domain/device-name";

/**
 * The running counts of 'Live now', written where the live session check decides
 * (worker/live/live-session-routes.ts). The release side is the StreamSessions object's
 * (durable-objects/released-stream-sessions.ts): it deletes the open row in the batch that lists
 * the session as released. Counting never refuses or delays a viewer: a failed write is logged.
 */

/**
 * An admitted session: one row keyed by its id. Skipped when the session is already released (a
 * block or a sign-out racing the admission), so a released session is never counted as open.
 */
export async function countAdmission(db: D1Database, session: { id: string; assetID: string; userAgent: string }, now = Date.now()): Promise<void> {
  await logged("admission", () =>
    db
      .prepare(
        `INSERT INTO open_stream_sessions (id, asset_id, device, started_at)
         SELECT ?1, ?2, ?3, ?4 WHERE NOT EXISTS (SELECT 1 FROM released_stream_sessions WHERE id = ?1)`,
      )
      .bind(session.id, session.assetID, deviceName(session.userAgent), now)
      .run(),
  );
}

/** Refusals are kept this long; older minute rows go as new ones are written. */
export const REFUSALS_KEEP_MINUTES = 24 * 60;

/** A session check refused at the concurrency limit: its minute's row goes up by one. */
export async function countRefusal(db: D1Database, now = Date.now()): Promise<void> {
  const minute = minuteOf(now);
  await logged("refusal", () =>
    db.batch([
      db.prepare("INSERT INTO live_refusals (minute, refusals) VALUES (?1, 1) ON CONFLICT (minute) DO UPDATE SET refusals = refusals + 1").bind(minute),
      db.prepare("DELETE FROM live_refusals WHERE minute < ?1").bind(minute - REFUSALS_KEEP_MINUTES),
    ]),
  );
}

async function logged(what: string, write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    console.error(JSON.stringify({ msg: "live count not written", what, error: String(error) }));
  }
}
