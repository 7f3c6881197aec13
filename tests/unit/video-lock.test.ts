import { describe, expect, it } from "vitest";
import { isVideoLocked, lockEmptyEntitlements } from "../../src/domain/video-lock";

describe("isVideoLocked (spec §4 'Video lock state')", () => {
  it("rule 1: '?' unlocks for everyone, logged in or not", () => {
    expect(isVideoLocked({ videoEntitlements: ["?"], loggedIn: false, userEntitlements: null, bypassed: false })).toBe(false);
    expect(isVideoLocked({ videoEntitlements: ["roverstv", "?"], loggedIn: false, userEntitlements: [], bypassed: false })).toBe(false);
    expect(isVideoLocked({ videoEntitlements: ["?"], loggedIn: true, userEntitlements: [], bypassed: false })).toBe(false);
  });

  it("rule 2: not logged in is locked, whatever else", () => {
    expect(isVideoLocked({ videoEntitlements: ["*"], loggedIn: false, userEntitlements: null, bypassed: false })).toBe(true);
    expect(isVideoLocked({ videoEntitlements: ["freemium"], loggedIn: false, userEntitlements: ["freemium"], bypassed: false })).toBe(true);
    expect(isVideoLocked({ videoEntitlements: [], loggedIn: false, userEntitlements: null, bypassed: false })).toBe(true);
  });

  it("rule 3: '*' unlocks for any logged-in user, even with no entitlements", () => {
    expect(isVideoLocked({ videoEntitlements: ["*"], loggedIn: true, userEntitlements: [], bypassed: false })).toBe(false);
    expect(isVideoLocked({ videoEntitlements: ["*"], loggedIn: true, userEntitlements: null, bypassed: false })).toBe(false);
  });

  it("rule 4: logged in with an empty list follows lockEmptyEntitlements (false), so locked", () => {
    expect(lockEmptyEntitlements).toBe(false);
    expect(isVideoLocked({ videoEntitlements: ["freemium"], loggedIn: true, userEntitlements: [], bypassed: false })).toBe(true);
    expect(isVideoLocked({ videoEntitlements: ["roverstv"], loggedIn: true, userEntitlements: null, bypassed: false })).toBe(true);
  });

  it("rule 5: unlocked only when an entitlement matches", () => {
    expect(isVideoLocked({ videoEntitlements: ["roverstv", "roverstv+"], loggedIn: true, userEntitlements: ["roverstv+"], bypassed: false })).toBe(false);
    expect(isVideoLocked({ videoEntitlements: ["roverstv"], loggedIn: true, userEntitlements: ["freemium"], bypassed: false })).toBe(true);
    expect(isVideoLocked({ videoEntitlements: ["roverstv+"], loggedIn: true, userEntitlements: ["roverstv"], bypassed: false })).toBe(true);
    expect(isVideoLocked({ videoEntitlements: [], loggedIn: true, userEntitlements: ["vip"], bypassed: false })).toBe(true);
    expect(isVideoLocked({ videoEntitlements: ["vip"], loggedIn: true, userEntitlements: ["freemium", "vip"], bypassed: false })).toBe(false);
  });

  it("spec §6: a bypassed account opens every lock once logged in, whatever its entitlements", () => {
    for (const videoEntitlements of [["roverstv+"], ["vip"], ["roverstv", "roverstv+", "vip"], [], ["freemium"]]) {
      for (const userEntitlements of [null, [], ["some-other-pass"]]) {
        expect(isVideoLocked({ videoEntitlements, loggedIn: true, userEntitlements, bypassed: true }), String(videoEntitlements)).toBe(false);
        if (videoEntitlements.length > 0) expect(isVideoLocked({ videoEntitlements, loggedIn: true, userEntitlements, bypassed: false })).toBe(true);
      }
      // the flag means nothing without a signed-in account
      expect(isVideoLocked({ videoEntitlements, loggedIn: false, userEntitlements: null, bypassed: true })).toBe(true);
    }
  });

  it("matches codes case-insensitively (codes are lower case by definition)", () => {
    expect(isVideoLocked({ videoEntitlements: ["RoversTV"], loggedIn: true, userEntitlements: ["roverstv"], bypassed: false })).toBe(false);
  });
});
