import { describe, expect, it } from "vitest";
import { checkPackage, checkPrice, membershipCodes, moved, priceDisplayFor, priceEdit, priceKindOf } from "../../src/domain/package-rules";

const PACKAGE = { title: "Rovers TV Gold", description: "<p>Every match.</p>", customLabel: "", displayType: "icon-only", styleMode: "dark", imageKey: "media:12" };
const PRICE = { kind: "monthly", amount: "7.99", offer: "", furtherInformation: "", backsideText: "", entitlements: ["roverstv"], newEntitlement: "" };

describe("a console package's rules", () => {
  it("takes a package's fields trimmed, an empty label as none", () => {
    expect(checkPackage({ ...PACKAGE, title: "  Gold ", customLabel: " " })).toEqual({ ok: true, value: { ...PACKAGE, title: "Gold", customLabel: null } });
  });

  it("refuses each bad field of a package beside it; an editor's empty paragraph is no description", () => {
    const result = checkPackage({ title: "", description: "<p>&nbsp;</p>", customLabel: "x".repeat(41), displayType: "poster", styleMode: "blue", imageKey: " " });
    expect(result.ok ? [] : result.problems.map((p) => p.field)).toEqual(["title", "description", "customLabel", "displayType", "styleMode", "imageKey"]);
  });

  it("prices: pounds to pence, the kinds, a new code folded into what it gives, match pass codes kept out", () => {
    expect(checkPrice({ ...PRICE, amount: "£44.9", kind: "yearly", entitlements: ["roverstv", "matchpass-7"], newEntitlement: " Rovers-Gold " })).toEqual({
      ok: true,
      value: { kind: "yearly", amountPence: 4490, offer: null, furtherInformation: "", backsideText: "", entitlements: ["roverstv", "rovers-gold"] },
    });
    const bad = checkPrice({ ...PRICE, kind: "weekly", amount: "0.29", entitlements: [], newEntitlement: "" });
    expect(bad.ok ? [] : bad.problems.map((p) => p.field)).toEqual(["kind", "amount", "entitlements"]);
    const pass = checkPrice({ ...PRICE, newEntitlement: "matchpass-9" });
    expect(pass.ok ? [] : pass.problems.map((p) => p.field)).toEqual(["newEntitlement"]);
    const big = checkPrice({ ...PRICE, amount: "10000" });
    expect(big.ok ? [] : big.problems).toEqual([{ field: "amount", detail: "At most £9,999.99" }]);
  });

  it("a new amount or way of paying is a new price; the same is an edit in place", () => {
    expect(priceEdit({ kind: "monthly", amountPence: 799 }, { kind: "monthly", amountPence: 799 })).toBe("in-place");
    expect(priceEdit({ kind: "monthly", amountPence: 799 }, { kind: "monthly", amountPence: 899 })).toBe("new-price");
    expect(priceEdit({ kind: "monthly", amountPence: 799 }, { kind: "yearly", amountPence: 799 })).toBe("new-price");
  });

  it("prints a price with its period, and reads the kind back from Stripe's columns", () => {
    expect(priceDisplayFor("monthly", 599)).toBe("£5.99 per month");
    expect(priceDisplayFor("yearly", 4499)).toBe("£44.99 per year");
    expect(priceDisplayFor("one-off", 499)).toBe("£4.99");
    expect([priceKindOf("recurring", "month"), priceKindOf("recurring", "year"), priceKindOf("one_time", null)]).toEqual(["monthly", "yearly", "one-off"]);
  });

  it("moves a package one place, not past either end", () => {
    expect(moved(["a", "b", "c"], "b", "up")).toEqual(["b", "a", "c"]);
    expect(moved(["a", "b", "c"], "b", "down")).toEqual(["a", "c", "b"]);
    expect(moved(["a", "b", "c"], "a", "up")).toEqual(["a", "b", "c"]);
    expect(moved(["a", "b", "c"], "c", "down")).toEqual(["a", "b", "c"]);
    expect(moved(["a"], "z", "up")).toEqual(["a"]);
  });

  it("offers the club's access codes, not a match's pass", () => {
    expect(membershipCodes(["roverstv+", "matchpass-3", "roverstv", "roverstv"])).toEqual(["roverstv", "roverstv+"]);
  });
});
