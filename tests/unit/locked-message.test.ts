import { describe, expect, it } from "vitest";
import { lockedMessage, lockedMessageFor, lockedPrompt, GENERIC_LOCKED_TITLE } from "../../src/domain/locked-message";

describe("locked messages (spec §6)", () => {
  it("generic title", () => {
    expect(GENERIC_LOCKED_TITLE).toBe("You must have a subscription pass to watch this content");
    expect(lockedMessage(["roverstv"]).title).toBe("You must have a subscription pass to watch this content");
  });

  it.each([
    ["freemium", "Create a free club account to watch"],
    ["free", "Create a free club account to watch"],
    ["*", "Create a free club account to watch"],
    ["roverstv", "Subscribe to Rovers TV to watch"],
    ["roverstv+", "Subscribe to Rovers TV+ to watch"],
  ])("%s → %s", (code, message) => {
    expect(lockedMessageFor(code)).toBe(message);
    expect(lockedMessage([code]).message).toBe(message);
  });

  it("VIP tells the user to contact the club liaison", () => {
    expect(lockedMessageFor("vip")).toMatch(/contact your club liaison/);
  });

  it("'?' and unknown codes have no tier message", () => {
    expect(lockedMessageFor("?")).toBeNull();
    expect(lockedMessageFor("gold")).toBeNull();
    expect(lockedMessage(["gold"]).message).toBe("");
  });

  it("a video open to several tiers names the cheapest", () => {
    expect(lockedMessage(["roverstv+", "roverstv"]).message).toBe("Subscribe to Rovers TV to watch");
    expect(lockedMessage(["vip", "roverstv+"]).message).toBe("Subscribe to Rovers TV+ to watch");
  });

  it("logged-out visitors get the restricted-media prompt (§8)", () => {
    const p = lockedPrompt({ loggedIn: false, videoEntitlements: ["roverstv"] });
    expect(p.title).toBe("To View This Video Please Log In or Register An Account");
    expect(p.button?.label).toBe("Log In Or Register");
    expect(p.opensLogin).toBe(true);
    const q = lockedPrompt({ loggedIn: true, videoEntitlements: ["roverstv"] });
    expect(q.message).toBe("Subscribe to Rovers TV to watch");
    expect(q.button?.href).toBe("/videos/subscriptions");
  });
});
