import { describe, expect, it } from "vitest";
import { membershipFor } from "../../src/domain/membership-tier";
import { GENERIC_LOCKED_TITLE, lockedPrompt, SUBSCRIPTIONS_PATH, UPGRADE_BUTTON } from "../../src/domain/locked-message";
import type { VideoMembership } from "../../src/schemas/shell";

const tier = (membershipID: number, mappedEntitlements: string[], orderPosition: number, over: Partial<VideoMembership> = {}): VideoMembership => ({
  membershipID,
  title: `Tier ${membershipID}`,
  mappedEntitlements,
  orderPosition,
  buttonText: `Join tier ${membershipID}`,
  buttonLink: SUBSCRIPTIONS_PATH,
  lockedVideoTitle: `Locked by tier ${membershipID}`,
  lockedVideoMessage: `Join tier ${membershipID} to watch`,
  ...over,
});

// listed out of order on purpose: the rule sorts by orderPosition, not by list position
const tiers = [tier(3, ["roverstv+"], 3), tier(1, ["freemium"], 1), tier(4, ["vip"], 4), tier(2, ["roverstv"], 2)];

describe("the tier record a locked video speaks with (spec §3 'Video membership')", () => {
  it.each([
    [["roverstv"], 2],
    [["roverstv+"], 3],
    [["roverstv+", "roverstv"], 2],
    [["vip", "roverstv+"], 3],
    [["FreeMium "], 1],
  ])("%j → tier %i, the cheapest that unlocks it", (codes, id) => {
    expect(membershipFor(tiers, codes)?.membershipID).toBe(id);
  });

  it("no record maps the video: null ('?', unknown codes, nothing)", () => {
    expect(membershipFor(tiers, ["?"])).toBeNull();
    expect(membershipFor(tiers, ["gold"])).toBeNull();
    expect(membershipFor(tiers, [])).toBeNull();
    expect(membershipFor([], ["roverstv"])).toBeNull();
  });

  it("a record mapping '?' is never chosen, and a tie on orderPosition goes to the lower id", () => {
    expect(membershipFor([tier(9, ["?"], 0)], ["?", "roverstv"])).toBeNull();
    expect(membershipFor([tier(7, ["roverstv"], 2), tier(5, ["roverstv"], 2)], ["roverstv"])?.membershipID).toBe(5);
  });
});

describe("the locked prompt with a tier record", () => {
  it("a logged-in viewer gets the record's title, message and button", () => {
    const p = lockedPrompt({ loggedIn: true, videoEntitlements: ["vip"], tier: tier(4, ["vip"], 4, { buttonLink: "/club-information/contact-us" }) });
    expect(p).toEqual({
      title: "Locked by tier 4",
      message: "Join tier 4 to watch",
      button: { label: "Join tier 4", href: "/club-information/contact-us" },
      opensLogin: false,
    });
  });

  it("without a record, or with its texts left empty, the spec's texts", () => {
    const spec = { title: GENERIC_LOCKED_TITLE, message: "Subscribe to Rovers TV to watch", button: { label: UPGRADE_BUTTON, href: SUBSCRIPTIONS_PATH }, opensLogin: false };
    expect(lockedPrompt({ loggedIn: true, videoEntitlements: ["roverstv"], tier: null })).toEqual(spec);
    const blank = tier(2, ["roverstv"], 2, { lockedVideoTitle: " ", lockedVideoMessage: "", buttonText: "", buttonLink: "" });
    expect(lockedPrompt({ loggedIn: true, videoEntitlements: ["roverstv"], tier: blank })).toEqual(spec);
  });

  it("a logged-out visitor gets the restricted-media prompt whatever the record says (§8)", () => {
    const p = lockedPrompt({ loggedIn: false, videoEntitlements: ["roverstv"], tier: tier(2, ["roverstv"], 2) });
    expect(p.title).toBe("To View This Video Please Log In or Register An Account");
    expect(p.button?.label).toBe("Log In Or Register");
  });
});
