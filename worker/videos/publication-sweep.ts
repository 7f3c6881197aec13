import { z } from "zod";
import { firstRow, rowSchema } from "../db/rows";
import { invalidateCache } from "../cache/kv-cache";

/**
 * An embargo that lifts or an expiry that passes changes no row, so no console write retires the
 * cached pages, the home's data and the sitemap. The cron (every 5 minutes, wrangler.toml) calls
 * this: when a published video's publish_at or expires_at fell in the window since the last run,
 * the content cache is invalidated. Reads that are not cached (the search API, the playback gate and
 * every playlist) follow the clock to the second; cached ones within one cron interval.
 */
export const SWEEP_WINDOW_MS = 5 * 60 * 1000;
const crossedRow = rowSchema("videos crossing a bound", { n: z.number() });

export async function retireCrossedVideos(env: Pick<Env, "DB" | "CACHE">, now: Date): Promise<boolean> {
  const to = now.toISOString();
  const from = new Date(now.getTime() - SWEEP_WINDOW_MS).toISOString();
  const row = await firstRow(
    crossedRow,
    env.DB.prepare(
      `SELECT COUNT(*) AS n FROM videos WHERE publication_status = 'published'
         AND ((publish_at > ?1 AND publish_at <= ?2) OR (expires_at > ?1 AND expires_at <= ?2))`,
    ).bind(from, to),
  );
  if ((row?.n ?? 0) === 0) return false;
  await invalidateCache(env);
  return true;
}
