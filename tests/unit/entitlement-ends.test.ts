import { describe, expect, it } from "vitest";
import { liveEntitlements, parseEntitlementEnds } from "../../src/domain/entitlement-ends";

describe("liveEntitlements", () => {
  const now = Date.parse("2026-11-23T12:00:00.000Z");
  it("keeps those without an end or ending later, drops those whose end has come", () => {
    const ends = { roverstv: "2026-11-23T12:00:00.000Z", "roverstv+": "2026-11-23T12:00:01.000Z" };
    expect(liveEntitlements(["roverstv", "roverstv+", "matchpass-7"], ends, now)).toEqual(["roverstv+", "matchpass-7"]);
  });
  it("parses only a JSON object of strings", () => {
    expect(parseEntitlementEnds('{"a":"2026-01-01T00:00:00.000Z","b":3}')).toEqual({ a: "2026-01-01T00:00:00.000Z" });
    expect(parseEntitlementEnds("[]")).toEqual({});
    expect(parseEntitlementEnds("nope")).toEqual({});
    expect(parseEntitlementEnds(undefined)).toEqual({});
  });
});
