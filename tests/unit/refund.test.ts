import { describe, expect, it } from "vitest";
import { checkRefund } from "../../src/domain/refund";

describe("checkRefund", () => {
  it("refunds what is left when no amount is typed, and calls it full", () => {
    expect(checkRefund("", 499, 0)).toEqual({ ok: true, pence: 499, full: true });
    expect(checkRefund("  ", 499, 200)).toEqual({ ok: true, pence: 299, full: true });
  });
  it("takes a part in pounds, and the rest of it is full", () => {
    expect(checkRefund("2", 499, 0)).toEqual({ ok: true, pence: 200, full: false });
    expect(checkRefund("£2.99", 499, 200)).toEqual({ ok: true, pence: 299, full: true });
  });
  it("refuses more than is left, nothing, words and a payment already refunded", () => {
    expect(checkRefund("5", 499, 0)).toEqual({ ok: false, problem: "At most £4.99, what is left of this payment" });
    expect(checkRefund("0", 499, 0)).toEqual({ ok: false, problem: "At least 1p" });
    expect(checkRefund("four", 499, 0)).toEqual({ ok: false, problem: "An amount in pounds, such as 4.99" });
    expect(checkRefund("-1", 499, 0)).toEqual({ ok: false, problem: "An amount in pounds, such as 4.99" });
    expect(checkRefund("", 499, 499)).toEqual({ ok: false, problem: "Nothing is left to refund on this payment" });
    expect(checkRefund("", 0, 0)).toEqual({ ok: false, problem: "Nothing is left to refund on this payment" });
  });
});
