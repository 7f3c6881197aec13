import { describe, expect, it } from "vitest";
import { derivePlan, planButtonText, planPeriodText, NO_PACKAGES_TEXT } from "../../src/domain/subscription-plan";

const plan = (Title: string, Duration: string | null, AmountFormatted: string) => ({
  Id: "p", Title, Body: "<p>b</p>", Duration, AmountFormatted, PurchaseUrl: "https://pay.example",
});

describe("subscription plan (spec §3, §2 'Packages')", () => {
  it("title containing audio → Listen / audio; otherwise Watch / video", () => {
    expect(derivePlan(plan("Rovers TV+ Audio Monthly", null, "£5.99"))).toMatchObject({ PackageType: "Listen", Class: "audio" });
    expect(derivePlan(plan("Live AUDIO pass", "P1Y", "£44.99"))).toMatchObject({ PackageType: "Listen", Class: "audio" });
    expect(derivePlan(plan("Rovers TV Monthly", null, "£1.99"))).toMatchObject({ PackageType: "Watch", Class: "video" });
  });
  it("monthly (Duration null) reads 'Buy - {amount} p/m', yearly 'p/a', one-off no period", () => {
    expect(planButtonText(plan("x", null, "£5.99"))).toBe("Buy - £5.99 p/m");
    expect(derivePlan(plan("x", null, "£1.99")).monthly).toBe(true);
    expect(planButtonText(plan("x", "P1Y", "£44.99"))).toBe("Buy - £44.99 p/a");
    expect(planButtonText(plan("x", "year", "£44.99"))).toBe("Buy - £44.99 p/a");
    expect(planButtonText(plan("x", "once", "£4.99"))).toBe("Buy - £4.99");
    expect([null, "year", "once"].map((d) => planPeriodText(d))).toEqual(["per month", "per year", "one-off"]);
    expect(derivePlan(plan("x", "P1Y", "£44.99")).monthly).toBe(false);
  });
  it("empty text", () => {
    expect(NO_PACKAGES_TEXT).toBe("No packages available");
  });
});
