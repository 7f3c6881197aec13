import { describe, expect, it } from "vitest";
import { SIGN_IN_BACKOFF as B, guessingRunUnderWay, signInVerdict, waitAfterFailures } from "../../src/domain/sign-in-backoff";

const NOW = 1_900_000_000;

describe("sign-in back-off (failures counted after the password check)", () => {
  it("lets an address with no failure on the account through, even during a guessing run", () => {
    expect(signInVerdict(null, 0, NOW)).toEqual({ ok: true });
    expect(signInVerdict(null, 10_000, NOW)).toEqual({ ok: true });
    expect(signInVerdict({ failures: 0, lastFailureAt: NOW }, 10_000, NOW)).toEqual({ ok: true });
  });

  it("gives each address its free failures (typos), then waits, doubling each time", () => {
    expect(waitAfterFailures(B.freeFailures - 1, false)).toBe(0);
    expect(waitAfterFailures(B.freeFailures, false)).toBe(B.firstWaitSeconds);
    expect(waitAfterFailures(B.freeFailures + 1, false)).toBe(2 * B.firstWaitSeconds);
    expect(waitAfterFailures(B.freeFailures + 3, false)).toBe(8 * B.firstWaitSeconds);
    expect(signInVerdict({ failures: B.freeFailures - 1, lastFailureAt: NOW }, B.freeFailures - 1, NOW)).toEqual({ ok: true });
    expect(signInVerdict({ failures: B.freeFailures, lastFailureAt: NOW }, B.freeFailures, NOW)).toEqual({ ok: false, retryAfter: B.firstWaitSeconds });
    // the wait counts from the last failure
    expect(signInVerdict({ failures: B.freeFailures, lastFailureAt: NOW - 1 }, B.freeFailures, NOW)).toEqual({ ok: false, retryAfter: B.firstWaitSeconds - 1 });
    expect(signInVerdict({ failures: B.freeFailures, lastFailureAt: NOW - B.firstWaitSeconds }, B.freeFailures, NOW)).toEqual({ ok: true });
  });

  it("during a guessing run (the account's ceiling reached) gives one free failure per address and a longer first wait", () => {
    expect(guessingRunUnderWay(B.accountCeiling - 1)).toBe(false);
    expect(guessingRunUnderWay(B.accountCeiling)).toBe(true);
    expect(signInVerdict({ failures: 1, lastFailureAt: NOW }, B.accountCeiling - 1, NOW)).toEqual({ ok: true });
    expect(signInVerdict({ failures: 1, lastFailureAt: NOW }, B.accountCeiling, NOW)).toEqual({ ok: false, retryAfter: B.firstWaitDuringRunSeconds });
    expect(waitAfterFailures(3, true)).toBe(4 * B.firstWaitDuringRunSeconds);
  });

  it("caps every wait, also for absurd counts", () => {
    expect(waitAfterFailures(1_000_000, false)).toBe(B.maxWaitSeconds);
    expect(waitAfterFailures(1_000_000, true)).toBe(B.maxWaitSeconds);
    expect(signInVerdict({ failures: 1_000_000, lastFailureAt: NOW }, 1_000_000, NOW)).toEqual({ ok: false, retryAfter: B.maxWaitSeconds });
  });

  it("forgets failures older than the window", () => {
    const old = NOW - B.windowSeconds;
    expect(signInVerdict({ failures: 50, lastFailureAt: old }, 50, NOW)).toEqual({ ok: true });
    expect(signInVerdict({ failures: 50, lastFailureAt: old + 1 }, 50, NOW).ok).toBe(false);
  });
});
