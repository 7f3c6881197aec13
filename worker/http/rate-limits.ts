import { z } from "zod";
import { firstOf, rowSchema } from "../db/rows";

/**
 * Fixed-window counters in D1 (table rate_limits): failed admin tokens, site-lock tries and
 * tracking-event batches, per address. The rules (which buckets, what limits) live with their
 * callers. Sign-in does not use them: a write per attempt at kick-off, and an address is not one
 * person there (worker/auth/sign-in-guard.ts).
 */
export interface RateRule {
  bucket: string;
  limit: number;
  windowSeconds: number;
}

export type RateVerdict = { ok: true } | { ok: false; retryAfter: number };

const countRow = rowSchema("rate_limits RETURNING count", { count: z.number() });

/** Counts one attempt against every rule; refused if any rule is over its limit in this window. */
export async function hitRateLimits(db: D1Database, rules: RateRule[], now = Date.now()): Promise<RateVerdict> {
  if (rules.length === 0) return { ok: true };
  const nowSeconds = Math.floor(now / 1000);
  const statements = rules.map((rule) => {
    const windowStart = nowSeconds - (nowSeconds % rule.windowSeconds);
    return db
      .prepare(
        `INSERT INTO rate_limits (bucket, window_start, count) VALUES (?1, ?2, 1)
         ON CONFLICT (bucket, window_start) DO UPDATE SET count = count + 1
         RETURNING count`,
      )
      .bind(rule.bucket, windowStart);
  });
  // Old windows are dropped now and then rather than on every attempt.
  if (Math.random() < 0.05) statements.push(db.prepare("DELETE FROM rate_limits WHERE window_start < ?1").bind(nowSeconds - 3600));
  const results = await db.batch(statements);
  let retryAfter = 0;
  rules.forEach((rule, i) => {
    const count = firstOf(countRow, results[i])?.count ?? 0;
    if (count > rule.limit) {
      const windowEnd = nowSeconds - (nowSeconds % rule.windowSeconds) + rule.windowSeconds;
      retryAfter = Math.max(retryAfter, windowEnd - nowSeconds);
    }
  });
  return retryAfter > 0 ? { ok: false, retryAfter } : { ok: true };
}

