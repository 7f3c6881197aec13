/**
 * Staff roles and what each may do in the club's console. Written once here and checked by the
 * worker on every console page read, every /api/console call and every write
 * (worker/console/capabilities.ts); the console's navigation hides what a role cannot open.
 * A role is a name people recognise; a capability is named after what it allows, so a check in
 * the code reads as the rule ("may this member publish content?") rather than a list of roles.
 */
export const STAFF_ROLES = ["administrator", "editor", "match-operator", "support", "commerce"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const CAPABILITIES = [
  /** 'Live now': viewers, devices, refusals, match rooms */
  "live.view",
  /** the match operator's screen: line-ups, a live match's events and their withdrawal (the club's feed, from the console) */
  "match.operate",
  /** Fixtures and results: new fixtures, edits, reschedules, postponements, results typed by hand, CSV imports */
  "fixtures.manage",
  /** Squads and players: sign, edit, move between teams, loan out and in, release */
  "squads.manage",
  /** 'Subscriptions and revenue' */
  "revenue.view",
  /** what Rovers TV sells: a fixture's match pass (price, sale window, the streams it opens), mirrored to Stripe, and its archive */
  "commerce.manage",
  /** the account search and an account's page */
  "accounts.view",
  /** block, unblock, bypass, remove bypass, sign out everywhere */
  "accounts.support",
  /** 'Webhook health' */
  "webhooks.view",
  /** the content lists: adverts, promos, sponsors, menu */
  "content.view",
  /** write news articles: create, save drafts and edits, restore revisions (publishing is content.publish) */
  "content.edit",
  /** what the public site shows: create, change and disable adverts, promos, sponsors and menu entries; publish, schedule and unpublish news */
  "content.publish",
  /** the media library: upload photos, change their alt text and focal point, delete them */
  "media.manage",
  /** Rovers TV's videos: upload video files (each then transcoded) and link catalogue videos to them */
  "video.manage",
  /** Rovers TV's live events: create and edit them, their encoder's stream key (rotate), end them */
  "live.manage",
  /** the web settings (site-wide switches and texts): list, change, remove */
  "settings.edit",
  /** the audit log */
  "audit.view",
  /** the Staff screen: who holds which role, grant and revoke */
  "staff.manage",
  /** Vouchers: batches of access codes (create, list, download, revoke their unused codes) */
  "vouchers.manage",
] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  administrator: "Administrator",
  editor: "Editor",
  "match-operator": "Match operator",
  support: "Support",
  commerce: "Commerce",
};

/** The table itself. An administrator holds every capability; the others what their job needs. */
export const ROLE_CAPABILITIES: Record<StaffRole, readonly Capability[]> = {
  administrator: CAPABILITIES,
  editor: ["content.view", "content.edit", "content.publish", "media.manage", "video.manage", "live.manage"],
  // The match operator keeps the fixture list as well as running match day: the same person
  // hears of a moved kick-off or a postponement from the league and enters the results of the
  // matches nobody ran live. Editors write what the site says, not the fixture list itself.
  // The squads are football operations too: the operator picks line-ups from them.
  "match-operator": ["live.view", "match.operate", "fixtures.manage", "squads.manage"],
  // Vouchers: commerce issues them for partners and gifts, support as compensation for a failed stream.
  support: ["live.view", "accounts.view", "accounts.support", "vouchers.manage"],
  commerce: ["revenue.view", "commerce.manage", "webhooks.view", "accounts.view", "content.view", "vouchers.manage"],
};

/** Whether any of `roles` allows `capability`. No role: nothing. */
export function can(roles: readonly StaffRole[], capability: Capability): boolean {
  return roles.some((role) => ROLE_CAPABILITIES[role].includes(capability));
}

/** Every capability `roles` hold, in the table's order. */
export function capabilitiesOf(roles: readonly StaffRole[]): Capability[] {
  return CAPABILITIES.filter((capability) => can(roles, capability));
}

/**
 * The roles as stored (a comma-separated `group_concat`, or null for none), in the table's order.
 * A name that is not a role (a row older than this code) grants nothing.
 */
export function parseRoles(text: string | null | undefined): StaffRole[] {
  if (!text) return [];
  const held = new Set(text.split(","));
  return STAFF_ROLES.filter((role) => held.has(role));
}

export type RoleChangeRefusal = "SELF_CHANGE_FORBIDDEN" | "LAST_ADMINISTRATOR";

/** What every door that could remove the last administrator answers with LAST_ADMINISTRATOR. */
export const LAST_ADMINISTRATOR_DETAIL = "This is the last administrator: grant the role to someone else first";

/**
 * Whether a change to the account would leave the club with no active administrator: an
 * administrator counts while their account is not blocked (a blocked one cannot sign in to grant
 * the role to anyone). Every door that removes an administrator's rights or blocks an account asks
 * this: the console's Staff screen and its account actions, and the club API's block and
 * revoke-staff. The stores' statements repeat it as their own guard (worker/staff/staff-roles.ts,
 * ACTIVE_ADMINISTRATOR_GUARD_SQL), so two changes at once cannot both pass a check made before them.
 * `activeAdministrators`: how many unblocked accounts hold the role now, the target included.
 */
export function leavesNoAdministrator(now: { targetIsActiveAdministrator: boolean; activeAdministrators: number }): boolean {
  return now.targetIsActiveAdministrator && now.activeAdministrators <= 1;
}

/**
 * Whether a role change may go ahead: nobody changes their own roles (so no member raises their
 * own privileges, and no administrator removes the last administrator by revoking themselves), and
 * the last active administrator keeps the role (else nobody could grant roles again but the
 * bearer-token API).
 */
export function roleChangeRefusal(change: {
  actor: string;
  target: string;
  role: StaffRole;
  grant: boolean;
  targetRoles: readonly StaffRole[];
  /** whether the target's account is blocked (a blocked administrator is not an active one) */
  targetBlocked: boolean;
  /** unblocked accounts holding the administrator role now */
  activeAdministrators: number;
}): RoleChangeRefusal | null {
  if (change.actor === change.target) return "SELF_CHANGE_FORBIDDEN";
  if (change.grant || change.role !== "administrator") return null;
  const targetIsActiveAdministrator = change.targetRoles.includes("administrator") && !change.targetBlocked;
  if (leavesNoAdministrator({ targetIsActiveAdministrator, activeAdministrators: change.activeAdministrators })) return "LAST_ADMINISTRATOR";
  return null;
}
