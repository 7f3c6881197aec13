import { requireCapability } from "./capabilities";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError, noApiRoute } from "../http/api-error";
import { staffActor, writeAudit } from "../audit/audit-log";
import { accountRow, LastAdministratorError, parseEntitlements, userFromRow, type AccountRow } from "../accounts/accounts";
import { LAST_ADMINISTRATOR_DETAIL } from "../../src/domain/staff-roles";
import { runAccountAction } from "../accounts/account-actions";
import { REVERSED_PAYMENTS } from "../payments/payment-records";
import { allRows, firstRow, resultsOf, rowSchema } from "../db/rows";
import { GRANTING_STATUSES } from "../../src/domain/subscription-state";
import { deviceCounts, entitlementSources, subscriptionGrants, type PaidSource } from "../../src/domain/account-entitlements";
import { deviceName } from "../../src/domain/device-name";
import { grantActive, grantedEntitlements, paymentReferenceKind } from "../../src/domain/access-grants";
import { grantableEntitlements, grantRow, GRANTS_SQL } from "../accounts/access-grants";
import {
  CONSOLE_ACCOUNT_ACTIONS,
  type AccountDetail,
  type AccountDetailAnswer,
  type AccountSearch,
  type AccountSearchAnswer,
  type AccountSummary,
} from "../../src/schemas/console-accounts";

/**
 * The console's Accounts section, mounted in /api/console behind staffOnly:
 *   GET  /api/console/accounts?q=            find by e-mail (or its start), ssoID or account number
 *   GET  /api/console/accounts/:ssoID        the account: entitlements and their sources, payments, live sessions
 *   POST /api/console/accounts/:ssoID/:action   block | unblock | bypass | unbypass | sign-out (never one's own account)
 * Writes go through the same rules as the admin API (worker/accounts/account-actions.ts: a block
 * or sign-out ends the account's streams) and are written to admin_audit_log with the staff
 * member as actor. Every query reads by an index (tests/worker/console-accounts.test.ts asks
 * EXPLAIN QUERY PLAN).
 */
export const SEARCH_LIMIT = 20;
const AUDIT_SHOWN = 10;
const PAYMENTS_SHOWN = 50;


function summaryOf(row: AccountRow): AccountSummary {
  return {
    ssoID: row.sso_id,
    email: row.email,
    displayName: row.display_name,
    blocked: row.blocked === 1,
    bypassed: row.bypassed === 1,
    staff: row.staff === 1,
    createdAt: row.created_at,
  };
}

/**
 * Search: an exact ssoID or account number, or the start of an e-mail address (lowercased, as the
 * portal stores them). Each arm of the OR reads its own index: sso_id's, the primary key, accounts_email.
 */
export const SEARCH_SQL = `SELECT * FROM accounts WHERE sso_id = ?1 OR id = ?2 OR (email >= ?3 AND email < ?4) ORDER BY email LIMIT ${SEARCH_LIMIT}`;

/**
 * Search by a payment reference (cs_…, sub_…, pi_…, ch_…): the checkout's purchase, the subscription,
 * or the payment a payment intent or charge names (stripe_payment_keys) and its purchase or invoice.
 * Every arm reads by a primary key or unique index.
 */
export const REFERENCE_SEARCH_SQL = `SELECT * FROM accounts WHERE id IN (
    SELECT account_id FROM purchases WHERE stripe_session_id = ?1
    UNION SELECT account_id FROM stripe_subscriptions WHERE id = ?1
    UNION SELECT u.account_id FROM stripe_payment_keys k JOIN purchases u ON u.stripe_session_id = k.payment_id WHERE k.key = ?1
    UNION SELECT s.account_id FROM stripe_payment_keys k JOIN stripe_invoices i ON i.id = k.payment_id JOIN stripe_subscriptions s ON s.id = i.subscription_id WHERE k.key = ?1
  ) ORDER BY email LIMIT ${SEARCH_LIMIT}`;

export async function searchAccounts(db: D1Database, q: string): Promise<AccountSearch> {
  const query = q.trim();
  if (query === "") return { q: query, accounts: [] };
  // A payment reference is looked up as one (a reference is no e-mail's start, nor an ssoID).
  if (paymentReferenceKind(query) !== null) {
    const found = await allRows(accountRow, db.prepare(REFERENCE_SEARCH_SQL).bind(query));
    if (found.length > 0) return { q: query, accounts: found.map(summaryOf) };
  }
  const prefix = query.toLowerCase();
  const number = /^\d{1,15}$/.test(query) ? Number(query) : null;
  const rows = await allRows(accountRow, db.prepare(SEARCH_SQL).bind(query, number, prefix, `${prefix}\u{10FFFF}`));
  return { q: query, accounts: rows.map(summaryOf) };
}

/** What a payment (`cs_…` or `in_…`, an SQL expression) has had refunded so far, through its payment intent. */
const refundedOf = (paymentId: string) => `COALESCE((SELECT MAX(r.amount_reversed) FROM stripe_payment_keys pk
    JOIN stripe_reversals r ON r.payment_intent_id = pk.key AND r.kind = 'refund'
   WHERE pk.payment_id = ${paymentId} AND substr(pk.key, 1, 3) = 'pi_'), 0)`;
const LATEST_INVOICE = `(SELECT li.id FROM stripe_invoices li WHERE li.subscription_id = s.id ORDER BY li.paid_at DESC LIMIT 1)`;

/**
 * The account's subscriptions, with their price; `reversed`: the latest paid invoice was taken back;
 * `paid` and `refunded`: that invoice's amount and what was refunded of it (supporter care's refund).
 */
export const SUBSCRIPTIONS_SQL = `
  SELECT s.id, s.status, s.current_period_end, s.cancel_at_period_end, s.state_created,
         p.entitlements, p.price_display, k.title,
         COALESCE((SELECT i.amount_paid FROM stripe_invoices i WHERE i.id = ${LATEST_INVOICE}), 0) AS paid,
         ${refundedOf(LATEST_INVOICE)} AS refunded,
         EXISTS (SELECT 1 FROM stripe_invoices i
                  WHERE i.subscription_id = s.id
                    AND i.paid_at = (SELECT MAX(l.paid_at) FROM stripe_invoices l WHERE l.subscription_id = s.id)
                    AND i.id IN (${REVERSED_PAYMENTS})) AS reversed
    FROM stripe_subscriptions s LEFT JOIN prices p ON p.id = s.price_id LEFT JOIN packages k ON k.id = p.package_id
   WHERE s.account_id = ?1
   ORDER BY s.state_created DESC`;

/** The account's one-off payments (match passes), newest first; a subscription's checkout is its subscription. */
export const PASSES_SQL = `
  SELECT u.stripe_session_id, u.status, u.created_at, p.entitlements, p.price_display, k.title,
         u.amount_paid AS paid, ${refundedOf("u.stripe_session_id")} AS refunded,
         EXISTS (SELECT 1 FROM (${REVERSED_PAYMENTS}) rv WHERE rv.payment_id = u.stripe_session_id) AS reversed
    FROM purchases u JOIN prices p ON p.id = u.price_id JOIN packages k ON k.id = u.package_id
   WHERE u.account_id = ?1 AND u.mode = 'payment'
   ORDER BY u.id DESC LIMIT ${PAYMENTS_SHOWN}`;

export const NOTES_SQL = `SELECT id, body, author, created_at FROM account_notes WHERE account_id = ?1 ORDER BY id DESC LIMIT 50`;

export const AUDIT_SQL = `SELECT at, actor, action, status FROM admin_audit_log WHERE target = ?1 ORDER BY id DESC LIMIT ${AUDIT_SHOWN}`;

const subscriptionRow = rowSchema("an account's subscriptions", {
  id: z.string(),
  status: z.string(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.number(),
  state_created: z.number(),
  entitlements: z.string().nullable(),
  price_display: z.string().nullable(),
  title: z.string().nullable(),
  reversed: z.number(),
  paid: z.number(),
  refunded: z.number(),
});
const passRow = rowSchema("an account's match passes", {
  stripe_session_id: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
  entitlements: z.string(),
  price_display: z.string(),
  title: z.string(),
  reversed: z.number(),
  paid: z.number(),
  refunded: z.number(),
});
const noteRow = rowSchema("account_notes", { id: z.number(), body: z.string(), author: z.string(), created_at: z.string() });
const auditRow = rowSchema("an account's audit entries", { at: z.string(), actor: z.string(), action: z.string(), status: z.number() });

export async function accountDetail(env: Env, ssoID: string, now = Date.now()): Promise<AccountDetail | null> {
  const db = env.DB;
  const row = await firstRow(accountRow, db.prepare("SELECT * FROM accounts WHERE sso_id = ?1").bind(ssoID));
  if (!row) return null;
  const [subs, passes, audit, grantRows, noteRows] = await db.batch([
    db.prepare(SUBSCRIPTIONS_SQL).bind(row.id),
    db.prepare(PASSES_SQL).bind(row.id),
    db.prepare(AUDIT_SQL).bind(ssoID),
    db.prepare(GRANTS_SQL).bind(row.id),
    db.prepare(NOTES_SQL).bind(row.id),
  ]);
  const grants = resultsOf(grantRow, grantRows).map((g) => ({
    id: g.id,
    entitlement: g.entitlement,
    startsAt: g.starts_at,
    endsAt: g.ends_at,
    reason: g.reason,
    grantedBy: g.granted_by,
    createdAt: g.created_at,
    revokedAt: g.revoked_at,
    active: grantActive({ endsAt: g.ends_at, revokedAt: g.revoked_at }, now),
  }));
  // The grants held now, by the same rule as the session's (a revoked one never).
  const running = grants.filter((g) => g.revokedAt === null && grantedEntitlements([g], now).length > 0);
  const subscriptions = resultsOf(subscriptionRow, subs);
  const oneOff = resultsOf(passRow, passes);
  const paid: PaidSource[] = [
    ...subscriptions.map((s) => ({
      kind: "subscription" as const,
      reference: s.id,
      label: `${s.title ?? "Unknown package"}, ${s.price_display ?? "unknown price"}`,
      entitlements: parseEntitlements(s.entitlements ?? "[]"),
      grants: subscriptionGrants(
        { status: s.status, cancelAtPeriodEnd: s.cancel_at_period_end === 1, periodEnd: s.current_period_end, reversed: s.reversed === 1 },
        GRANTING_STATUSES,
        now,
      ),
      endsAt: s.cancel_at_period_end === 1 ? s.current_period_end : null,
    })),
    ...oneOff.map((u) => ({
      kind: "match-pass" as const,
      reference: u.stripe_session_id ?? "",
      label: `${u.title}, ${u.price_display}`,
      entitlements: parseEntitlements(u.entitlements),
      grants: u.status === "paid" && u.reversed === 0,
      endsAt: null,
    })),
  ];
  const user = userFromRow(row);
  // One call to the account's own StreamSessions object: what is playing now, and on which devices.
  const sessions = await env.STREAM_SESSIONS.get(env.STREAM_SESSIONS.idFromName(ssoID)).sessions();
  const liveSessions = sessions.map((s) => ({
    id: s.id,
    device: deviceName(s.userAgent),
    assetID: s.assetID,
    startedAt: new Date(s.startedAt).toISOString(),
    lastSeenAt: new Date(s.lastSeenAt).toISOString(),
    connected: s.connected,
  }));
  return {
    account: {
      ...summaryOf(row),
      blockedReason: user.blockedReason,
      sessionsValidAfter: row.sessions_valid_after ? new Date(row.sessions_valid_after).toISOString() : null,
    },
    entitlements: entitlementSources({ held: user.entitlements, club: parseEntitlements(row.entitlements), paid, grants: running, bypassed: user.bypassed }),
    bypass: user.bypassed,
    payments: [
      ...subscriptions.map((s) => ({
        reference: s.id,
        kind: "subscription" as const,
        package: s.title ?? "Unknown package",
        price: s.price_display ?? "",
        status: s.status,
        createdAt: new Date(s.state_created * 1000).toISOString(),
        periodEnd: s.current_period_end,
        cancelAtPeriodEnd: s.cancel_at_period_end === 1,
        reversed: s.reversed === 1,
        paidPence: s.paid,
        refundedPence: s.refunded,
      })),
      ...oneOff.map((u) => ({
        reference: u.stripe_session_id ?? "",
        kind: "match-pass" as const,
        package: u.title,
        price: u.price_display,
        status: u.status,
        createdAt: u.created_at,
        periodEnd: null,
        cancelAtPeriodEnd: false,
        reversed: u.reversed === 1,
        paidPence: u.paid,
        refundedPence: u.refunded,
      })),
    ],
    liveSessions,
    devices: deviceCounts(liveSessions.map((s) => s.device)),
    grants,
    grantable: await grantableEntitlements(db),
    notes: resultsOf(noteRow, noteRows).map((n) => ({ id: n.id, body: n.body, author: n.author, createdAt: n.created_at })),
    audit: resultsOf(auditRow, audit),
  };
}

const ssoIdParam = z.string().min(1).max(128).regex(/^[\w.@:-]+$/);
const searchQuery = z.object({ q: z.string().max(200).default("") });
const actionParam = z.enum(CONSOLE_ACCOUNT_ACTIONS);

export const consoleAccountsApi = new Hono<AppEnv>();

consoleAccountsApi.get("/accounts", requireCapability("accounts.view"), async (c) => {
  const query = searchQuery.safeParse(c.req.query());
  if (!query.success) throw new ApiError(400, "INVALID_INPUT", "q is at most 200 characters");
  const answer: AccountSearchAnswer = { data: { attributes: await searchAccounts(c.env.DB, query.data.q) } };
  return c.json(answer);
});

consoleAccountsApi.get("/accounts/:ssoID", requireCapability("accounts.view"), async (c) => {
  const ssoID = ssoIdParam.safeParse(c.req.param("ssoID"));
  const detail = ssoID.success ? await accountDetail(c.env, ssoID.data) : null;
  if (!detail) throw new ApiError(404, "ACCOUNT_NOT_FOUND", "No account with that id");
  const answer: AccountDetailAnswer = { data: { attributes: detail } };
  return c.json(answer);
});

consoleAccountsApi.post("/accounts/:ssoID/:action", requireCapability("accounts.support"), async (c) => {
  const action = actionParam.safeParse(c.req.param("action"));
  if (!action.success) return noApiRoute(c);
  const staff = c.get("user");
  if (!staff) return noApiRoute(c);
  const target = ssoIdParam.safeParse(c.req.param("ssoID"));
  const ssoID = target.success ? target.data : null;
  const audit = (status: number) => writeAudit(c, { actor: staffActor(staff.ssoID), action: `accounts.${action.data}`, target: ssoID, status, detail: { via: "console" } });
  // A refusal is audited too, then thrown to the one error answer.
  const refuse = async (error: ApiError): Promise<never> => {
    await audit(error.status);
    throw error;
  };
  if (!ssoID) return refuse(new ApiError(400, "INVALID_INPUT", "Invalid account id"));
  // No action on one's own account: an unblock or a bypass would be a member of staff serving
  // themselves (watching without paying, lifting their own block), a block or sign-out would lock
  // them out mid-task. Another member of staff does it, and the log shows who.
  if (ssoID === staff.ssoID) {
    return refuse(new ApiError(403, "OWN_ACCOUNT", "Staff cannot act on their own account from the console: ask another member of staff"));
  }
  let row: Awaited<ReturnType<typeof runAccountAction>>;
  try {
    row = await runAccountAction(c.env, action.data, ssoID);
  } catch (error) {
    if (error instanceof LastAdministratorError) return refuse(new ApiError(409, "LAST_ADMINISTRATOR", LAST_ADMINISTRATOR_DETAIL));
    throw error;
  }
  if (!row) return refuse(new ApiError(404, "ACCOUNT_NOT_FOUND", "No account with that id"));
  await audit(200);
  return c.json({ data: { attributes: summaryOf(row) } });
});
