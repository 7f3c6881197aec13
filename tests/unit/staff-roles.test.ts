import { describe, expect, it } from "vitest";
import { can, capabilitiesOf, CAPABILITIES, leavesNoAdministrator, parseRoles, roleChangeRefusal, ROLE_CAPABILITIES, STAFF_ROLES } from "../../src/domain/staff-roles";

describe("can", () => {
  it("gives an administrator every capability", () => {
    for (const capability of CAPABILITIES) expect(can(["administrator"], capability), capability).toBe(true);
  });

  it("gives no role nothing", () => {
    for (const capability of CAPABILITIES) expect(can([], capability), capability).toBe(false);
  });

  it("lets an editor publish content but not see accounts, revenue or the staff screen", () => {
    expect(can(["editor"], "content.publish")).toBe(true);
    expect(can(["editor"], "accounts.view")).toBe(false);
    expect(can(["editor"], "revenue.view")).toBe(false);
    expect(can(["editor"], "staff.manage")).toBe(false);
  });

  it("lets support help an account but not publish, change settings or manage staff", () => {
    expect(can(["support"], "accounts.support")).toBe(true);
    expect(can(["support"], "content.publish")).toBe(false);
    expect(can(["support"], "content.view")).toBe(false);
    expect(can(["support"], "settings.edit")).toBe(false);
    expect(can(["support"], "staff.manage")).toBe(false);
  });

  it("lets commerce read money and accounts, act on neither, and sell match passes", () => {
    expect(capabilitiesOf(["commerce"])).toEqual(["revenue.view", "commerce.manage", "accounts.view", "webhooks.view", "content.view", "vouchers.manage"]);
    expect(can(["commerce"], "accounts.support")).toBe(false);
    expect(STAFF_ROLES.filter((r) => can([r], "commerce.manage"))).toEqual(["administrator", "commerce"]);
  });

  it("lets the match operator post a match's events and nobody else but administrators", () => {
    expect(capabilitiesOf(["match-operator"])).toEqual(["live.view", "match.operate", "fixtures.manage", "squads.manage"]);
    expect(STAFF_ROLES.filter((r) => can([r], "fixtures.manage"))).toEqual(["administrator", "match-operator"]);
    expect(STAFF_ROLES.filter((r) => can([r], "squads.manage"))).toEqual(["administrator", "match-operator"]);
    expect(STAFF_ROLES.filter((r) => can([r], "match.operate"))).toEqual(["administrator", "match-operator"]);
  });

  it("lets commerce, support and administrators issue vouchers, and nobody else", () => {
    expect(STAFF_ROLES.filter((r) => can([r], "vouchers.manage"))).toEqual(["administrator", "support", "commerce"]);
  });

  it("adds up several roles", () => {
    expect(capabilitiesOf(["editor", "match-operator"])).toEqual(["live.view", "match.operate", "fixtures.manage", "squads.manage", "content.view", "content.edit", "content.publish", "media.manage", "video.manage", "live.manage"]);
  });

  it("keeps staff management and the audit log for administrators alone", () => {
    for (const role of STAFF_ROLES.filter((r) => r !== "administrator")) {
      expect(ROLE_CAPABILITIES[role], role).not.toContain("staff.manage");
      expect(ROLE_CAPABILITIES[role], role).not.toContain("audit.view");
    }
  });
});

describe("parseRoles", () => {
  it("reads group_concat's text in the table's order, without duplicates", () => {
    expect(parseRoles("support,administrator,support")).toEqual(["administrator", "support"]);
  });

  it("grants nothing for null, empty text or a name that is not a role", () => {
    expect(parseRoles(null)).toEqual([]);
    expect(parseRoles("")).toEqual([]);
    expect(parseRoles("owner,root")).toEqual([]);
  });
});

describe("roleChangeRefusal", () => {
  const change = { actor: "a", target: "b", role: "editor" as const, grant: true, targetRoles: [], targetBlocked: false, activeAdministrators: 1 };

  it("allows an administrator to change someone else's roles", () => {
    expect(roleChangeRefusal(change)).toBeNull();
    expect(roleChangeRefusal({ ...change, role: "administrator", grant: false, targetRoles: ["administrator"], activeAdministrators: 2 })).toBeNull();
  });

  it("refuses any change of one's own roles, a grant as much as a revoke", () => {
    expect(roleChangeRefusal({ ...change, target: "a" })).toBe("SELF_CHANGE_FORBIDDEN");
    expect(roleChangeRefusal({ ...change, target: "a", grant: false })).toBe("SELF_CHANGE_FORBIDDEN");
  });

  it("refuses to remove the last administrator", () => {
    expect(roleChangeRefusal({ ...change, role: "administrator", grant: false, targetRoles: ["administrator"], activeAdministrators: 1 })).toBe("LAST_ADMINISTRATOR");
  });

  it("lets a revoke of a role the account does not hold through (nothing to remove)", () => {
    expect(roleChangeRefusal({ ...change, role: "administrator", grant: false, targetRoles: ["editor"], activeAdministrators: 1 })).toBeNull();
  });

  it("counts only active administrators: a blocked administrator's revoke passes, the last unblocked one's does not", () => {
    const revoke = { ...change, role: "administrator" as const, grant: false, targetRoles: ["administrator" as const] };
    expect(roleChangeRefusal({ ...revoke, targetBlocked: true, activeAdministrators: 1 })).toBeNull();
    expect(roleChangeRefusal({ ...revoke, targetBlocked: false, activeAdministrators: 1 })).toBe("LAST_ADMINISTRATOR");
    expect(roleChangeRefusal({ ...revoke, targetBlocked: false, activeAdministrators: 0 })).toBe("LAST_ADMINISTRATOR");
  });
});

describe("leavesNoAdministrator", () => {
  it("is true only for the last active administrator", () => {
    expect(leavesNoAdministrator({ targetIsActiveAdministrator: true, activeAdministrators: 1 })).toBe(true);
    expect(leavesNoAdministrator({ targetIsActiveAdministrator: true, activeAdministrators: 2 })).toBe(false);
    expect(leavesNoAdministrator({ targetIsActiveAdministrator: false, activeAdministrators: 1 })).toBe(false);
    expect(leavesNoAdministrator({ targetIsActiveAdministrator: false, activeAdministrators: 0 })).toBe(false);
  });
});
