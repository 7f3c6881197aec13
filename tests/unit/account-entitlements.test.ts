import { describe, expect, it } from "vitest";
import { BYPASS_CODE, CLUB_SOURCE_LABEL, deviceCounts, entitlementSources, subscriptionGrants } from "../../src/domain/account-entitlements";

const NOW = Date.parse("2031-03-10T12:00:00Z");
const GRANTING = ["active", "trialing"];

describe("where an account's entitlements come from", () => {
  it("lists each held code with every source that grants it, then the bypass", () => {
    const rows = entitlementSources({
      held: ["roverstv", "freemium", "roverstv"],
      club: ["freemium", "roverstv"],
      paid: [
        { kind: "subscription", reference: "sub_1", label: "Rovers TV", entitlements: ["roverstv"], grants: true, endsAt: null },
        { kind: "subscription", reference: "sub_0", label: "Rovers TV (old)", entitlements: ["roverstv"], grants: false, endsAt: null },
      ],
      bypassed: true,
    });
    expect(rows.map((r) => [r.code, r.sources.map((s) => s.reference ?? s.kind)])).toEqual([
      ["freemium", ["club"]],
      ["roverstv", ["club", "sub_1"]],
      [BYPASS_CODE, ["bypass"]],
    ]);
    expect(rows[0]?.sources[0]?.label).toBe(CLUB_SOURCE_LABEL);
  });

  it("a subscription grants in a granting state, unless reversed or past the period it was cancelled at", () => {
    const base = { status: "active", cancelAtPeriodEnd: false, periodEnd: null, reversed: false };
    expect(subscriptionGrants(base, GRANTING, NOW)).toBe(true);
    expect(subscriptionGrants({ ...base, status: "past_due" }, GRANTING, NOW)).toBe(false);
    expect(subscriptionGrants({ ...base, reversed: true }, GRANTING, NOW)).toBe(false);
    expect(subscriptionGrants({ ...base, cancelAtPeriodEnd: true, periodEnd: "2031-03-10T11:59:59Z" }, GRANTING, NOW)).toBe(false);
    expect(subscriptionGrants({ ...base, cancelAtPeriodEnd: true, periodEnd: "2031-03-11T00:00:00Z" }, GRANTING, NOW)).toBe(true);
  });

  it("counts devices, most first", () => {
    expect(deviceCounts(["Safari on iOS", "Chrome on Windows", "Chrome on Windows"])).toEqual([
      { device: "Chrome on Windows", sessions: 2 },
      { device: "Safari on iOS", sessions: 1 },
    ]);
  });
});
