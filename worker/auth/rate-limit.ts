import type { Context } from "hono";
import { apiError } from "../http/api-error";
import { sha256Base64Url } from "./constant-time";
import type { RateRule } from "../http/rate-limits";

/**
 * Sign-in attempts are counted in fixed windows in D1 (worker/http/rate-limits.ts), per IP and
 * per username, so password guessing is slow whichever of the two an attacker varies.
 */

export const SIGN_IN_LIMITS = {
  perIp: { limit: 10, windowSeconds: 60 },
  perUsername: { limit: 5, windowSeconds: 60 },
} as const;

/** Rules for one sign-in attempt; usernames are hashed so the table holds no email addresses. */
export async function signInRules(ip: string, username?: string): Promise<RateRule[]> {
  const rules: RateRule[] = [{ bucket: `ip:${ip}`, ...SIGN_IN_LIMITS.perIp }];
  if (username) rules.push({ bucket: `user:${await sha256Base64Url(username.trim().toLowerCase())}`, ...SIGN_IN_LIMITS.perUsername });
  return rules;
}

export const RATE_LIMITED_DETAIL = "Too many sign-in attempts. Please try again in a few minutes.";

export function rateLimitedResponse(c: Context, retryAfter: number, detail = RATE_LIMITED_DETAIL) {
  return apiError(c, 429, "RATE_LIMITED", detail, { "Retry-After": String(Math.max(1, retryAfter)) });
}
