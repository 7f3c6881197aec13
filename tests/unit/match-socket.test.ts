import { describe, expect, it } from "vitest";
import { addressKey, admissionOf, CLOSE_ADDRESS_LIMIT, CLOSE_NOT_PING, CLOSE_ROOM_FULL, CLOSE_TOO_BIG, isRefusal, MAX_MESSAGE_BYTES, refusalOfMessage } from "../../src/domain/match-socket";
import { PING_REQUEST } from "../../src/domain/stream-socket";

describe("match room admission", () => {
  const limits = { perAddress: 3, perRoom: 10 };
  it("admits below both caps and refuses at either, the room's first", () => {
    expect(admissionOf({ fromAddress: 2, inRoom: 9 }, limits)).toBeNull();
    expect(admissionOf({ fromAddress: 3, inRoom: 4 }, limits)?.code).toBe(CLOSE_ADDRESS_LIMIT);
    expect(admissionOf({ fromAddress: 0, inRoom: 10 }, limits)?.code).toBe(CLOSE_ROOM_FULL);
    expect(admissionOf({ fromAddress: 3, inRoom: 10 }, limits)?.code).toBe(CLOSE_ROOM_FULL);
  });
});

describe("a message that reaches the room", () => {
  it("is refused as not the ping, or as too big past the limit (text measured in bytes)", () => {
    expect(PING_REQUEST.length).toBeLessThan(MAX_MESSAGE_BYTES);
    expect(refusalOfMessage("hello").code).toBe(CLOSE_NOT_PING);
    expect(refusalOfMessage("x".repeat(MAX_MESSAGE_BYTES)).code).toBe(CLOSE_NOT_PING);
    expect(refusalOfMessage("x".repeat(MAX_MESSAGE_BYTES + 1)).code).toBe(CLOSE_TOO_BIG);
    expect(refusalOfMessage("é".repeat(MAX_MESSAGE_BYTES / 2 + 1)).code).toBe(CLOSE_TOO_BIG);
    expect(refusalOfMessage(new ArrayBuffer(2_000_000)).code).toBe(CLOSE_TOO_BIG);
  });
  it("every refusal is one the match centre waits a minute after; an ordinary close is not", () => {
    for (const code of [CLOSE_NOT_PING, CLOSE_TOO_BIG, CLOSE_ADDRESS_LIMIT, CLOSE_ROOM_FULL]) expect(isRefusal(code)).toBe(true);
    for (const code of [1000, 1001, 1006, 1011]) expect(isRefusal(code)).toBe(false);
  });
});

describe("the key an address is counted under", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("unknown")).toBe("unknown");
  });
  it("counts IPv6 per /64, however the address is written", () => {
    const key = "2001:db8:85a3:0::/64";
    expect(addressKey("2001:db8:85a3::8a2e:370:7334")).toBe(key);
    expect(addressKey("2001:0DB8:85A3:0000:1111:2222:3333:4444")).toBe(key);
    expect(addressKey("2001:db8:85a3:0:ffff::1")).toBe(key);
    expect(addressKey("2001:db8:85a4::1")).not.toBe(key);
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::")).toBe("fe80:0:0:0::/64");
  });
});
