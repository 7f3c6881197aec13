import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { requireCapability } from "./capabilities";
import { ApiError } from "../http/api-error";
import { auditedWrite, fieldsRefused, jsonBody, parsedBody } from "./audited-write";
import { findAccount, userFromRow, type AccountRow } from "../accounts/accounts";
import { grantableEntitlements, grantOf, insertGrants, revokeGrant } from "../accounts/access-grants";
import { checkGrant, checkNote, extensionWindow, MAX_NOTE_LENGTH } from "../../src/domain/access-grants";
import { endSiteStreams, endStreamsOf } from "../../durable-objects/stream-release";
import { revokeSession } from "../auth/sessions";
import { SESSION_TTL_SECONDS } from "../auth/session-cookie";
import { firstRow, rowSchema } from "../db/rows";

/**
 * Supporter care on the console's account page, mounted in /api/console before the account
 * actions (worker/console/accounts.ts, whose `/:action` would otherwise answer these paths):
 *   POST /accounts/:ssoID/grants                       complimentary access: codes, a London date, a reason
 *   POST /accounts/:ssoID/grants/:grantID/end          ends a grant early (409 GRANT_NOT_ACTIVE when it already ended)
 *   POST /accounts/:ssoID/extend                       a subscription's entitlements N days past its period end
 *   POST /accounts/:ssoID/sessions/:sessionID/sign-out signs out the one device a live session runs on
 *   POST /accounts/:ssoID/notes                        a note by staff
 * All need accounts.support, none acts on one's own account (403 OWN_ACCOUNT, as the actions), and
 * each is audited with the account's state before and after (auditedWrite).
 */
type Ctx = Context<AppEnv>;

export const consoleCareApi = new Hono<AppEnv>();
const support = requireCapability("accounts.support");

const ssoIdParam = z.string().min(1).max(128).regex(/^[\w.@:-]+$/);
const ACCOUNT_NOT_FOUND = () => new ApiError(404, "ACCOUNT_NOT_FOUND", "No account with that id");

/** The account acted on; throws 404 for an unknown one and 403 for the staff member's own. */
export async function target(c: Ctx, ssoID: string | null): Promise<AccountRow> {
  if (!ssoID) throw ACCOUNT_NOT_FOUND();
  // Another member of staff serves a member of staff: a grant to oneself would be watching without paying.
  if (ssoID === c.get("user")?.ssoID) throw new ApiError(403, "OWN_ACCOUNT", "Staff cannot act on their own account from the console: ask another member of staff");
  const row = await findAccount(c.env.DB, ssoID);
  if (!row) throw ACCOUNT_NOT_FOUND();
  return row;
}

export const ssoIDOf = (c: Ctx) => {
  const parsed = ssoIdParam.safeParse(c.req.param("ssoID"));
  return parsed.success ? parsed.data : null;
};
const staffOf = (c: Ctx) => c.get("user")?.ssoID ?? "unknown";

/** What the account holds now, as the session reads it: the audit's before and after. */
export async function heldNow(db: D1Database, ssoID: string): Promise<string[]> {
  const row = await findAccount(db, ssoID);
  return row ? userFromRow(row).entitlements.sort() : [];
}

/** Ends the account's live streams when it lost an entitlement: its right to watch may be gone. */
async function endStreamsIfLost(env: Env, ssoID: string, before: readonly string[], after: readonly string[], reason: string) {
  if (before.some((e) => !after.includes(e))) await endStreamsOf(env, ssoID, reason);
}

const grantBody = z.object({
  entitlements: z.array(z.string().max(64)).max(20).default([]),
  until: z.string().max(20).default(""),
  reason: z.string().max(2000).default(""),
});

consoleCareApi.post("/accounts/:ssoID/grants", support, async (c) => {
  const ssoID = ssoIDOf(c);
  const body = await jsonBody(c);
  return auditedWrite(c, "accounts.grant", ssoID, body, async () => {
    const account = await target(c, ssoID);
    const input = parsedBody(grantBody, body);
    const checked = checkGrant(input, await grantableEntitlements(c.env.DB), Date.now());
    if (checked.problems.length > 0 || checked.endsAt === null) throw fieldsRefused(checked.problems);
    const before = userFromRow(account).entitlements.sort();
    const entitlements = [...new Set(input.entitlements)];
    const ids = await insertGrants(c.env.DB, {
      accountID: account.id,
      entitlements,
      startsAt: new Date().toISOString(),
      endsAt: checked.endsAt,
      source: "complimentary",
      reason: input.reason.trim(),
      grantedBy: staffOf(c),
    });
    const after = await heldNow(c.env.DB, account.sso_id);
    return { detail: { before: { entitlements: before }, after: { entitlements: after, grants: ids, endsAt: checked.endsAt } }, answer: { grants: ids, endsAt: checked.endsAt }, status: 201 };
  });
});

consoleCareApi.post("/accounts/:ssoID/grants/:grantID/end", support, async (c) => {
  const ssoID = ssoIDOf(c);
  const grantID = Number(c.req.param("grantID"));
  return auditedWrite(c, "accounts.grant-end", ssoID, { grantID }, async () => {
    const account = await target(c, ssoID);
    const grant = Number.isInteger(grantID) && grantID > 0 ? await grantOf(c.env.DB, account.id, grantID) : null;
    if (!grant) throw new ApiError(404, "GRANT_NOT_FOUND", "No such grant on this account");
    const before = userFromRow(account).entitlements.sort();
    const ended = await revokeGrant(c.env.DB, account.id, grantID, staffOf(c));
    if (!ended) throw new ApiError(409, "GRANT_NOT_ACTIVE", "That grant has already ended or been ended: the page now shows it as it is");
    const after = await heldNow(c.env.DB, account.sso_id);
    await endStreamsIfLost(c.env, account.sso_id, before, after, "Complimentary access ended");
    return { detail: { before: { grant: grant, entitlements: before }, after: { grant: ended, entitlements: after } }, answer: { grant: ended.id } };
  });
});

const extendBody = z.object({ subscription: z.string().max(255).default(""), days: z.coerce.number().default(Number.NaN) });
const subscriptionRow = rowSchema("a subscription to extend", { current_period_end: z.string().nullable(), entitlements: z.string().nullable() });

consoleCareApi.post("/accounts/:ssoID/extend", support, async (c) => {
  const ssoID = ssoIDOf(c);
  const body = await jsonBody(c);
  return auditedWrite(c, "accounts.extend", ssoID, body, async () => {
    const account = await target(c, ssoID);
    const input = parsedBody(extendBody, body);
    const sub = await firstRow(
      subscriptionRow,
      c.env.DB.prepare("SELECT s.current_period_end, p.entitlements FROM stripe_subscriptions s LEFT JOIN prices p ON p.id = s.price_id WHERE s.id = ?1 AND s.account_id = ?2").bind(
        input.subscription,
        account.id,
      ),
    );
    if (!sub) throw fieldsRefused([{ field: "subscription", detail: "Choose one of this account's subscriptions" }]);
    const window = extensionWindow(sub.current_period_end, input.days, Date.now());
    if ("problem" in window) throw fieldsRefused([{ field: window.field, detail: window.problem }]);
    const entitlements = z.array(z.string()).catch([]).parse(JSON.parse(sub.entitlements ?? "[]"));
    if (entitlements.length === 0) throw fieldsRefused([{ field: "subscription", detail: "That subscription's price grants nothing to extend" }]);
    const before = userFromRow(account).entitlements.sort();
    const ids = await insertGrants(c.env.DB, {
      accountID: account.id,
      entitlements,
      ...window,
      source: "complimentary",
      reason: `Extension of ${input.subscription} by ${input.days} days`,
      grantedBy: staffOf(c),
    });
    const after = await heldNow(c.env.DB, account.sso_id);
    return { detail: { before: { entitlements: before }, after: { entitlements: after, grants: ids, ...window } }, answer: { grants: ids, ...window }, status: 201 };
  });
});

consoleCareApi.post("/accounts/:ssoID/sessions/:sessionID/sign-out", support, async (c) => {
  const ssoID = ssoIDOf(c);
  const sessionID = c.req.param("sessionID").slice(0, 128);
  return auditedWrite(c, "accounts.sign-out-device", ssoID, { sessionID }, async () => {
    const account = await target(c, ssoID);
    const objects = c.env.STREAM_SESSIONS;
    const sessions = await objects.get(objects.idFromName(account.sso_id)).sessions();
    const session = sessions.find((s) => s.id === sessionID);
    if (!session) throw new ApiError(409, "SESSION_GONE", "That session has already ended: the page now shows the account's sessions as they are");
    // The site session the stream was started from is revoked (that device must sign in again),
    // then its streams are released; the account's other devices carry on.
    await revokeSession(c.env.DB, { sid: session.siteSid, ssoID: account.sso_id, exp: Math.floor(Date.now() / 1000) + SESSION_TTL_SECONDS });
    await endSiteStreams(c.env, account.sso_id, session.siteSid);
    const left = sessions.filter((s) => s.siteSid !== session.siteSid).map((s) => s.id);
    return {
      detail: { before: { sessions: sessions.map((s) => s.id) }, after: { sessions: left, signedOut: { session: session.id, userAgent: session.userAgent } } },
      answer: { sessions: left },
    };
  });
});

// Longer than a note may be is refused by checkNote, beside the field; zod only bounds the body.
const noteBody = z.object({ text: z.string().max(MAX_NOTE_LENGTH * 10).default("") });

consoleCareApi.post("/accounts/:ssoID/notes", support, async (c) => {
  const ssoID = ssoIDOf(c);
  const body = await jsonBody(c);
  return auditedWrite(c, "accounts.note", ssoID, body, async () => {
    const account = await target(c, ssoID);
    const input = parsedBody(noteBody, body);
    const problem = checkNote(input.text);
    if (problem) throw fieldsRefused([{ field: "text", detail: problem }]);
    const row = await c.env.DB.prepare("INSERT INTO account_notes (account_id, body, author) VALUES (?1, ?2, ?3) RETURNING id, created_at")
      .bind(account.id, input.text.trim(), staffOf(c))
      .first<{ id: number; created_at: string }>();
    return { detail: { before: null, after: { note: row?.id, body: input.text.trim() } }, answer: { id: row?.id }, status: 201 };
  });
});
