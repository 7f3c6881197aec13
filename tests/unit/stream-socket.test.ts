import { describe, expect, it } from "vitest";
import { greetingMessage, PING_REQUEST, readPlayerMessage, sessionGreeting } from "../../src/domain/stream-socket";

describe("readPlayerMessage", () => {
  it("reads the player's greeting and ping as the player writes them", () => {
    expect(readPlayerMessage(greetingMessage("u1", "a1"))).toEqual({ action: "session", data: sessionGreeting("u1", "a1") });
    expect(readPlayerMessage(PING_REQUEST)).toEqual({ action: "ping" });
  });

  it("reads a greeting without string data as an empty one, which matches no session", () => {
    expect(readPlayerMessage(JSON.stringify({ action: "session", data: 7 }))).toEqual({ action: "session", data: "" });
    expect(readPlayerMessage(JSON.stringify({ action: "session" }))).toEqual({ action: "session", data: "" });
  });

  it("ignores anything else: not JSON, JSON that is no object, another action, binary", () => {
    for (const message of ["", "not json", "null", "[]", "42", '"ping"', JSON.stringify({ action: "pong" }), JSON.stringify({})]) {
      expect(readPlayerMessage(message), message).toBeNull();
    }
    expect(readPlayerMessage(new ArrayBuffer(4))).toBeNull();
  });
});
