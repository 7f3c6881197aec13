import { Hono, type Context, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { findAccount, isStaff, listAccounts, type AccountRow } from "../accounts/accounts";
import { ACCOUNT_ACTIONS, runAccountAction, type AccountAction } from "../accounts/account-actions";
import { LastAdministratorError, userFromRow } from "../accounts/accounts";
import { LAST_ADMINISTRATOR_DETAIL } from "../../src/domain/staff-roles";
import { clientIp } from "../http/client-ip";
import { writeAudit } from "../audit/audit-log";
import { rateLimitedResponse } from "../auth/rate-limit";
import { hitRateLimits, type RateRule } from "../http/rate-limits";
import { settingsOf, type AppEnv } from "../env";
import { constantTimeEqual } from "../auth/constant-time";
import { ApiError, noApiRoute } from "../http/api-error";
import { invalidateCache } from "../cache/kv-cache";
import { liveStream, updateLiveStream, type LiveStreamRow } from "../live/live-streams";
import { issueStreamKey } from "../live-ingest/stream-keys";
import { ENTRY_ID } from "../media/entry-id";
import { adminContentRoutes } from "./content";
import { adminNewsRoutes } from "./news";
import { matchAdminRoutes } from "../matches/feed-routes";

/**
 * Admin API (mount at /api/admin; spec §6 'Administrator role: ... blocking of accounts'):
 *   GET  /api/admin/accounts?q=&blocked=&bypassed=&limit=&offset=
 *   GET  /api/admin/accounts/:ssoID
 *   POST /api/admin/accounts/:ssoID/block     body (optional) { reason: 'administrator' | 'country' }
 *   POST /api/admin/accounts/:ssoID/unblock
 *   POST /api/admin/accounts/:ssoID/sign-out  signs the account out everywhere: every site session, every live stream
 *   POST /api/admin/accounts/:ssoID/bypass
 *   POST /api/admin/accounts/:ssoID/unbypass
 *   POST /api/admin/accounts/:ssoID/grant-staff    the staff role: the account may open the console at /admin
 *   POST /api/admin/accounts/:ssoID/revoke-staff
 *   GET  /api/admin/audit?limit=
 *   GET  /api/admin/streams/:assetID          a live stream's status and country allow-list
 *   PUT  /api/admin/streams/:assetID          body { status?: idle|active|disabled, allowedCountries?: ['GB', ...] | null }
 *   POST /api/admin/streams/:assetID/key      a new stream key (the old one stops working): { key, srt: { url, pushUrl }, rtmp: { url } }, shown once
 *   POST /api/admin/cache/invalidate          after the club changes menus, sponsors, adverts, promos or settings
 *   /api/admin/matches/:matchID/...           the club's live match feed (worker/matches/feed-routes.ts)
 *   POST /api/admin/news, PUT /api/admin/news/:id, POST /api/admin/news/:id/unpublish   news articles (worker/club-api/news.ts)
 * Authorization: Bearer <ADMIN_TOKEN>. Without ADMIN_TOKEN the whole API answers 404 (it does not
 * exist); a wrong token answers 401. Every call, refused ones too, is written to admin_audit_log
 * with who (X-Admin-Actor, else 'admin'), what, target, status, IP and time. Failed tokens are
 * counted per IP first: past ADMIN_FAILURE_LIMIT a minute they answer 429 and write nothing, so
 * nobody can fill the audit log; a stored request body is capped at AUDIT_DETAIL_MAX characters.
 */
export const ADMIN_FAILURE_LIMIT = { limit: 10, windowSeconds: 60 };

export const adminRoutes = new Hono<AppEnv>();

const actorHeader = z.string().trim().min(1).max(64).regex(/^[\w.@ +-]+$/);

const adminAuth: MiddlewareHandler<AppEnv> = async function adminAuth(c, next) {
  const token = settingsOf(c.env).adminToken;
  if (!token) return noApiRoute(c);
  const actor = actorHeader.safeParse(c.req.header("x-admin-actor"));
  const header = c.req.header("authorization") ?? "";
  const presented = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "";
  if (!(await constantTimeEqual(presented, token))) {
    const rule: RateRule = { bucket: `admin-ip:${clientIp(c)}`, ...ADMIN_FAILURE_LIMIT };
    const verdict = await hitRateLimits(c.env.DB, [rule]);
    if (!verdict.ok) return rateLimitedResponse(c, verdict.retryAfter, "Too many failed admin tokens. Please try again later.");
    await writeAudit(c, { actor: "unauthenticated", action: `${c.req.method} ${c.req.path}`, target: null, status: 401, detail: undefined });
    c.header("WWW-Authenticate", 'Bearer realm="admin"');
    throw new ApiError(401, "UNAUTHORIZED", "A valid admin token is required");
  }
  c.set("adminActor", actor.success ? actor.data : "admin");
  c.set("auditAction", `${c.req.method} ${c.req.path}`);
  c.set("auditTarget", null);
  await next();
  c.header("Cache-Control", "no-store");
  await writeAudit(c, { actor: c.get("adminActor"), action: c.get("auditAction"), target: c.get("auditTarget"), status: c.res.status, detail: c.get("auditDetail") });
};

adminRoutes.use("*", adminAuth);

function accountBody(row: AccountRow) {
  return {
    ...userFromRow(row),
    staff: isStaff(row),
    sessionsValidAfter: row.sessions_valid_after ? new Date(row.sessions_valid_after).toISOString() : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const ssoIdParam = z.string().min(1).max(128).regex(/^[\w.@:-]+$/);

function targetOf(c: Context<AppEnv>): string | null {
  const parsed = ssoIdParam.safeParse(c.req.param("ssoID"));
  c.set("auditTarget", parsed.success ? parsed.data : null);
  return parsed.success ? parsed.data : null;
}

const listQuery = z.object({
  q: z.string().trim().max(100).optional(),
  blocked: z.enum(["true", "false"]).optional(),
  bypassed: z.enum(["true", "false"]).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

adminRoutes.get("/accounts", async (c) => {
  c.set("auditAction", "accounts.list");
  const query = listQuery.safeParse(c.req.query());
  if (!query.success) throw new ApiError(400, "INVALID_INPUT", query.error.issues[0]?.message ?? "Invalid query");
  const { q, blocked, bypassed, limit, offset } = query.data;
  c.set("auditDetail", query.data);
  const { rows, total } = await listAccounts(c.env.DB, {
    limit,
    offset,
    query: q || undefined,
    blocked: blocked === undefined ? undefined : blocked === "true",
    bypassed: bypassed === undefined ? undefined : bypassed === "true",
  });
  return c.json({ data: rows.map((row) => ({ id: row.sso_id, attributes: accountBody(row) })), meta: { total, limit, offset } });
});

adminRoutes.get("/accounts/:ssoID", async (c) => {
  c.set("auditAction", "accounts.read");
  const ssoID = targetOf(c);
  if (!ssoID) throw new ApiError(400, "INVALID_INPUT", "Invalid ssoID");
  const row = await findAccount(c.env.DB, ssoID);
  if (!row) throw new ApiError(404, "ACCOUNT_NOT_FOUND", "No account with that ssoID");
  return c.json({ data: { id: row.sso_id, attributes: accountBody(row) } });
});

/** One account action through the shared rules (worker/accounts/account-actions.ts), audited as `accounts.<action>`. */
function flagRoute(action: AccountAction) {
  return async (c: Context<AppEnv>) => {
    c.set("auditAction", `accounts.${action}`);
    const ssoID = targetOf(c);
    if (!ssoID) throw new ApiError(400, "INVALID_INPUT", "Invalid ssoID");
    const raw = (c.req.header("content-type") ?? "").includes("application/json") ? await c.req.json().catch(() => undefined) : undefined;
    if (raw !== undefined) c.set("auditDetail", raw);
    let row: AccountRow | null;
    try {
      row = await runAccountAction(c.env, action, ssoID, raw ?? {});
    } catch (error) {
      if (error instanceof z.ZodError) throw new ApiError(400, "INVALID_INPUT", error.issues[0]?.message ?? "Invalid body");
      if (error instanceof LastAdministratorError) throw new ApiError(409, "LAST_ADMINISTRATOR", LAST_ADMINISTRATOR_DETAIL);
      throw error;
    }
    if (!row) throw new ApiError(404, "ACCOUNT_NOT_FOUND", "No account with that ssoID");
    return c.json({ data: { id: row.sso_id, attributes: accountBody(row) } });
  };
}

for (const action of ACCOUNT_ACTIONS) adminRoutes.post(`/accounts/:ssoID/${action}`, flagRoute(action));

const auditQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });

adminRoutes.get("/audit", async (c) => {
  c.set("auditAction", "audit.read");
  const query = auditQuery.safeParse(c.req.query());
  if (!query.success) throw new ApiError(400, "INVALID_INPUT", "Invalid limit");
  const { results } = await c.env.DB.prepare("SELECT * FROM admin_audit_log ORDER BY id DESC LIMIT ?1").bind(query.data.limit).all();
  return c.json({ data: results });
});

adminRoutes.post("/cache/invalidate", async (c) => {
  c.set("auditAction", "cache.invalidate");
  await invalidateCache(c.env);
  return c.json({ data: { invalidated: true } });
});

const streamChange = z
  .object({
    status: z.enum(["idle", "active", "disabled"]).optional(),
    allowedCountries: z.array(z.string().regex(/^[A-Z]{2}$/)).max(250).nullable().optional(),
  })
  .strict();

function streamTarget(c: Context<AppEnv>): string | null {
  const id = c.req.param("assetID") ?? "";
  const ok = ENTRY_ID.test(id);
  c.set("auditTarget", ok ? id : null);
  return ok ? id : null;
}

/** A stream as the admin API shows it: its status as viewers see it (idle without media), never its media. */
const streamAttributes = (s: LiveStreamRow) => ({ id: s.id, mediaType: s.mediaType, status: s.status, entitlements: s.entitlements, allowedCountries: s.allowedCountries });

adminRoutes.get("/streams/:assetID", async (c) => {
  c.set("auditAction", "streams.read");
  const id = streamTarget(c);
  const stream = id ? await liveStream(c.env.DB, id) : null;
  if (!stream) throw new ApiError(404, "NOT_FOUND", "No stream by that id");
  return c.json({ data: { id: stream.id, attributes: streamAttributes(stream) } });
});

adminRoutes.put("/streams/:assetID", async (c) => {
  c.set("auditAction", "streams.update");
  const id = streamTarget(c);
  const raw: unknown = await c.req.json().catch(() => undefined);
  c.set("auditDetail", raw);
  const change = streamChange.safeParse(raw);
  if (!id || !change.success) throw new ApiError(400, "INVALID_INPUT", "Send { status?, allowedCountries? }");
  if (!(await updateLiveStream(c.env.DB, id, change.data))) throw new ApiError(404, "NOT_FOUND", "No stream by that id");
  // Pages and the live feed read the status through the content cache.
  await invalidateCache(c.env);
  const stream = await liveStream(c.env.DB, id);
  return c.json({ data: { id, attributes: stream && streamAttributes(stream) } });
});

adminRoutes.post("/streams/:assetID/key", async (c) => {
  c.set("auditAction", "streams.rotate-key");
  const id = streamTarget(c);
  const issued = id ? await issueStreamKey(c, id) : null;
  if (!issued) throw new ApiError(404, "NOT_FOUND", "No stream by that id");
  return c.json({ data: { id, attributes: issued } });
});

// The live match feed: events, withdrawals, line-ups (worker/matches/feed-routes.ts).
adminRoutes.route("/", matchAdminRoutes);
// Adverts, sponsors, menu entries, promos and web settings (worker/club-api/content.ts).
adminRoutes.route("/", adminContentRoutes);
// News articles, through the console's own article writes (worker/club-api/news.ts).
adminRoutes.route("/", adminNewsRoutes);

adminRoutes.all("*", noApiRoute);
