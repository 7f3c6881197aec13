import { describe, expect, it } from "vitest";
import { availableVariants, parseVariant, toVariantPlan, variantOf } from "../../src/domain/subscription-variants";

const price = (title: string, interval: "month" | "year" | null, amount: string) =>
  toVariantPlan({ packageId: "p", packageTitle: title, priceId: `${title}-${interval}`, interval, amountFormatted: amount, bodyHtml: "", entitlements: ["e"] });

describe("subscription variants", () => {
  it("audio yearly, audio monthly and video; monthly plans read 'Buy - {amount} p/m'", () => {
    const yearly = price("Rovers TV+ (Audio & Video)", "year", "£44.99");
    const monthly = price("Rovers TV+ (Audio & Video)", "month", "£5.99");
    const video = price("Rovers TV (Video)", "month", "£1.99");
    expect([variantOf(yearly), variantOf(monthly), variantOf(video)]).toEqual(["yearly-audio", "monthly-audio", "video"]);
    expect(monthly.buttonText).toBe("Buy - £5.99 p/m");
    expect(yearly.buttonText).toBe("Buy - £44.99 p/a");
    expect([yearly.PackageType, video.PackageType]).toEqual(["Listen", "Watch"]);
    expect(availableVariants([video, monthly]).map((v) => v.id)).toEqual(["monthly-audio", "video"]);
  });
  it("an unknown variant is the default", () => {
    expect(parseVariant("video")).toBe("video");
    expect(parseVariant("everything")).toBe("yearly-audio");
    expect(parseVariant(null)).toBe("yearly-audio");
  });
});
