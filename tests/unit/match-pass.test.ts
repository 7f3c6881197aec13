import { describe, expect, it } from "vitest";
import { checkPass, defaultSaleUntil, hasKickedOff, onSale, passEntitlements, priceChange, streamEntitlements } from "../../src/domain/match-pass";
import { penceOf, poundsOf, priceDisplayOf } from "../../src/domain/money";

/** The match pass rules of the console's fixture list: price in pence, the sale window in London time, what a pass opens. */

// Sat 5 Dec 2026, 15:00 in London (GMT) is 15:00 UTC.
const KICKOFF = "2026-12-05T15:00:00.000Z";
const NOW = new Date("2026-12-01T10:00:00.000Z");
const facts = { kickoff: KICKOFF, matchStreams: ["women-live", "women-audio"] };

describe("the price", () => {
  it("reads pounds and pence as typed into pence", () => {
    expect(penceOf("4.99")).toBe(499);
    expect(penceOf("£4.99")).toBe(499);
    expect(penceOf(" 5 ")).toBe(500);
    expect(penceOf("5.5")).toBe(550);
    expect(penceOf("0.30")).toBe(30);
  });
  it("refuses anything else", () => {
    for (const text of ["", "4.999", "-1", "four", "4,99", "1e3", "4."]) expect(penceOf(text), text).toBeNull();
  });
  it("shows pence as pounds", () => {
    expect(poundsOf(499)).toBe("4.99");
    expect(poundsOf(500)).toBe("5.00");
    expect(priceDisplayOf(1250)).toBe("£12.50");
  });
  it("a new amount is a new price (Stripe's prices are immutable); the same amount keeps it", () => {
    expect(priceChange(499, 599)).toBe("new-price");
    expect(priceChange(499, 499)).toBe("keep");
  });
});

describe("the sale window", () => {
  it("ends three hours after kick-off unless chosen, shown in London time", () => {
    expect(defaultSaleUntil(KICKOFF)).toBe("2026-12-05T18:00");
    // British Summer Time: 19:45 BST kick-off is 18:45 UTC; three hours later is 22:45 in London.
    expect(defaultSaleUntil("2026-08-15T18:45:00.000Z")).toBe("2026-08-15T22:45");
  });
  it("is on sale from its start (inclusive) until its end (exclusive); a missing bound is open", () => {
    const window = { saleFrom: "2026-12-01T09:00:00.000Z", saleUntil: "2026-12-05T18:00:00.000Z" };
    expect(onSale(window, new Date("2026-12-01T08:59:59.999Z"))).toBe(false);
    expect(onSale(window, new Date("2026-12-01T09:00:00.000Z"))).toBe(true);
    expect(onSale(window, new Date("2026-12-05T17:59:59.999Z"))).toBe(true);
    expect(onSale(window, new Date("2026-12-05T18:00:00.000Z"))).toBe(false);
    expect(onSale({ saleFrom: null, saleUntil: null }, NOW)).toBe(true);
  });
  it("knows when the match has kicked off", () => {
    expect(hasKickedOff(KICKOFF, new Date("2026-12-05T14:59:59.000Z"))).toBe(false);
    expect(hasKickedOff(KICKOFF, new Date(KICKOFF))).toBe(true);
  });
});

describe("checkPass", () => {
  it("accepts a price, a window in London time and the match's streams; empty dates are now and kick-off + 3 h", () => {
    const result = checkPass({ price: "4.99", saleFrom: "", saleUntil: "", streams: ["women-live"] }, facts, NOW);
    expect(result).toEqual({ ok: true, pass: { amountPence: 499, saleFrom: NOW.toISOString(), saleUntil: "2026-12-05T18:00:00.000Z", streams: ["women-live"] } });
    const summer = checkPass({ price: "3", saleFrom: "2026-12-01 12:00", saleUntil: "2026-12-05T17:00", streams: [] }, { ...facts, matchStreams: [] }, NOW);
    expect(summer).toMatchObject({ ok: true, pass: { amountPence: 300, saleFrom: "2026-12-01T12:00:00.000Z", saleUntil: "2026-12-05T17:00:00.000Z" } });
  });
  it("names each field's problem", () => {
    const result = checkPass({ price: "0.10", saleFrom: "tomorrow", saleUntil: "2026-13-01T10:00", streams: ["men-audio-commentary"] }, facts, NOW);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.field)).toEqual(["price", "saleFrom", "saleUntil", "streams"]);
    expect(result.problems[0]!.detail).toContain("£0.30");
  });
  it("refuses a window that ends before it starts or is over, a price above £999.99 and no stream when the match has some", () => {
    const fields = (input: Parameters<typeof checkPass>[0]) => {
      const r = checkPass(input, facts, NOW);
      return r.ok ? [] : r.problems.map((p) => `${p.field}: ${p.detail}`);
    };
    expect(fields({ price: "4.99", saleFrom: "2026-12-04T10:00", saleUntil: "2026-12-03T10:00", streams: ["women-live"] })).toEqual(["saleUntil: The sale must end after it starts"]);
    expect(fields({ price: "4.99", saleFrom: "2026-11-01T10:00", saleUntil: "2026-11-02T10:00", streams: ["women-live"] })).toEqual(["saleUntil: The sale must end in the future"]);
    expect(fields({ price: "1000", saleFrom: "", saleUntil: "", streams: ["women-live"] })).toEqual(["price: At most £999.99"]);
    expect(fields({ price: "4.99", saleFrom: "", saleUntil: "", streams: [] })).toEqual(["streams: Choose at least one of the match's live streams"]);
  });
});

describe("what a pass opens", () => {
  it("grants its match's pass code, which the streams it opens carry beside their tiers", () => {
    expect(passEntitlements(812)).toEqual(["matchpass-812"]);
    expect(streamEntitlements(["roverstv", "roverstv+", "vip"], 812, true)).toEqual(["roverstv", "roverstv+", "vip", "matchpass-812"]);
    expect(streamEntitlements(["roverstv", "matchpass-812", "vip"], 812, true)).toEqual(["roverstv", "vip", "matchpass-812"]);
    expect(streamEntitlements(["roverstv", "matchpass-812", "matchpass-9"], 812, false)).toEqual(["roverstv", "matchpass-9"]);
  });
});
