import { describe, expect, it } from "vitest";
import { interpretEntitlementResponse, parseCommaEntitlements } from "../../src/domain/entitlement-response";

const body = (userID: string | number, entitlements: string[], stripeCustomerID?: string | null) => ({
  data: { attributes: { userID, entitlements, stripeCustomerID } },
});

describe("interpretEntitlementResponse (spec §5, §8)", () => {
  it("200 for the logged-in user is accepted with entitlements and customer id", () => {
    expect(interpretEntitlementResponse({ status: 200, body: body("u-1", ["roverstv"], "cus_1"), ssoID: "u-1" })).toEqual({
      kind: "accepted", entitlements: ["roverstv"], stripeCustomerID: "cus_1", message: null,
    });
  });
  it("numeric userIDs compare as strings", () => {
    expect(interpretEntitlementResponse({ status: 200, body: body(42, ["vip"]), ssoID: "42" }).kind).toBe("accepted");
  });
  it("a response for another user is refused", () => {
    expect(interpretEntitlementResponse({ status: 200, body: body("u-2", ["roverstv"]), ssoID: "u-1" })).toEqual({ kind: "mismatch" });
    expect(interpretEntitlementResponse({ status: 200, body: body("", ["roverstv"]), ssoID: "" })).toEqual({ kind: "mismatch" });
  });
  it("404 is valid and means 'You have no subscriptions'", () => {
    expect(interpretEntitlementResponse({ status: 404, body: null, ssoID: "u-1" })).toEqual({
      kind: "none", entitlements: [], stripeCustomerID: "", message: "You have no subscriptions",
    });
  });
  it("200 with an empty list also says 'You have no subscriptions'", () => {
    const o = interpretEntitlementResponse({ status: 200, body: body("u-1", []), ssoID: "u-1" });
    expect(o.kind === "accepted" && o.message).toBe("You have no subscriptions");
  });
  it("other statuses and malformed bodies: 'There was an issue checking your subscriptions'", () => {
    for (const [status, b] of [[500, null], [403, body("u-1", [])], [200, { data: {} }], [200, "x"]] as const) {
      expect(interpretEntitlementResponse({ status, body: b, ssoID: "u-1" })).toEqual({
        kind: "error", message: "There was an issue checking your subscriptions",
      });
    }
  });
  it("comma-separated entitlements of the stream payments source", () => {
    expect(parseCommaEntitlements("roverstv, roverstv+,,")).toEqual(["roverstv", "roverstv+"]);
    expect(parseCommaEntitlements("")).toEqual([]);
    expect(parseCommaEntitlements(null)).toEqual([]);
  });
});
