/**
 * How long a password attempt must wait, from the failures already counted (after the password
 * check) for its account. Two counts matter, both over the last `windowSeconds`:
 *
 * - the pair's: failures of this account from this address. A few are free (typos), then each
 *   further attempt from that address waits longer (doubling, capped). Only that address waits, so
 *   the owner signing in from anywhere else is never slowed by someone else's guesses.
 * - the account's: failures from every address. Past `accountCeiling` a guessing run is under way,
 *   so every address gets only one free failure and a longer first wait. A fresh address still gets
 *   its first check: that is what lets the owner in during the run, and it costs an attacker one
 *   address per guess, then a doubling wait on each.
 *
 * Nothing here ever refuses an address that has not failed on this account itself: there is no
 * lock-out for the owner to fall into, and a stadium's shared address is never counted as one person.
 */
export const SIGN_IN_BACKOFF = {
  /** failures older than this are forgotten */
  windowSeconds: 15 * 60,
  /** failures of one account from one address before any wait */
  freeFailures: 5,
  /** the first wait once those are spent; each further failure doubles it */
  firstWaitSeconds: 2,
  /** failures of one account from all addresses that mean a guessing run is under way */
  accountCeiling: 20,
  /** during a run: free failures per address, and the first wait after them */
  freeFailuresDuringRun: 1,
  firstWaitDuringRunSeconds: 10,
  /** no wait is longer than this */
  maxWaitSeconds: 15 * 60,
} as const;

export interface PairFailures {
  /** failures of this account from this address within the window */
  failures: number;
  /** when the last of them happened (unix seconds) */
  lastFailureAt: number;
}

export type SignInVerdict = { ok: true } | { ok: false; retryAfter: number };

/** Whether the account counts as under a guessing run (its failures from all addresses). */
export function guessingRunUnderWay(accountFailures: number): boolean {
  return accountFailures >= SIGN_IN_BACKOFF.accountCeiling;
}

/** The wait after `failures` failures of one pair, in seconds (0: no wait yet). */
export function waitAfterFailures(failures: number, duringRun: boolean): number {
  const free = duringRun ? SIGN_IN_BACKOFF.freeFailuresDuringRun : SIGN_IN_BACKOFF.freeFailures;
  if (failures < free) return 0;
  const first = duringRun ? SIGN_IN_BACKOFF.firstWaitDuringRunSeconds : SIGN_IN_BACKOFF.firstWaitSeconds;
  // 2^20 already exceeds any cap; keeps the power finite for absurd counts.
  const doublings = Math.min(failures - free, 20);
  return Math.min(SIGN_IN_BACKOFF.maxWaitSeconds, first * 2 ** doublings);
}

/**
 * May this attempt have its password checked now? `pair` is null when this address has no failure
 * on this account within the window; `now` in unix seconds.
 */
export function signInVerdict(pair: PairFailures | null, accountFailures: number, now: number): SignInVerdict {
  if (!pair || pair.failures <= 0 || pair.lastFailureAt <= now - SIGN_IN_BACKOFF.windowSeconds) return { ok: true };
  const wait = waitAfterFailures(pair.failures, guessingRunUnderWay(accountFailures));
  const readyAt = pair.lastFailureAt + wait;
  return readyAt > now ? { ok: false, retryAfter: readyAt - now } : { ok: true };
}
