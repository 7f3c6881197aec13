import { sessionMiddleware } from "./session-middleware";
import { Hono, type Context } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import { upsertAccountOnSignIn } from "../accounts/accounts";
import { clientIp } from "../http/client-ip";
import { getAuthConfig, type AuthConfig } from "./config";
import { siteOriginOf, type AppEnv } from "../env";
import { spendLoginToken } from "./used-tokens";
import { constantTimeEqual, randomToken } from "./constant-time";
import { SignInError } from "./errors";
import { ApiError } from "../http/api-error";
import { providerFor, type AuthProvider, type SignInResult } from "./providers";
import { rateLimitedResponse } from "./rate-limit";
import { attemptKey, checkAttempt, recordFailure, recordSuccess, withinAddressCeiling } from "./sign-in-guard";
import { returnUrlWith } from "./return-to";
import { withQuery } from "./providers/http";
import { SOCIAL_PROVIDERS, socialSettingKey, type SocialProvider } from "../../src/domain/social-login";
import { normaliseUsername } from "../../src/domain/direct-login";
import { REGISTRATION_FORM_SETTING, registrationFormOf } from "../../src/domain/registration-form";
import { directLoginOn, loginSetting } from "./login-settings";
import { settingOn } from "../../src/domain/setting-flag";
import {
  clearSessionCookie,
  clearStateCookie,
  issueSessionCookie,
  issueStateCookie,
  setAdultHint,
  newSessionId,
  readStateCookie,
} from "./session-cookie";
import { PROVIDER_REFRESH_SECONDS } from "./session-middleware";
import { isAdult } from "../../src/domain/adult-age";
import { formatInClubTime } from "../../src/domain/date-format";
import { loadProviderState, revokeSession, saveProviderSession } from "./sessions";
import { endSiteStreams } from "../../durable-objects/stream-release";
import {
  LOGIN_ERROR_PARAM,
  LOGIN_PROBLEM_TITLE,
  LOGIN_SUCCESS_PARAM,
  LOGOUT_SUCCESS_PARAM,
} from "../../src/account/login-messages";

/**
 * Sign-in routes of the site (mount at /auth):
 *   GET  /auth/login?returnUrl=      → the provider's sign-in page
 *   GET  /auth/register?returnUrl=   → the provider's register page
 *   GET  /auth/callback              ← the provider comes back with ?code= or ?tokenpayload=;
 *                                      exchanged and verified here, then a clean redirect to the
 *                                      return URL + loginSuccess=true (the code never stays in the URL)
 *   POST /auth/login                 direct username/password login (only with the web setting login.direct on)
 *   POST /auth/logout                revokes the session server-side → return URL + logoutSuccess=true
 *   GET  /auth/profile, /auth/forgot-password → the provider's pages
 * Return URLs are same-site only (safeReturnUrl): anything else falls back to '/'.
 */
export const authRoutes = new Hono<AppEnv>();
authRoutes.use(sessionMiddleware);

authRoutes.use("*", async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
});

function callbackUrl(origin: string, state: string): string {
  return `${origin}/auth/callback?state=${encodeURIComponent(state)}`;
}

function providerOf(c: Context<AppEnv>, config: AuthConfig): AuthProvider {
  return providerFor(c.env, config, siteOriginOf(c.env, c.req.url));
}

const returnQuery = z.object({ returnUrl: z.string().max(2048).optional() });
const socialQuery = z.object({ social: z.enum(SOCIAL_PROVIDERS).optional() });

/** The provider's on/off setting, read from D1 itself: a sign-in start is rare, and never cached stale. */
async function socialSetting(db: D1Database, provider: SocialProvider): Promise<string | null> {
  return loginSetting(db, socialSettingKey(provider));
}

/** Starts a sign-in: remembers the return URL and a fresh state in a signed cookie, then leaves for the portal. */
async function startSignIn(c: Context<AppEnv>, page: "login" | "register") {
  const config = getAuthConfig(c.env);
  const query = returnQuery.safeParse(c.req.query());
  const ret = returnUrlWith(query.success ? query.data.returnUrl : undefined);
  // A social sign-in (spec §2 'Login form') is this same sign-in with a hint for the portal, and
  // only while the club has that provider on.
  const social = socialQuery.safeParse(c.req.query());
  if (!social.success) throw new ApiError(400, "INVALID_SOCIAL_PROVIDER", "social is google or facebook");
  const hint = page === "login" ? social.data.social : undefined;
  if (hint && !settingOn(await socialSetting(c.env.DB, hint))) {
    throw new ApiError(404, "SOCIAL_LOGIN_OFF", "That sign-in provider is not enabled");
  }
  const state = randomToken(24);
  await issueStateCookie(c, config, { state, ret });
  const provider = providerOf(c, config);
  const back = callbackUrl(siteOriginOf(c.env, c.req.url), state);
  if (page === "register") {
    // spec §9: the portal shows the registration form the club chose (short by default)
    const form = registrationFormOf(await loginSetting(c.env.DB, REGISTRATION_FORM_SETTING));
    return c.redirect(withQuery(provider.registerUrl(back), { form }), 302);
  }
  const target = provider.loginUrl(back);
  return c.redirect(hint ? withQuery(target, { social: hint }) : target, 302);
}

authRoutes.get("/login", (c) => startSignIn(c, "login"));
authRoutes.get("/register", (c) => startSignIn(c, "register"));

/** The session every successful sign-in ends in: account row, new session id, cookie, provider state. */
async function establishSession(c: Context<AppEnv>, config: AuthConfig, result: SignInResult) {
  // A login token works once: a second sign-in with the same token (replayed, copied) is refused.
  if (result.token && !(await spendLoginToken(c.env.DB, result.token))) {
    throw new SignInError("LOGIN_FAILED", "login token already used");
  }
  const { birthdate, ...user } = await upsertAccountOnSignIn(c.env.DB, result.identity, result.initialAccount);
  // A new session id on every sign-in (no fixation); a session this browser had before ends.
  const previous = c.get("session");
  if (previous) await revokeSession(c.env.DB, previous);
  const claims = await issueSessionCookie(c, config, { sid: newSessionId(), ssoID: user.ssoID, provider: config.provider });
  // An adult by the account's date of birth starts with family mode off (spec departure §1).
  setAdultHint(c, isAdult(birthdate, formatInClubTime(new Date(), "YYYY-MM-DD")));
  if (result.providerState) {
    await saveProviderSession(c.env.DB, config, claims, result.providerState, Math.floor(Date.now() / 1000) + PROVIDER_REFRESH_SECONDS);
  }
  return user;
}

function failureCode(error: unknown): "COOKIE_TAMPERED" | "LOGIN_FAILED" {
  return error instanceof SignInError && error.code === "COOKIE_TAMPERED" ? "COOKIE_TAMPERED" : "LOGIN_FAILED";
}

function logFailure(c: Context, where: string, error: unknown) {
  const detail = error instanceof SignInError ? error.logDetail : String(error);
  const code = error instanceof SignInError ? error.code : "UNEXPECTED";
  console.warn(JSON.stringify({ msg: "sign-in refused", where, code, detail, ip: clientIp(c) }));
}

const callbackQuery = z.object({
  state: z.string().min(16).max(64),
  code: z.string().min(1).max(2048).optional(),
  tokenpayload: z.string().min(1).max(8192).optional(),
});

authRoutes.get("/callback", async (c) => {
  const config = getAuthConfig(c.env);
  // The code or token must not leak onward through the Referer of the next page.
  c.header("Referrer-Policy", "no-referrer");
  const saved = await readStateCookie(c, config);
  clearStateCookie(c);
  const ret = saved?.ret;
  const fail = (code: string) => c.redirect(returnUrlWith(ret, { name: LOGIN_ERROR_PARAM, value: code }), 302);

  // Only a browser that started this sign-in here (its signed state cookie matches) gets as far as
  // the exchange; everything else stops at this check, which costs no I/O. So the callback has no
  // per-address budget of its own: a stadium's supporters all come back through one address.
  const query = callbackQuery.safeParse(c.req.query());
  if (!query.success || !saved || !(await constantTimeEqual(saved.state, query.data.state))) {
    logFailure(c, "callback", new SignInError("LOGIN_FAILED", "state missing or mismatched"));
    return fail("LOGIN_FAILED");
  }
  // The exchange (a token verification, maybe a portal call) has the flood ceiling every
  // sign-in step from one address has, thousands a minute (sign-in-guard.ts).
  const ceiling = await withinAddressCeiling(c.env, "exchange", clientIp(c));
  if (!ceiling.ok) return rateLimitedResponse(c, ceiling.retryAfter);
  try {
    const result = await providerOf(c, config).completeSignIn({
      state: query.data.state,
      code: query.data.code,
      tokenpayload: query.data.tokenpayload,
      callbackUrl: callbackUrl(siteOriginOf(c.env, c.req.url), query.data.state),
      cookies: getCookie(c),
      userAgent: c.req.header("user-agent") ?? "",
    });
    await establishSession(c, config, result);
  } catch (error) {
    logFailure(c, "callback", error);
    return fail(failureCode(error));
  }
  return c.redirect(returnUrlWith(ret, { name: LOGIN_SUCCESS_PARAM, value: "true" }), 302);
});

const directLoginBody = z.object({
  username: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
  returnUrl: z.string().max(2048).optional(),
});

function wantsJson(c: Context): boolean {
  return (c.req.header("accept") ?? "").includes("application/json") || (c.req.header("content-type") ?? "").includes("application/json");
}

async function bodyOf(c: Context): Promise<unknown> {
  if ((c.req.header("content-type") ?? "").includes("application/json")) return c.req.json().catch(() => null);
  return c.req.parseBody().catch(() => null);
}

/**
 * Direct login (spec §1: optional, off by default; the login.direct setting). The username is
 * lowercased first (spec §5); the provider makes the username/password call and then the
 * authenticate-user call (spec §7), and only then does the session start, as for every sign-in.
 */
authRoutes.post("/login", async (c) => {
  const config = getAuthConfig(c.env);
  const provider = providerOf(c, config);
  if (!provider.directLogin || !(await directLoginOn(c.env.DB, config))) {
    throw new ApiError(404, "DIRECT_LOGIN_OFF", "Direct login is not enabled");
  }
  const body = directLoginBody.safeParse(await bodyOf(c));
  if (!body.success) throw new ApiError(400, "INVALID_INPUT", "Username and password are required");
  const username = normaliseUsername(body.data.username);

  // Failures are counted per account after the password check; a shared address is not one person.
  const key = await attemptKey(username, clientIp(c));
  const verdict = await checkAttempt(c.env, clientIp(c), key);
  if (!verdict.ok) return rateLimitedResponse(c, verdict.retryAfter);

  let user;
  try {
    const result = await provider.directLogin(username, body.data.password);
    await recordSuccess(c.env.DB, key, verdict);
    user = await establishSession(c, config, result);
  } catch (error) {
    logFailure(c, "direct-login", error);
    if (error instanceof SignInError && error.code === "INVALID_CREDENTIALS") {
      await recordFailure(c.env.DB, key);
      throw new ApiError(401, "INVALID_CREDENTIALS", error.userMessage ?? LOGIN_PROBLEM_TITLE);
    }
    const unavailable = error instanceof SignInError && error.code === "PROVIDER_UNAVAILABLE";
    throw new ApiError(unavailable ? 503 : 401, "LOGIN_FAILED", LOGIN_PROBLEM_TITLE);
  }
  if (wantsJson(c)) return c.json({ data: { attributes: user } });
  return c.redirect(returnUrlWith(body.data.returnUrl, { name: LOGIN_SUCCESS_PARAM, value: "true" }), 303);
});

const logoutInput = z.object({ returnUrl: z.string().max(2048).optional() });

/** Logout (spec §4): the session is revoked in D1, not only the cookie removed, and the portal told. */
authRoutes.post("/logout", async (c) => {
  const config = getAuthConfig(c.env);
  const session = c.get("session");
  if (session) {
    const provider = providerOf(c, config);
    const state = provider.signOut ? await loadProviderState(c.env.DB, config.sessionSecret, session.sid) : null;
    await revokeSession(c.env.DB, session);
    // Its live streams end with it: their slots are free at once.
    await endSiteStreams(c.env, session.ssoID, session.sid);
    if (provider.signOut && state) {
      await provider.signOut(state).catch((error: unknown) => logFailure(c, "sign-out", error));
    }
  }
  clearSessionCookie(c);
  const fromQuery = logoutInput.safeParse(c.req.query());
  const fromBody = wantsJson(c) ? { success: false as const } : logoutInput.safeParse(await c.req.parseBody().catch(() => ({})));
  const ret = (fromQuery.success ? fromQuery.data.returnUrl : undefined) ?? (fromBody.success ? fromBody.data.returnUrl : undefined);
  const target = returnUrlWith(ret, { name: LOGOUT_SUCCESS_PARAM, value: "true" });
  if (wantsJson(c)) return c.json({ data: { attributes: { loggedOut: true, redirect: target } } });
  return c.redirect(target, 303);
});

authRoutes.get("/profile", (c) => c.redirect(providerOf(c, getAuthConfig(c.env)).profileUrl(), 302));
authRoutes.get("/forgot-password", (c) => c.redirect(providerOf(c, getAuthConfig(c.env)).forgotPasswordUrl(), 302));
