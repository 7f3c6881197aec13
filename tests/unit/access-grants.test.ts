import { describe, expect, it } from "vitest";
import {
  checkGrant,
  checkNote,
  endOfClubDay,
  extensionWindow,
  grantActive,
  grantedEntitlements,
  parseGrantedAccess,
  paymentReferenceKind,
} from "../../src/domain/access-grants";
import { complimentaryLabel, entitlementSources } from "../../src/domain/account-entitlements";

const NOW = Date.parse("2026-11-30T12:00:00Z");
const DAY = 86_400_000;

describe("grantedEntitlements", () => {
  it("holds a grant from its start to its end (exclusive), never a malformed one, each code once", () => {
    const grants = [
      { entitlement: "roverstv", startsAt: "2026-11-01T00:00:00Z", endsAt: "2026-12-01T00:00:00Z" },
      { entitlement: "roverstv", startsAt: "2026-11-02T00:00:00Z", endsAt: "2026-12-02T00:00:00Z" },
      { entitlement: "roverstv+", startsAt: "2026-12-01T00:00:00Z", endsAt: "2026-12-08T00:00:00Z" },
      { entitlement: "vip", startsAt: "2026-01-01T00:00:00Z", endsAt: "2026-11-30T12:00:00Z" },
      { entitlement: "bad", startsAt: "soon", endsAt: "later" },
    ];
    expect(grantedEntitlements(grants, NOW)).toEqual(["roverstv"]);
    expect(grantedEntitlements(grants, Date.parse("2026-12-01T00:00:00Z"))).toEqual(["roverstv", "roverstv+"]);
    expect(grantedEntitlements(grants, Date.parse("2026-12-08T00:00:00Z"))).toEqual([]);
  });

  it("reads the stored copy, anything malformed as no grant", () => {
    expect(parseGrantedAccess('[{"entitlement":"a","startsAt":"x","endsAt":"y"},{"entitlement":1}]')).toEqual([{ entitlement: "a", startsAt: "x", endsAt: "y" }]);
    expect(parseGrantedAccess("{}")).toEqual([]);
    expect(parseGrantedAccess("not json")).toEqual([]);
    expect(parseGrantedAccess(undefined)).toEqual([]);
  });
});

describe("endOfClubDay", () => {
  it("is the start of the next London day, in winter and in summer; null for no real date", () => {
    expect(endOfClubDay("2026-12-24")).toBe("2026-12-25T00:00:00.000Z");
    expect(endOfClubDay("2026-07-01")).toBe("2026-07-01T23:00:00.000Z");
    expect(endOfClubDay("2026-02-30")).toBeNull();
    expect(endOfClubDay("24/12/2026")).toBeNull();
  });
});

describe("checkGrant", () => {
  const codes = ["roverstv", "roverstv+"];
  it("accepts codes the packages grant, a date ahead within two years, a reason", () => {
    expect(checkGrant({ entitlements: ["roverstv"], until: "2026-12-24", reason: " Fault " }, codes, NOW)).toEqual({ problems: [], endsAt: "2026-12-25T00:00:00.000Z" });
    // Today in London is still ahead until midnight.
    expect(checkGrant({ entitlements: ["roverstv"], until: "2026-11-30", reason: "x" }, codes, NOW).problems).toEqual([]);
  });
  it("names each field's problem", () => {
    const fields = (input: Parameters<typeof checkGrant>[0]) => checkGrant(input, codes, NOW).problems.map((p) => p.field);
    expect(fields({ entitlements: [], until: "2026-11-29", reason: "" })).toEqual(["entitlements", "until", "reason"]);
    expect(fields({ entitlements: ["everything"], until: "2028-12-31", reason: "x".repeat(501) })).toEqual(["entitlements", "until", "reason"]);
    expect(fields({ entitlements: ["roverstv"], until: "soon", reason: "x" })).toEqual(["until"]);
    expect(checkGrant({ entitlements: [], until: "2026-12-01", reason: "x" }, codes, NOW).endsAt).toBeNull();
  });
});

describe("extensionWindow", () => {
  it("starts at the period end and lasts N days; refuses no period, bad days, an extension already over", () => {
    expect(extensionWindow("2026-12-10T00:00:00.000Z", 7, NOW)).toEqual({ startsAt: "2026-12-10T00:00:00.000Z", endsAt: "2026-12-17T00:00:00.000Z" });
    expect(extensionWindow(null, 7, NOW)).toMatchObject({ field: "subscription" });
    expect(extensionWindow("2026-12-10T00:00:00.000Z", 0, NOW)).toMatchObject({ field: "days" });
    expect(extensionWindow("2026-12-10T00:00:00.000Z", 1.5, NOW)).toMatchObject({ field: "days" });
    expect(extensionWindow(new Date(NOW - 10 * DAY).toISOString(), 3, NOW)).toMatchObject({ field: "days" });
  });
});

describe("the rest of care's rules", () => {
  it("grantActive: not revoked and not ended", () => {
    expect(grantActive({ endsAt: "2026-12-01T00:00:00Z", revokedAt: null }, NOW)).toBe(true);
    expect(grantActive({ endsAt: "2026-12-01T00:00:00Z", revokedAt: "2026-11-30T00:00:00Z" }, NOW)).toBe(false);
    expect(grantActive({ endsAt: "2026-11-30T00:00:00Z", revokedAt: null }, NOW)).toBe(false);
  });
  it("checkNote: required, at most 2,000 characters", () => {
    expect(checkNote("Called")).toBeNull();
    expect(checkNote("  ")).toBe("Write the note");
    expect(checkNote("x".repeat(2000))).toBeNull();
    expect(checkNote("x".repeat(2001))).toBe("At most 2,000 characters");
  });
  it("paymentReferenceKind: cs_, sub_, pi_, ch_ only", () => {
    expect(["cs_test_a1", "sub_1Abc", "pi_3Xyz", "ch_3Xyz", "in_1", "fan@rovers.test", "cs_"].map(paymentReferenceKind)).toEqual([
      "checkout",
      "subscription",
      "payment-intent",
      "charge",
      null,
      null,
      null,
    ]);
  });
  it("a running grant is the entitlement's complimentary source, with its last day and reason", () => {
    expect(complimentaryLabel("2026-12-25T00:00:00.000Z", "Stream failed")).toBe("Complimentary until 24 Dec 2026: Stream failed");
    const rows = entitlementSources({ held: ["roverstv"], club: [], paid: [], grants: [{ entitlement: "roverstv", endsAt: "2026-12-25T00:00:00.000Z", reason: "Fault" }], bypassed: false });
    expect(rows).toEqual([{ code: "roverstv", sources: [{ kind: "complimentary", label: "Complimentary until 24 Dec 2026: Fault", reference: null, endsAt: "2026-12-25T00:00:00.000Z" }] }]);
  });
});
