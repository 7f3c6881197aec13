import { describe, expect, it } from "vitest";
import { isVideoLocked, lockEmptyEntitlements } from "../../src/domain/video-lock";

describe("isVideoLocked (spec §4 'Video lock state')", () => {
  it("rule 1: '?' unlocks for everyone, logged in or not", () => {
    expect(isVideoLocked({ videoEntitlements: ["?"], loggedIn: false, userEntitlements: null })).toBe(false);
    expect(isVideoLocked({ videoEntitlements: ["roverstv", "?"], loggedIn: false, userEntitlements: [] })).toBe(false);
    expect(isVideoLocked({ videoEntitlements: ["?"], loggedIn: true, userEntitlements: [] })).toBe(false);
  });

  it("rule 2: not logged in is locked, whatever else", () => {
    expect(isVideoLocked({ videoEntitlements: ["*"], loggedIn: false, userEntitlements: null })).toBe(true);
    expect(isVideoLocked({ videoEntitlements: ["freemium"], loggedIn: false, userEntitlements: ["freemium"] })).toBe(true);
    expect(isVideoLocked({ videoEntitlements: [], loggedIn: false, userEntitlements: null })).toBe(true);
  });

  it("rule 3: '*' unlocks for any logged-in user, even with no entitlements", () => {
    expect(isVideoLocked({ videoEntitlements: ["*"], loggedIn: true, userEntitlements: [] })).toBe(false);
    expect(isVideoLocked({ videoEntitlements: ["*"], loggedIn: true, userEntitlements: null })).toBe(false);
  });

  it("rule 4: logged in with an empty list follows lockEmptyEntitlements (false), so locked", () => {
    expect(lockEmptyEntitlements).toBe(false);
    expect(isVideoLocked({ videoEntitlements: ["freemium"], loggedIn: true, userEntitlements: [] })).toBe(true);
    expect(isVideoLocked({ videoEntitlements: ["roverstv"], loggedIn: true, userEntitlements: null })).toBe(true);
  });

  it("rule 5: unlocked only when an entitlement matches", () => {
    expect(isVideoLocked({ videoEntitlements: ["roverstv", "roverstv+"], loggedIn: true, userEntitlements: ["roverstv+"] })).toBe(false);
    expect(isVideoLocked({ videoEntitlements: ["roverstv"], loggedIn: true, userEntitlements: ["freemium"] })).toBe(true);
    expect(isVideoLocked({ videoEntitlements: ["roverstv+"], loggedIn: true, userEntitlements: ["roverstv"] })).toBe(true);
    expect(isVideoLocked({ videoEntitlements: [], loggedIn: true, userEntitlements: ["vip"] })).toBe(true);
    expect(isVideoLocked({ videoEntitlements: ["vip"], loggedIn: true, userEntitlements: ["freemium", "vip"] })).toBe(false);
  });

  it("matches codes case-insensitively (codes are lower case by definition)", () => {
    expect(isVideoLocked({ videoEntitlements: ["RoversTV"], loggedIn: true, userEntitlements: ["roverstv"] })).toBe(false);
  });
});
