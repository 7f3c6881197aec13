import { describe, expect, it } from "vitest";
import { checkoutMode, checkoutStep, clubGivenAccess, priceButtonLabel, purchaseAction } from "../../src/domain/package-purchase";

describe("purchase click (spec §4 'Packages widget')", () => {
  it("logged in holding the entitlement opens the account panel", () => {
    expect(purchaseAction({ loggedIn: true, userEntitlements: ["roverstv"], priceEntitlements: ["roverstv"] })).toBe("openAccountPanel");
  });
  it("logged in otherwise creates a checkout", () => {
    expect(purchaseAction({ loggedIn: true, userEntitlements: ["freemium"], priceEntitlements: ["roverstv"] })).toBe("checkout");
    expect(purchaseAction({ loggedIn: true, userEntitlements: null, priceEntitlements: ["roverstv"] })).toBe("checkout");
  });
  it("logged out opens the login prompt", () => {
    expect(purchaseAction({ loggedIn: false, userEntitlements: null, priceEntitlements: ["roverstv"] })).toBe("loginPrompt");
  });
});

describe("price button (spec §6)", () => {
  const price = { priceEntitlements: ["roverstv+"], priceDisplay: "£44.99 / year" };
  it("owned: 'Manage Subscriptions'; else the price, logged out too (the page's note says 'You must be logged in to purchase' once)", () => {
    expect(priceButtonLabel({ ...price, loggedIn: true, userEntitlements: ["roverstv+"] })).toBe("Manage Subscriptions");
    expect(priceButtonLabel({ ...price, loggedIn: false, userEntitlements: null })).toBe("£44.99 / year");
    expect(priceButtonLabel({ ...price, loggedIn: false, userEntitlements: ["roverstv+"] })).toBe("£44.99 / year");
    expect(priceButtonLabel({ ...price, loggedIn: true, userEntitlements: ["roverstv"] })).toBe("£44.99 / year");
  });
});

describe("checkout mode (spec §7)", () => {
  it("subscription for recurring prices, otherwise payment", () => {
    expect(checkoutMode("recurring")).toBe("subscription");
    expect(checkoutMode("one_time")).toBe("payment");
  });
});

describe("checkoutStep (spec §8: creation failures are only logged, a failed redirect alerts)", () => {
  it("follows Stripe's https page and a same-site development checkout", () => {
    expect(checkoutStep(true, "https://checkout.stripe.com/c/pay/cs_1")).toEqual({ kind: "redirect", url: "https://checkout.stripe.com/c/pay/cs_1" });
    expect(checkoutStep(true, "/dev-payments/checkout/cs_1")).toEqual({ kind: "redirect", url: "/dev-payments/checkout/cs_1" });
  });
  it("an answer that is not a success is a creation failure, whatever its body", () => {
    expect(checkoutStep(false, null)).toEqual({ kind: "creation-failed" });
    expect(checkoutStep(false, "https://checkout.stripe.com/x")).toEqual({ kind: "creation-failed" });
  });
  it("a created checkout without a URL the browser may follow is a redirect failure", () => {
    for (const url of [null, "", "http://checkout.example", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      expect(checkoutStep(true, url), String(url)).toEqual({ kind: "redirect-failed" });
    }
  });
});

describe("clubGivenAccess", () => {
  const user = (entitlements: string[] | null, stripeCustomerID = "", bypassed = false) => ({ entitlements, stripeCustomerID, bypassed });
  it("is a paid tier held with no payment customer", () => {
    expect(clubGivenAccess(user(["roverstv"]))).toBe(true);
    expect(clubGivenAccess(user(["freemium", "roverstv+"]))).toBe(true);
    expect(clubGivenAccess(user(["vip"]))).toBe(true);
  });
  it("is not freemium alone (every account has it), a paying account, a bypassed one, or entitlements not known yet", () => {
    expect(clubGivenAccess(user(["freemium"]))).toBe(false);
    expect(clubGivenAccess(user(["roverstv"], "cus_123"))).toBe(false);
    expect(clubGivenAccess(user(["roverstv"], "", true))).toBe(false);
    expect(clubGivenAccess(user(null))).toBe(false);
    expect(clubGivenAccess(user(["matchpass-12"]))).toBe(false);
  });
});
