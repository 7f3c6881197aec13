import { describe, expect, it } from "vitest";
import { safeReturnUrl } from "../../src/domain/return-url";

describe("safeReturnUrl (same-site paths only)", () => {
  it.each([
    ["/", "/"],
    ["/news", "/news"],
    ["/videos/0_abc?autoplay=1#player", "/videos/0_abc?autoplay=1#player"],
    ["/search?q=a%20b&next=https://evil.example", "/search?q=a%20b&next=https://evil.example"],
    ["/news/2024/10/kit-launch", "/news/2024/10/kit-launch"],
    ["/a/../teams/u18", "/teams/u18"],
    ["/category/tickets?x=%2F%2Fy", "/category/tickets?x=%2F%2Fy"],
  ])("keeps %s", (input, out) => {
    expect(safeReturnUrl(input)).toBe(out);
  });

  it.each([
    [null],
    [undefined],
    [""],
    ["news"],
    ["//evil.example"],
    ["//evil.example/path"],
    ["https://evil.example"],
    ["http://evil.example/news"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["javascript:alert(1)"],
    ["JaVaScRiPt:alert(1)"],
    ["data:text/html,x"],
    // percent-encoded
    ["%2F%2Fevil.example"],
    ["/%2Fevil.example"],
    ["/%2f%2fevil.example"],
    ["/%5Cevil.example"],
    ["/%255Cevil.example"],
    ["/%252F%252Fevil.example"],
    ["javascript%3Aalert(1)"],
    ["https%3A%2F%2Fevil.example"],
    ["/%"],
    // whitespace and control characters
    [" //evil.example"],
    ["\t//evil.example"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["/\r\n/evil.example"],
    ["/\u0000/evil.example"],
    ["/%09/evil.example"],
    ["/%0a/evil.example"],
    ["/%00/evil.example"],
    ["/ /evil.example"],
    [" javascript:alert(1)"],
    ["\u00a0/news"],
    ["/\u2028/evil.example"],
    // dot segments that normalise to a protocol-relative path
    ["/..//evil.example"],
    ["/.//evil.example"],
    ["/%2e%2e//evil.example"],
  ])("refuses %j", (input) => {
    expect(safeReturnUrl(input)).toBe("/");
  });
});
