import { z } from "zod";
import { allRows, firstRow, rowSchema } from "../db/rows";
import { claimAndProject } from "./publish";

/**
 * Scheduled articles go live by themselves: the ArticleScheduler Durable Object
 * (scheduler-object.ts) holds an alarm at the next `publish_at`, and the cron (every five
 * minutes, worker/index.ts) runs the same sweep as a safety net. Both call publishDue; an article
 * is claimed by a conditional UPDATE (`status = 'scheduled' AND publish_at <= now`), so however
 * many sweeps run at once each article is published once. `now` is a parameter: tests move it.
 */
export const SCHEDULER_ACTOR = "scheduler";
/** A sweep publishes at most this many articles; the alarm comes straight back for the rest. */
const SWEEP_LIMIT = 50;

const dueRow = rowSchema("articles due", { id: z.number() });

/** Publishes every article due at `now`; answers the ids this sweep published. */
export async function publishDue(env: Pick<Env, "DB" | "CACHE">, now: Date): Promise<number[]> {
  const at = now.toISOString();
  const due = await allRows(dueRow, env.DB.prepare(`SELECT id FROM articles WHERE status = 'scheduled' AND publish_at <= ?1 ORDER BY publish_at, id LIMIT ${SWEEP_LIMIT}`).bind(at));
  const published: number[] = [];
  for (const { id } of due) {
    const claim = env.DB.prepare(
      `UPDATE articles SET status = 'published', pending = 0, published_at = COALESCE(published_at, publish_at), publish_at = NULL,
         version = version + 1, updated_at = ?2, updated_by = ?3
       WHERE id = ?1 AND status = 'scheduled' AND publish_at <= ?2`,
    ).bind(id, at, SCHEDULER_ACTOR);
    if (await claimAndProject(env, id, claim, "publish (scheduled)", SCHEDULER_ACTOR)) published.push(id);
  }
  return published;
}

/** When the next scheduled article is due (ms since the epoch), or null when none is. */
export async function nextDue(db: D1Database): Promise<number | null> {
  const row = await firstRow(rowSchema("next due", { at: z.string().nullable() }), db.prepare("SELECT MIN(publish_at) AS at FROM articles WHERE status = 'scheduled'"));
  const at = row?.at ? Date.parse(row.at) : NaN;
  return Number.isNaN(at) ? null : at;
}

/** Tells the scheduler object a schedule changed, so its alarm is set to the next due time. */
export async function armScheduler(env: Pick<Env, "ARTICLE_SCHEDULER">): Promise<void> {
  const stub = env.ARTICLE_SCHEDULER.get(env.ARTICLE_SCHEDULER.idFromName("news"));
  await stub.rearm();
}
