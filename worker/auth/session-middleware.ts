import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import { accountShape, userFromRow } from "../accounts/accounts";
import { ROLES_OF_ACCOUNT_SQL } from "../staff/staff-roles";
import { parseRoles } from "../../src/domain/staff-roles";
import { firstRow, rowSchema } from "../db/rows";
import { authConfigOf, AuthConfigError, type AuthConfig } from "./config";
import { siteOriginOf, type AppEnv, type SessionInfo } from "../env";
import { SignInError } from "./errors";
import { providerFor } from "./providers";
import { clearSessionCookie, clearSignedInHint, hasAdultHint, hasSignedInHint, issuedAtMs, readSessionCookie, type SessionClaims } from "./session-cookie";
import { claimRefresh, loadProviderState, revokeSession, saveProviderSession } from "./sessions";

/**
 * Reads the site session cookie and sets `c.var.user` (or null) for the routes that read the user:
 * each router (or route) that does says so with `use(sessionMiddleware)` (auth, the session and
 * entitlement API, the live session check and renewal, the socket, the playback gate, checkout
 * and the payment portal, live playlists and init files, on-demand playlists). Nothing else pays
 * for it: pages, the content API, search, adverts, webhooks and media segments (authorised by their
 * token alone) never read it. Two routers mounted at one prefix both say so; the second finds the
 * session already read and reads nothing (one D1 read per request at most). A cookie that is forged, expired, revoked at logout,
 * issued before the account was signed out everywhere, or whose account is gone is cleared and counts as logged out (spec §4 'Login state').
 *
 * Sessions of providers that can refresh (login-portal, sports-alliance) are renewed with the
 * portal every PROVIDER_REFRESH_SECONDS; a refusal ends the session (spec §4 'Failed refresh ...
 * counts as logged out'), a portal outage does not.
 */
export const PROVIDER_REFRESH_SECONDS = 30 * 60;
const PROVIDER_RETRY_SECONDS = 60;

const sessionRow = rowSchema("accounts with their session's state", {
  ...accountShape,
  revoked: z.number().nullable(),
  refresh_after: z.number().nullable(),
  staff_roles: z.string().nullable(),
});

async function loadSession(db: D1Database, claims: SessionClaims): Promise<z.infer<typeof sessionRow> | null> {
  const statement = db
    .prepare(
      `SELECT a.*,
              (SELECT 1 FROM revoked_sessions r WHERE r.sid = ?1) AS revoked,
              p.refresh_after AS refresh_after,
              -- Staff roles in the same read (a primary-key range; nothing for a supporter).
              CASE WHEN a.staff = 1 THEN (${ROLES_OF_ACCOUNT_SQL}) END AS staff_roles
         FROM accounts a
         LEFT JOIN provider_sessions p ON p.sid = ?1
        WHERE a.sso_id = ?2`,
    )
    .bind(claims.sid, claims.sub);
  return firstRow(sessionRow, statement);
}

/** Renews a provider session; false when the provider refused and the session is over. */
async function refreshWithProvider(c: Context<AppEnv>, config: AuthConfig, claims: SessionClaims, seenRefreshAfter: number): Promise<boolean> {
  const provider = providerFor(c.env, config, siteOriginOf(c.env, c.req.url));
  if (!provider.refresh) return true;
  const now = Math.floor(Date.now() / 1000);
  // Only one request refreshes; the others carry on with the session as it is.
  if (!(await claimRefresh(c.env.DB, claims.sid, seenRefreshAfter, now + PROVIDER_REFRESH_SECONDS))) return true;
  const state = await loadProviderState(c.env.DB, config.sessionSecret, claims.sid);
  try {
    if (state === null) throw new SignInError("LOGIN_FAILED", "provider state missing or unreadable");
    const result = await provider.refresh(state, c.req.header("user-agent") ?? "");
    if (result.identity.ssoID !== claims.sub) throw new SignInError("LOGIN_FAILED", "refresh named another user");
    if (result.providerState) {
      await saveProviderSession(c.env.DB, config, claims, result.providerState, now + PROVIDER_REFRESH_SECONDS);
    }
    return true;
  } catch (error) {
    if (error instanceof SignInError && error.code === "PROVIDER_UNAVAILABLE") {
      // The portal is down, not saying no: try again soon rather than logging everyone out.
      await claimRefresh(c.env.DB, claims.sid, now + PROVIDER_REFRESH_SECONDS, now + PROVIDER_RETRY_SECONDS);
      console.warn(JSON.stringify({ msg: "session refresh deferred", reason: error.logDetail }));
      return true;
    }
    console.warn(JSON.stringify({ msg: "session refresh refused", reason: error instanceof SignInError ? error.logDetail : String(error) }));
    await revokeSession(c.env.DB, { sid: claims.sid, ssoID: claims.sub, exp: claims.exp });
    return false;
  }
}

export const sessionMiddleware: MiddlewareHandler<AppEnv> = async function session(c, next) {
  // Already read for this request (another router at the same prefix said so too).
  if (c.get("user") !== undefined) return next();
  c.set("user", null);
  c.set("session", null);
  c.set("authNotice", null);
  c.set("staffRoles", []);
  const config = authConfigOf(c.env);
  // Sign-in not configured (production without its secrets): nobody is signed in, and the routes
  // that need sign-in answer 503 AUTH_NOT_CONFIGURED (require-auth.ts).
  if (config instanceof AuthConfigError) return next();
  const claims = await readSessionCookie(c, config);
  if (claims === "invalid") {
    clearSessionCookie(c);
  } else if (claims === null) {
    // A hint left without a session (the cookie expired or was removed): the pages stop saying 'Profile'.
    if (hasSignedInHint(c) || hasAdultHint(c)) clearSignedInHint(c);
  } else {
    const row = claims.prv === config.provider ? await loadSession(c.env.DB, claims) : null;
    // Revoked at logout, or issued before the account was signed out everywhere.
    const signedOutEverywhere = row?.sessions_valid_after != null && issuedAtMs(claims) < row.sessions_valid_after;
    if (!row || row.revoked || signedOutEverywhere) {
      clearSessionCookie(c);
    } else {
      const now = Math.floor(Date.now() / 1000);
      const stillValid =
        row.refresh_after === null || row.refresh_after > now || (await refreshWithProvider(c, config, claims, row.refresh_after));
      if (stillValid) {
        const info: SessionInfo = { sid: claims.sid, ssoID: claims.sub, provider: claims.prv, exp: claims.exp };
        c.set("user", userFromRow(row));
        c.set("session", info);
        c.set("staffRoles", parseRoles(row.staff_roles));
      } else {
        clearSessionCookie(c);
        c.set("authNotice", "LOGIN_FAILED");
      }
    }
  }
  await next();
};
