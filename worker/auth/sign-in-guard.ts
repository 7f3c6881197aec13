import { z } from "zod";
import { firstRow, rowSchema } from "../db/rows";
import { sha256Base64Url } from "./constant-time";
import { normaliseUsername } from "../../src/domain/direct-login";
import { SIGN_IN_BACKOFF, signInVerdict, type SignInVerdict } from "../../src/domain/sign-in-backoff";

/**
 * The limits around a password check (the site's direct login, and the dev portal's form that
 * stands in for a real portal's). What each one stops:
 *
 * - `SIGN_IN_ADDRESS_LIMIT` (Workers Rate Limiting binding, wrangler.toml): a flood ceiling per
 *   address, high enough for a stadium behind one address. No D1: it costs nothing at kick-off.
 * - the back-off of src/domain/sign-in-backoff.ts, from failures counted in D1 after the password
 *   check (`sign_in_failures`): slows a guessing run per account, from one address or many, and
 *   never refuses an address that has not failed on that account itself. D1 because the count must
 *   hold across Cloudflare locations and for minutes (the binding counts per location, in 10 or 60
 *   s windows, and cannot count failures only: it has no read without a hit). Good sign-ins only
 *   read it; failures write one row.
 * - `SIGN_IN_PAIR_LIMIT` (binding): attempts of one account from one address per minute, counted
 *   before the check, so a burst of parallel guesses cannot all pass before their failures land in D1.
 */

/** What a binding refusal tells the client to wait: the bindings' period. */
const BINDING_PERIOD_SECONDS = 60;

/** One attempt's keys: hashes, so neither D1 nor the limiter holds an email or IP address. */
export interface AttemptKey {
  account: string;
  address: string;
}

export async function attemptKey(username: string, ip: string): Promise<AttemptKey> {
  const [account, address] = await Promise.all([sha256Base64Url(normaliseUsername(username)), sha256Base64Url(ip)]);
  return { account, address };
}

type Limiters = Pick<Env, "SIGN_IN_ADDRESS_LIMIT" | "SIGN_IN_PAIR_LIMIT">;

/**
 * Counts one request from this address against its ceiling (`what`: the kind of request, so a
 * sign-in's form post and its callback do not share one budget).
 */
export async function withinAddressCeiling(env: Limiters, what: "password" | "register" | "exchange", ip: string): Promise<SignInVerdict> {
  const { success } = await env.SIGN_IN_ADDRESS_LIMIT.limit({ key: `${what}:${await sha256Base64Url(ip)}` });
  return success ? { ok: true } : { ok: false, retryAfter: BINDING_PERIOD_SECONDS };
}

const failureRow = rowSchema("sign_in_failures (sums)", {
  account_failures: z.number(),
  pair_failures: z.number(),
  pair_last: z.number().nullable(),
});

export interface AttemptState {
  /** failures of this account from this address within the window (0: nothing to clear on success) */
  pairFailures: number;
}

/** The back-off's counts for this attempt: one read, whatever the number of addresses. */
export async function readFailures(db: D1Database, key: AttemptKey, now: number) {
  const row = await firstRow(
    failureRow,
    db
      .prepare(
        `SELECT COALESCE(SUM(failures), 0) AS account_failures,
                COALESCE(SUM(CASE WHEN address = ?2 THEN failures END), 0) AS pair_failures,
                MAX(CASE WHEN address = ?2 THEN last_failure_at END) AS pair_last
           FROM sign_in_failures WHERE account = ?1 AND last_failure_at > ?3`,
      )
      .bind(key.account, key.address, now - SIGN_IN_BACKOFF.windowSeconds),
  );
  return {
    accountFailures: row?.account_failures ?? 0,
    pair: row && row.pair_last !== null ? { failures: row.pair_failures, lastFailureAt: row.pair_last } : null,
  };
}

/**
 * May this attempt have its password checked? In order: the address's ceiling, the back-off, then
 * the pair's burst limit (counted last, so attempts already refused do not spend it).
 */
export async function checkAttempt(
  env: Limiters & { DB: D1Database },
  ip: string,
  key: AttemptKey,
  now = Math.floor(Date.now() / 1000),
): Promise<SignInVerdict & AttemptState> {
  const ceiling = await withinAddressCeiling(env, "password", ip);
  if (!ceiling.ok) return { ...ceiling, pairFailures: 0 };
  const { accountFailures, pair } = await readFailures(env.DB, key, now);
  const pairFailures = pair?.failures ?? 0;
  const verdict = signInVerdict(pair, accountFailures, now);
  if (!verdict.ok) return { ...verdict, pairFailures };
  const burst = await env.SIGN_IN_PAIR_LIMIT.limit({ key: `${key.account}:${key.address}` });
  return burst.success ? { ok: true, pairFailures } : { ok: false, retryAfter: BINDING_PERIOD_SECONDS, pairFailures };
}

/** A wrong password: one more failure for this pair (a count older than the window starts again). */
export async function recordFailure(db: D1Database, key: AttemptKey, now = Math.floor(Date.now() / 1000)): Promise<void> {
  const statements = [
    db
      .prepare(
        `INSERT INTO sign_in_failures (account, address, failures, last_failure_at) VALUES (?1, ?2, 1, ?3)
         ON CONFLICT (account, address) DO UPDATE SET
           failures = CASE WHEN last_failure_at <= ?3 - ?4 THEN 1 ELSE failures + 1 END,
           last_failure_at = ?3`,
      )
      .bind(key.account, key.address, now, SIGN_IN_BACKOFF.windowSeconds),
  ];
  // Rows past the window are dropped now and then, on a failure (never on a good sign-in).
  if (Math.random() < 0.05) {
    statements.push(db.prepare("DELETE FROM sign_in_failures WHERE last_failure_at <= ?1").bind(now - SIGN_IN_BACKOFF.windowSeconds));
  }
  await db.batch(statements);
}

/** The right password: this address's failures on this account are forgotten (others' stay). */
export async function recordSuccess(db: D1Database, key: AttemptKey, state: AttemptState): Promise<void> {
  if (state.pairFailures === 0) return; // the usual case: no write at all
  await db.prepare("DELETE FROM sign_in_failures WHERE account = ?1 AND address = ?2").bind(key.account, key.address).run();
}
