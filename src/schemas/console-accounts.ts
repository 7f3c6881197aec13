import * as z from "zod/mini";

/**
 * The console's Accounts section, staff only: the worker builds its answers with
 * these types (worker/console/accounts.ts), the browser parses them with these schemas. Imported
 * only by the console's own chunks.
 */

/** An account as a search lists it. */
export const accountSummarySchema = z.object({
  ssoID: z.string(),
  email: z.string(),
  displayName: z.string(),
  blocked: z.boolean(),
  bypassed: z.boolean(),
  staff: z.boolean(),
  createdAt: z.string(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

/** GET /api/console/accounts?q= : `q` as read (empty: no search yet) and at most SEARCH_LIMIT matches. */
export const accountSearchSchema = z.object({ q: z.string(), accounts: z.array(accountSummarySchema) });
export type AccountSearch = z.infer<typeof accountSearchSchema>;
export const accountSearchAnswerSchema = z.object({ data: z.object({ attributes: accountSearchSchema }) });
export type AccountSearchAnswer = z.infer<typeof accountSearchAnswerSchema>;

export const ENTITLEMENT_SOURCE_KINDS = ["club", "subscription", "match-pass", "complimentary", "bypass"] as const;

/** Where an entitlement comes from: the club's own list, a subscription, a match pass, a grant by supporter care; bypass opens everything. */
export const entitlementSourceSchema = z.object({
  kind: z.enum(ENTITLEMENT_SOURCE_KINDS),
  /** what a person reads: the package and price, or the club's list */
  label: z.string(),
  /** the Stripe subscription or checkout session, when there is one */
  reference: z.nullable(z.string()),
  /** when it ends unless renewed (a subscription cancelled at period end), ISO; null: no end known */
  endsAt: z.nullable(z.string()),
});
export type EntitlementSource = z.infer<typeof entitlementSourceSchema>;

export const accountDetailSchema = z.object({
  account: z.extend(accountSummarySchema, {
    blockedReason: z.nullable(z.enum(["administrator", "country"])),
    /** ISO: site sessions issued before this were signed out everywhere */
    sessionsValidAfter: z.nullable(z.string()),
  }),
  /** every entitlement the account holds now, each with its sources */
  entitlements: z.array(z.object({ code: z.string(), sources: z.array(entitlementSourceSchema) })),
  /** bypass: every video and stream, and no device limit, whatever the entitlements */
  bypass: z.boolean(),
  payments: z.array(
    z.object({
      reference: z.string(),
      kind: z.enum(["subscription", "match-pass"]),
      package: z.string(),
      price: z.string(),
      status: z.string(),
      createdAt: z.string(),
      /** a subscription's current period end, ISO */
      periodEnd: z.nullable(z.string()),
      cancelAtPeriodEnd: z.boolean(),
      /** a full refund or a dispute not won took it back */
      reversed: z.boolean(),
      /** what its payment (a subscription's latest paid invoice) paid, and what was refunded of it, in pence */
      paidPence: z.number(),
      refundedPence: z.number(),
    }),
  ),
  /** the account's live stream sessions now (its StreamSessions object), oldest first */
  liveSessions: z.array(
    z.object({ id: z.string(), device: z.string(), assetID: z.string(), startedAt: z.string(), lastSeenAt: z.string(), connected: z.boolean() }),
  ),
  /** the devices those sessions are on, busiest first */
  devices: z.array(z.object({ device: z.string(), sessions: z.number() })),
  /** supporter care's grants (complimentary access, extensions), newest first, ended ones too */
  grants: z.array(
    z.object({
      id: z.number(),
      entitlement: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      reason: z.string(),
      grantedBy: z.string(),
      createdAt: z.string(),
      revokedAt: z.nullable(z.string()),
      /** not revoked and not yet ended: staff may end it early */
      active: z.boolean(),
    }),
  ),
  /** the codes the club's packages grant: what a grant may give */
  grantable: z.array(z.string()),
  /** staff's notes, newest first */
  notes: z.array(z.object({ id: z.number(), body: z.string(), author: z.string(), createdAt: z.string() })),
  /** the latest changes made to the account, through the admin API or the console */
  audit: z.array(z.object({ at: z.string(), actor: z.string(), action: z.string(), status: z.number() })),
});
export type AccountDetail = z.infer<typeof accountDetailSchema>;
export const accountDetailAnswerSchema = z.object({ data: z.object({ attributes: accountDetailSchema }) });
export type AccountDetailAnswer = z.infer<typeof accountDetailAnswerSchema>;

/** What staff may do to an account from the console (the admin API adds the staff role's grant and revoke). */
export const CONSOLE_ACCOUNT_ACTIONS = ["block", "unblock", "bypass", "unbypass", "sign-out"] as const;
export type ConsoleAccountAction = (typeof CONSOLE_ACCOUNT_ACTIONS)[number];
