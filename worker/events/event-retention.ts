import { TRACKING_ACTIONS } from "../../src/domain/tracking-event";

/**
 * How long the D1 store keeps tracking events (docs/commercial.md 'Tracking events'): 90 days, the
 * span the club's reports look back over; older rows are deleted by the scheduled sweep
 * (worker/index.ts). An Analytics Engine dataset keeps its own retention and is not touched.
 */
export const TRACKING_RETENTION_DAYS = 90;
/** Rows deleted per action per sweep: a sweep stays short however far behind it starts. */
export const PRUNE_BATCH = 5_000;

/** The oldest `received_at` kept at `now` (ISO 8601, as the column holds it). */
export function retentionCutoff(now: Date, days = TRACKING_RETENTION_DAYS): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString();
}

/**
 * One bounded delete per action: each walks the (action, received_at) index, so a sweep never
 * scans the table. Answers how many rows went.
 */
export async function pruneTrackingEvents(db: D1Database, now: Date): Promise<number> {
  const cutoff = retentionCutoff(now);
  const results = await db.batch([
    ...TRACKING_ACTIONS.map((action) =>
      db
        .prepare("DELETE FROM tracking_events WHERE id IN (SELECT id FROM tracking_events WHERE action = ?1 AND received_at < ?2 LIMIT ?3)")
        .bind(action, cutoff, PRUNE_BATCH),
    ),
    // the console funnel's visits (migrations/0020) are kept as long, on the same terms
    db
      .prepare("DELETE FROM tracking_visits WHERE (day, session_id) IN (SELECT day, session_id FROM tracking_visits WHERE day < ?1 LIMIT ?2)")
      .bind(cutoff.slice(0, 10), PRUNE_BATCH),
    db.prepare("DELETE FROM tracking_visit_days WHERE day < ?1").bind(cutoff.slice(0, 10)),
  ]);
  return results.slice(0, TRACKING_ACTIONS.length).reduce((sum, r) => sum + (r.meta.changes ?? 0), 0);
}
