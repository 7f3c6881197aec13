import { describe, expect, it } from "vitest";
import { isEventAmount, isEventTime, LARGEST_AMOUNT_MINOR, LATEST_EVENT_SECONDS } from "../../src/domain/payment-event-bounds";
import { checkoutPriceMismatch } from "../../src/domain/checkout-price";

describe("the numbers a payment event may carry", () => {
  it.each([
    [0, true],
    [1_767_225_600, true], // 2026
    [LATEST_EVENT_SECONDS, true],
    [LATEST_EVENT_SECONDS + 1, false],
    [9e15, false],
    [-1, false],
    [1.5, false],
    [Number.POSITIVE_INFINITY, false],
    [Number.NaN, false],
    ["1767225600", false],
    [null, false],
  ])("a time of %s: %s", (value, ok) => {
    expect(isEventTime(value)).toBe(ok);
  });

  it("the latest time still makes an ISO date (a Date past it may not)", () => {
    expect(new Date(LATEST_EVENT_SECONDS * 1000).toISOString()).toBe("2100-01-01T00:00:00.000Z");
    expect(() => new Date(9e15 * 1000).toISOString()).toThrow(RangeError);
  });

  it.each([
    [0, true],
    [1299, true],
    [LARGEST_AMOUNT_MINOR, true],
    [LARGEST_AMOUNT_MINOR + 1, false],
    [-1299, false],
    [12.99, false],
    [2 ** 60, false],
    [Number.POSITIVE_INFINITY, false],
  ])("an amount of %s: %s", (value, ok) => {
    expect(isEventAmount(value)).toBe(ok);
  });
});

describe("what a completed checkout may grant", () => {
  it.each([
    ["payment", "one_time", null],
    ["subscription", "recurring", null],
    ["payment", "recurring", "a payment-mode checkout of a recurring price grants nothing (only a subscription does)"],
    ["subscription", "one_time", "a subscription-mode checkout of a one-off price grants nothing"],
  ] as const)("%s mode, %s price: %s", (mode, type, reason) => {
    expect(checkoutPriceMismatch(mode, type)).toBe(reason);
  });
});
