import { describe, expect, it } from "vitest";
import { checkoutMode, priceButtonLabel, purchaseAction } from "../../src/domain/package-purchase";

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
  it("owned: 'Manage Subscriptions'; logged out: 'You must be logged in to purchase'; else the price", () => {
    expect(priceButtonLabel({ ...price, loggedIn: true, userEntitlements: ["roverstv+"] })).toBe("Manage Subscriptions");
    expect(priceButtonLabel({ ...price, loggedIn: false, userEntitlements: null })).toBe("You must be logged in to purchase");
    expect(priceButtonLabel({ ...price, loggedIn: true, userEntitlements: ["roverstv"] })).toBe("£44.99 / year");
  });
});

describe("checkout mode (spec §7)", () => {
  it("subscription for recurring prices, otherwise payment", () => {
    expect(checkoutMode("recurring")).toBe("subscription");
    expect(checkoutMode("one_time")).toBe("payment");
  });
});
