import { describe, expect, it } from "vitest";
import { reconnectDelay, SOCKET_BACKOFF } from "../../src/domain/reconnect";

describe("reconnectDelay", () => {
  it("doubles from the first step to the cap, each wait between half and all of its step", () => {
    const steps = [500, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000];
    steps.forEach((step, attempt) => {
      expect(reconnectDelay(attempt, 0)).toBe(step / 2);
      expect(reconnectDelay(attempt, 0.999999)).toBe(step);
      expect(reconnectDelay(attempt, 0.5)).toBe((step * 3) / 4);
    });
  });

  it("spreads a crowd: a thousand clients dropped at once do not come back in the same instant", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const waits = Array.from({ length: 1000 }, () => reconnectDelay(2, random()));
    expect(new Set(waits).size).toBeGreaterThan(500);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(1_000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(2_000);
  });

  it("clamps odd inputs", () => {
    expect(reconnectDelay(-3, 0)).toBe(SOCKET_BACKOFF.firstMs / 2);
    expect(reconnectDelay(1.7, 2)).toBe(1_000);
    expect(reconnectDelay(100, -1)).toBe(SOCKET_BACKOFF.maxMs / 2);
  });
});
