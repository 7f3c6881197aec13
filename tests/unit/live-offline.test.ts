import { describe, expect, it } from "vitest";
import { isOfflineRefusal, OFFLINE_BACKOFF, offlineNext } from "../../src/domain/live-offline";
import { reconnectDelay } from "../../src/domain/reconnect";
import { SESSION_ERROR_CODES, STREAM_SESSION_RELEASED } from "../../src/domain/session-errors";

/** A live player whose stream went off air: which refusal means off air, what it does next, how long it waits. */

describe("a stream off air under a player", () => {
  it("is the live rule's stream refusal, not a lost right", () => {
    expect(isOfflineRefusal(SESSION_ERROR_CODES.streamIssue)).toBe(true);
    for (const code of [SESSION_ERROR_CODES.notLoggedIn, SESSION_ERROR_CODES.notSubscribed, STREAM_SESSION_RELEASED, undefined]) expect(isOfflineRefusal(code)).toBe(false);
  });

  it("plays again when live, stops asking once ended, and waits otherwise (a status it could not read included)", () => {
    expect(offlineNext("active")).toBe("play");
    expect(offlineNext("disabled")).toBe("ended");
    expect(offlineNext("idle")).toBe("wait");
    expect(offlineNext(null)).toBe("wait");
  });

  it("asks again from about 2 s, doubling to at most 15 s", () => {
    expect(reconnectDelay(0, 0.999, OFFLINE_BACKOFF)).toBeLessThanOrEqual(2_000);
    expect(reconnectDelay(0, 0, OFFLINE_BACKOFF)).toBe(1_000);
    expect(reconnectDelay(3, 0.999, OFFLINE_BACKOFF)).toBeLessThanOrEqual(15_000);
    expect(reconnectDelay(3, 0.999, OFFLINE_BACKOFF)).toBeGreaterThan(14_000);
    expect(reconnectDelay(50, 0.5, OFFLINE_BACKOFF)).toBeLessThanOrEqual(15_000);
  });
});
