import type { Context } from "hono";
import { jsonError } from "./errors";
import { sha256Base64Url } from "./constant-time";

/**
 * Sign-in attempts are counted in fixed windows in D1 (table rate_limits), per IP and per
 * username, so password guessing is slow whichever of the two an attacker varies.
 */
export interface RateRule {
  bucket: string;
  limit: number;
  windowSeconds: number;
}

export const SIGN_IN_LIMITS = {
  perIp: { limit: 10, windowSeconds: 60 },
  perUsername: { limit: 5, windowSeconds: 60 },
} as const;

export type RateVerdict = { ok: true } | { ok: false; retryAfter: number };

/** Rules for one sign-in attempt; usernames are hashed so the table holds no email addresses. */
export async function signInRules(ip: string, username?: string): Promise<RateRule[]> {
  const rules: RateRule[] = [{ bucket: `ip:${ip}`, ...SIGN_IN_LIMITS.perIp }];
  if (username) rules.push({ bucket: `user:${await sha256Base64Url(username.trim().toLowerCase())}`, ...SIGN_IN_LIMITS.perUsername });
  return rules;
}

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
  const results = await db.batch<{ count: number }>(statements);
  let retryAfter = 0;
  rules.forEach((rule, i) => {
    const count = results[i]?.results?.[0]?.count ?? 0;
    if (count > rule.limit) {
      const windowEnd = nowSeconds - (nowSeconds % rule.windowSeconds) + rule.windowSeconds;
      retryAfter = Math.max(retryAfter, windowEnd - nowSeconds);
    }
  });
  return retryAfter > 0 ? { ok: false, retryAfter } : { ok: true };
}

export const RATE_LIMITED_DETAIL = "Too many sign-in attempts. Please try again in a few minutes.";

export function rateLimitedResponse(c: Context, retryAfter: number, detail = RATE_LIMITED_DETAIL) {
  return jsonError(c, 429, "RATE_LIMITED", detail, { "Retry-After": String(Math.max(1, retryAfter)) });
}
