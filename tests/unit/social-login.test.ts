import { describe, expect, it } from "vitest";
import { enabledSocialProviders, isSocialProvider } from "../../src/domain/social-login";

describe("social sign-in (spec §1, §9: two providers, off by default)", () => {
  it("off without settings", () => {
    expect(enabledSocialProviders({})).toEqual([]);
    expect(enabledSocialProviders({ "login.social.google": "0", "login.social.facebook": "" })).toEqual([]);
  });
  it("each provider on by its own setting, in the spec's order", () => {
    expect(enabledSocialProviders({ "login.social.facebook": "1" })).toEqual(["facebook"]);
    expect(enabledSocialProviders({ "login.social.facebook": "true", "login.social.google": "on" })).toEqual(["google", "facebook"]);
  });
  it("only the two providers are providers", () => {
    expect(isSocialProvider("google")).toBe(true);
    expect(isSocialProvider("facebook")).toBe(true);
    for (const other of ["twitter", "", undefined, "Google"]) expect(isSocialProvider(other)).toBe(false);
  });
});
