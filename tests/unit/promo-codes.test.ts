import { describe, expect, it } from "vitest";
import {
  checkPromo,
  discountedCharges,
  discountPence,
  lastLondonDay,
  limitsText,
  londonDayEnd,
  promoRefusal,
  PROMO_REFUSALS,
  promoStatus,
  termsText,
  type PromoInput,
} from "../../src/domain/promo-codes";

/** The promo code rules: the console's form, the discount on a charge, how long it lasts, and when checkout refuses a code. */

const NOW = new Date("2026-11-30T10:00:00.000Z");
const input = (changes: Partial<PromoInput> = {}): PromoInput => ({
  code: "SUMMER-25",
  percentOff: "25",
  amountOff: "",
  duration: "once",
  durationInMonths: "",
  firstTimeOnly: false,
  maxRedemptions: "",
  expiresOn: "",
  ...changes,
});
const problemsOf = (changes: Partial<PromoInput>) => {
  const result = checkPromo(input(changes), NOW);
  return result.ok ? [] : result.problems;
};

describe("the console's form", () => {
  it("takes a percentage code with no limits", () => {
    expect(checkPromo(input(), NOW)).toEqual({
      ok: true,
      promo: { code: "SUMMER-25", percentOff: 25, amountOffPence: null, duration: "once", durationInMonths: null, firstTimeOnly: false, maxRedemptions: null, expiresAt: null },
    });
  });

  it("takes an amount off in pounds, repeating for some months, first-time only, limited, with a last day", () => {
    const result = checkPromo(input({ percentOff: "", amountOff: "£5", duration: "repeating", durationInMonths: "3", firstTimeOnly: true, maxRedemptions: "100", expiresOn: "2026-12-31" }), NOW);
    expect(result).toEqual({
      ok: true,
      promo: { code: "SUMMER-25", percentOff: null, amountOffPence: 500, duration: "repeating", durationInMonths: 3, firstTimeOnly: true, maxRedemptions: 100, expiresAt: "2027-01-01T00:00:00.000Z" },
    });
  });

  it("a code is 3 to 40 letters, digits or dashes", () => {
    for (const code of ["ABC", "a-1", "X".repeat(40), " SPACED-OUT "]) expect(problemsOf({ code }), code).toEqual([]);
    for (const code of ["AB", "X".repeat(41), "HALF OFF", "50%", "ÉTÉ", "under_score", ""]) expect(problemsOf({ code }).map((p) => p.field), code).toEqual(["code"]);
  });

  it("a whole percentage from 1 to 100, or an amount from £0.01 to £999.99, one of the two", () => {
    expect(problemsOf({ percentOff: "100" })).toEqual([]);
    expect(problemsOf({ percentOff: "50%" })).toEqual([]);
    for (const percentOff of ["0", "101", "12.5", "-5", "half"]) expect(problemsOf({ percentOff }), percentOff).toEqual([{ field: "percentOff", detail: "A whole percentage from 1 to 100" }]);
    expect(problemsOf({ percentOff: "", amountOff: "0.01" })).toEqual([]);
    expect(problemsOf({ percentOff: "", amountOff: "0" })).toEqual([{ field: "amountOff", detail: "From £0.01 to £999.99" }]);
    expect(problemsOf({ percentOff: "", amountOff: "1000" })).toEqual([{ field: "amountOff", detail: "From £0.01 to £999.99" }]);
    expect(problemsOf({ percentOff: "", amountOff: "5.999" })).toEqual([{ field: "amountOff", detail: "An amount in pounds and pence: 5.00" }]);
    expect(problemsOf({ percentOff: "", amountOff: "" })).toEqual([{ field: "percentOff", detail: "Enter a percentage off, or an amount off below" }]);
    expect(problemsOf({ percentOff: "10", amountOff: "5" })).toEqual([{ field: "amountOff", detail: "Either a percentage or an amount off, not both" }]);
  });

  it("once, forever, or repeating for 1 to 36 months (months are ignored unless repeating)", () => {
    expect(problemsOf({ duration: "forever", durationInMonths: "99" })).toEqual([]);
    expect(problemsOf({ duration: "repeating", durationInMonths: "36" })).toEqual([]);
    for (const durationInMonths of ["", "0", "37", "1.5"]) {
      expect(problemsOf({ duration: "repeating", durationInMonths }), durationInMonths).toEqual([{ field: "durationInMonths", detail: "A number of months from 1 to 36" }]);
    }
    expect(problemsOf({ duration: "weekly" }).map((p) => p.field)).toEqual(["duration"]);
  });

  it("a limit of redemptions from 1, or none", () => {
    expect(problemsOf({ maxRedemptions: " 1 " })).toEqual([]);
    for (const maxRedemptions of ["0", "-1", "2.5", "lots", "1000001"]) expect(problemsOf({ maxRedemptions }).map((p) => p.field), maxRedemptions).toEqual(["maxRedemptions"]);
  });

  it("a last day in London, today or later", () => {
    expect(problemsOf({ expiresOn: "2026-11-30" })).toEqual([]);
    expect(problemsOf({ expiresOn: "2026-11-29" })).toEqual([{ field: "expiresOn", detail: "The last day must be today or later" }]);
    for (const expiresOn of ["2026-02-30", "30/11/2026", "tomorrow"]) expect(problemsOf({ expiresOn }), expiresOn).toEqual([{ field: "expiresOn", detail: "A date: 2026-12-31" }]);
  });

  it("names every problem at once", () => {
    expect(problemsOf({ code: "x", percentOff: "0", duration: "repeating", maxRedemptions: "0", expiresOn: "nope" }).map((p) => p.field)).toEqual([
      "code",
      "percentOff",
      "durationInMonths",
      "maxRedemptions",
      "expiresOn",
    ]);
  });
});

describe("a London last day", () => {
  it("ends at the next London midnight, in winter (GMT) and in summer (BST)", () => {
    expect(londonDayEnd("2026-12-31")).toBe("2027-01-01T00:00:00.000Z");
    expect(londonDayEnd("2026-07-14")).toBe("2026-07-14T23:00:00.000Z");
    // the day the clocks go forward: the next midnight is BST
    expect(londonDayEnd("2026-03-28")).toBe("2026-03-29T00:00:00.000Z");
    expect(londonDayEnd("2026-03-29")).toBe("2026-03-29T23:00:00.000Z");
    expect(londonDayEnd("2026-02-29")).toBeNull();
  });
  it("is shown as the day it was typed", () => {
    for (const day of ["2026-12-31", "2026-07-14", "2026-03-29", "2026-10-25"]) expect(lastLondonDay(londonDayEnd(day)!), day).toBe(day);
  });
});

describe("the discount on a charge", () => {
  it("a percentage of it, to the nearest penny (a half penny to the buyer)", () => {
    expect(discountPence(1000, { percentOff: 50, amountOffPence: null })).toBe(500);
    expect(discountPence(1499, { percentOff: 50, amountOffPence: null })).toBe(750);
    expect(discountPence(199, { percentOff: 10, amountOffPence: null })).toBe(20);
    expect(discountPence(599, { percentOff: 100, amountOffPence: null })).toBe(599);
    expect(discountPence(599, { percentOff: 1, amountOffPence: null })).toBe(6);
  });
  it("an amount off, never more than the charge", () => {
    expect(discountPence(1499, { percentOff: null, amountOffPence: 500 })).toBe(500);
    expect(discountPence(299, { percentOff: null, amountOffPence: 500 })).toBe(299);
    expect(discountPence(0, { percentOff: 50, amountOffPence: null })).toBe(0);
  });
});

describe("how long it lasts", () => {
  it("a one-off payment is one charge, whatever the duration", () => {
    for (const duration of ["once", "repeating", "forever"] as const) expect(discountedCharges({ duration, durationInMonths: duration === "repeating" ? 6 : null }, null)).toBe(1);
  });
  it("a subscription: its first invoice, every invoice, or those within its months", () => {
    expect(discountedCharges({ duration: "once", durationInMonths: null }, "month")).toBe(1);
    expect(discountedCharges({ duration: "forever", durationInMonths: null }, "year")).toBeNull();
    expect(discountedCharges({ duration: "repeating", durationInMonths: 3 }, "month")).toBe(3);
    expect(discountedCharges({ duration: "repeating", durationInMonths: 3 }, "year")).toBe(1);
    expect(discountedCharges({ duration: "repeating", durationInMonths: 13 }, "year")).toBe(2);
  });
  it("says its terms in words", () => {
    expect(termsText({ percentOff: 50, amountOffPence: null, duration: "once", durationInMonths: null })).toBe("50% off once");
    expect(termsText({ percentOff: null, amountOffPence: 500, duration: "repeating", durationInMonths: 3 })).toBe("£5.00 off for 3 months");
    expect(termsText({ percentOff: 25, amountOffPence: null, duration: "repeating", durationInMonths: 1 })).toBe("25% off for 1 month");
    expect(termsText({ percentOff: 25, amountOffPence: null, duration: "forever", durationInMonths: null })).toBe("25% off forever");
  });
  it("says its limits in one line", () => {
    expect(limitsText({ firstTimeOnly: false, maxRedemptions: null, expiresAt: null })).toBe("No limits");
    expect(limitsText({ firstTimeOnly: true, maxRedemptions: 100, expiresAt: "2027-01-01T00:00:00.000Z" })).toBe("First-time buyers · 100 at most · last day 2026-12-31");
  });
});

describe("the console's status of a code", () => {
  const code = { active: true, expiresAt: "2026-12-01T00:00:00.000Z", maxRedemptions: 2, redemptions: 1 };
  it("active until deactivated, past its end, or used up (in that order)", () => {
    expect(promoStatus(code, NOW)).toBe("active");
    expect(promoStatus({ ...code, redemptions: 2 }, NOW)).toBe("used up");
    expect(promoStatus({ ...code, redemptions: 2 }, new Date("2026-12-01T00:00:00.000Z"))).toBe("expired");
    expect(promoStatus({ ...code, active: false, redemptions: 2 }, new Date("2027-01-01T00:00:00.000Z"))).toBe("deactivated");
    expect(promoStatus({ active: true, expiresAt: null, maxRedemptions: null, redemptions: 10_000 }, NOW)).toBe("active");
  });
});

describe("checkout's refusal of a code", () => {
  const code = { active: true, expiresAt: Date.parse("2026-12-01T00:00:00.000Z") / 1000, redemptionsLeft: 1, firstTimeOnly: true };
  const firstTimer = { hasPaidBefore: false };
  it("takes a live code", () => {
    expect(promoRefusal(code, firstTimer, NOW)).toBeNull();
    expect(promoRefusal({ active: true, expiresAt: null, redemptionsLeft: null, firstTimeOnly: false }, { hasPaidBefore: true }, NOW)).toBeNull();
  });
  it("refuses an unknown or inactive one, then an expired one, then one used up, then a returning buyer's first-time code", () => {
    expect(promoRefusal(null, firstTimer, NOW)).toBe(PROMO_REFUSALS.unknown);
    expect(promoRefusal({ ...code, active: false, redemptionsLeft: 0 }, firstTimer, NOW)).toBe("This code is invalid.");
    expect(promoRefusal({ ...code, redemptionsLeft: 0 }, firstTimer, new Date("2026-12-01T00:00:00.000Z"))).toBe(PROMO_REFUSALS.expired);
    expect(promoRefusal({ ...code, redemptionsLeft: 0 }, { hasPaidBefore: true }, NOW)).toBe(PROMO_REFUSALS.usedUp);
    expect(promoRefusal(code, { hasPaidBefore: true }, NOW)).toBe(PROMO_REFUSALS.firstTime);
  });
});
