import { describe, expect, it } from "vitest";
import { isLoopbackHost, isLoopbackRequest } from "../../src/domain/loopback";

describe("isLoopbackHost", () => {
  it("accepts the loopback names and addresses", () => {
    for (const host of ["127.0.0.1", "127.255.0.9", "localhost", "LOCALHOST", "[::1]", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "[::ffff:127.0.0.1]"]) expect(isLoopbackHost(host), host).toBe(true);
  });

  it("refuses every other host, including look-alikes", () => {
    for (const host of ["", "10.0.0.1", "128.0.0.1", "0.0.0.0", "127.0.0", "127.0.0.1.example.com", "127.0.0.256", "localhost.example.com", "www.rovers.test", "[::2]", "::ffff:10.0.0.1", "127.0.0.01x"]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

describe("isLoopbackRequest", () => {
  it("needs a loopback URL host, and a loopback caller when the runtime names one", () => {
    expect(isLoopbackRequest("127.0.0.1", undefined)).toBe(true);
    expect(isLoopbackRequest("127.0.0.1", "127.0.0.1")).toBe(true);
    expect(isLoopbackRequest("127.0.0.1", "203.0.113.7")).toBe(false);
    expect(isLoopbackRequest("www.rovers.test", undefined)).toBe(false);
    expect(isLoopbackRequest("www.rovers.test", "127.0.0.1")).toBe(false);
  });
});
