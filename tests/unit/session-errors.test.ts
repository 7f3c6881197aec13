import { describe, expect, it } from "vitest";
import { sessionError } from "../../src/domain/session-errors";

describe("sessionError (spec §8 'Session check codes')", () => {
  const table: Array<[string, "requireLogin" | "blocked" | "requirePremium", string]> = [
    ["ERR_3684853_1", "requireLogin", "Please Log In to access this stream"],
    ["ERR_3684853_2", "blocked", "Sorry, there is an issue with this stream"],
    ["ERR_3684853_3", "requirePremium", "Sorry but you are not subscribed to this stream"],
    ["ERR_56882466_1", "blocked", "Your account has been blocked by an administrator"],
    ["ERR_56882466_2", "blocked", "Users in this country are not allowed to play this stream"],
    ["ERR_54648_1", "blocked", "Your account has reached the limit of concurrent streams"],
  ];
  it.each(table)("%s → %s, %s", (code, type, message) => {
    const e = sessionError(code);
    expect(e.code).toBe(code);
    expect(e.type).toBe(type);
    expect(e.message).toBe(message);
  });

  it("the descriptions' guidance is in the detail line", () => {
    expect(sessionError("ERR_3684853_2").detail).toMatch(/contact support/i);
    expect(sessionError("ERR_3684853_3").detail).toMatch(/upgrade/i);
    expect(sessionError("ERR_3684853_3").detail).toMatch(/FAQs/);
    expect(sessionError("ERR_54648_1").detail).toMatch(/log out of other devices/i);
  });

  it("any other code: generic message with the code shown; blocked", () => {
    const e = sessionError("ERR_999");
    expect(e.type).toBe("blocked");
    expect(e.message).toBe("Sorry, there has been a problem accessing this stream (code ERR_999)");
    // inherited object keys are not codes
    expect(sessionError("toString").type).toBe("blocked");
    expect(sessionError("toString").message).toContain("toString");
  });
});

describe("a released stream session", () => {
  it("shows ERR_54648_1's text: its slot went to another device of the account", () => {
    const e = sessionError("STREAM_SESSION_RELEASED");
    expect(e.code).toBe("STREAM_SESSION_RELEASED");
    expect(e.message).toBe("Your account has reached the limit of concurrent streams");
    expect(e.detail).toMatch(/log out of other devices/i);
  });
});

describe("the country refusal", () => {
  it("is one text, on demand and live", async () => {
    const { COUNTRY_BLOCKED_MESSAGE } = await import("../../src/domain/playback-access");
    expect(sessionError("ERR_56882466_2").message).toBe(COUNTRY_BLOCKED_MESSAGE);
  });
});
