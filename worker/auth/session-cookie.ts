import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { jwtVerify, SignJWT, type JWTPayload } from "jose";
import { z } from "zod";
import type { AuthConfig, AuthProviderKind } from "./config";
import { AUTH_PROVIDERS } from "./config";
import { randomToken } from "./constant-time";
import { ADULT_HINT_COOKIE } from "../../src/domain/adult-age";

/**
 * The site's own session cookie: a short signed token (HS256, SESSION_SECRET) that carries only a
 * random session id, the ssoID and the provider. Everything else (entitlements, blocked, bypassed)
 * is read from D1 on each request, and logout puts the session id on a revocation list, so a
 * copied cookie stops working the moment its session is logged out.
 */
export const SESSION_TTL_SECONDS = 14 * 24 * 60 * 60;
export const STATE_TTL_SECONDS = 10 * 60;

const SITE_ISSUER = "northbridge-rovers-site";
const SESSION_AUDIENCE = "rovers-session";
const STATE_AUDIENCE = "rovers-signin-state";

/** Cookies are Secure except on localhost (plain http during development). */
export function isLocalhost(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]" || host.endsWith(".localhost");
}

/** `__Host-` pins a secure cookie to this host and path / (no Domain attribute can widen it). */
export function sessionCookieName(url: string): string {
  return isLocalhost(url) ? "rovers_session" : "__Host-rovers_session";
}
export function stateCookieName(url: string): string {
  return isLocalhost(url) ? "rovers_signin" : "__Host-rovers_signin";
}

/**
 * A hint without identity that this browser is signed in: not HttpOnly, value always "1". It only
 * selects the signed-in variant of a cached page (first paint says 'Profile'); it grants nothing.
 */
export const SIGNED_IN_HINT_COOKIE = "rovers_signed_in";

export function hasSignedInHint(c: Context): boolean {
  return getCookie(c, SIGNED_IN_HINT_COOKIE) === "1";
}

/**
 * At sign-in: whether the account is an adult by its date of birth (src/domain/adult-age.ts), as a
 * cookie without identity that lives as long as the session. The worker reads it before rendering,
 * so an adult's first page already shows every team (src/app/viewer-preferences.ts).
 */
export function hasAdultHint(c: Context): boolean {
  return getCookie(c, ADULT_HINT_COOKIE) !== undefined;
}

export function setAdultHint(c: Context, adult: boolean): void {
  if (adult) setCookie(c, ADULT_HINT_COOKIE, "1", cookieOptions(c.req.url, SESSION_TTL_SECONDS));
  else if (getCookie(c, ADULT_HINT_COOKIE) !== undefined) deleteCookie(c, ADULT_HINT_COOKIE, { path: "/", secure: !isLocalhost(c.req.url) });
}

function cookieOptions(url: string, maxAge: number) {
  return {
    path: "/",
    httpOnly: true,
    secure: !isLocalhost(url),
    sameSite: "Lax" as const,
    maxAge,
  };
}

/**
 * The site tokens' HS256 key, imported once per secret and isolate: given the raw bytes, jose
 * imports them again for every cookie it verifies, on every request that reads the session. The
 * key is a function of the secret alone, so keeping it changes no answer; a failed import is not
 * kept, so the next request tries again.
 */
const siteKeys = new Map<string, Promise<CryptoKey>>();
function key(secret: string): Promise<CryptoKey> {
  let imported = siteKeys.get(secret);
  if (!imported) {
    imported = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    imported.catch(() => siteKeys.delete(secret));
    siteKeys.set(secret, imported);
  }
  return imported;
}

/** The site's own tokens: HS256, the site as issuer, an audience per use, so one kind never passes for another. */
function siteToken(payload: JWTPayload, audience: string): SignJWT {
  return new SignJWT(payload).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setIssuer(SITE_ISSUER).setAudience(audience);
}

/**
 * The claims of the site token a cookie holds: null when there is no cookie, 'invalid' when its
 * token fails verification (forged, expired, altered, another audience) or its claims the schema.
 */
async function readSiteToken<T>(
  c: Context,
  cookieName: string,
  config: AuthConfig,
  token: { audience: string; requiredClaims: string[]; claims: z.ZodType<T> },
): Promise<T | null | "invalid"> {
  const value = getCookie(c, cookieName);
  if (!value) return null;
  try {
    const { payload } = await jwtVerify(value, await key(config.sessionSecret), {
      issuer: SITE_ISSUER,
      audience: token.audience,
      algorithms: ["HS256"],
      requiredClaims: token.requiredClaims,
    });
    const claims = token.claims.safeParse(payload);
    return claims.success ? claims.data : "invalid";
  } catch {
    return "invalid";
  }
}

export function newSessionId(): string {
  return randomToken(24);
}

const sessionClaimsSchema = z.object({
  sid: z.string().min(16).max(64),
  sub: z.string().min(1).max(128),
  prv: z.enum(AUTH_PROVIDERS),
  exp: z.number().int(),
  iat: z.number().int().optional(),
  /** when it was issued, in ms: a sign-out everywhere in the same second still tells before from after */
  ims: z.number().int().optional(),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;

/** When a session cookie was issued (unix ms); a cookie without `ims` counts from its `iat` second, else from 0. */
export function issuedAtMs(claims: Pick<SessionClaims, "iat" | "ims">): number {
  return claims.ims ?? (claims.iat ?? 0) * 1000;
}

export async function issueSessionCookie(
  c: Context,
  config: AuthConfig,
  session: { sid: string; ssoID: string; provider: AuthProviderKind },
): Promise<SessionClaims> {
  const now = Date.now();
  const exp = Math.floor(now / 1000) + SESSION_TTL_SECONDS;
  const token = await siteToken({ sid: session.sid, prv: session.provider, ims: now }, SESSION_AUDIENCE)
    .setSubject(session.ssoID)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(exp)
    .sign(await key(config.sessionSecret));
  setCookie(c, sessionCookieName(c.req.url), token, cookieOptions(c.req.url, SESSION_TTL_SECONDS));
  setCookie(c, SIGNED_IN_HINT_COOKIE, "1", { ...cookieOptions(c.req.url, SESSION_TTL_SECONDS), httpOnly: false });
  return { sid: session.sid, sub: session.ssoID, prv: session.provider, exp, iat: Math.floor(now / 1000), ims: now };
}

/**
 * The session the cookie names: null when there is no cookie, 'invalid' when there is one that
 * fails verification (forged, expired, altered) so the caller can clear it.
 */
export async function readSessionCookie(c: Context, config: AuthConfig): Promise<SessionClaims | null | "invalid"> {
  return readSiteToken(c, sessionCookieName(c.req.url), config, { audience: SESSION_AUDIENCE, requiredClaims: ["exp", "sub"], claims: sessionClaimsSchema });
}

/** Ends the session in this browser: the session cookie and the signed-in hint. */
export function clearSessionCookie(c: Context): void {
  deleteCookie(c, sessionCookieName(c.req.url), { path: "/", secure: !isLocalhost(c.req.url) });
  clearSignedInHint(c);
}

/** The hints go with the session: the pages stop saying 'Profile', and family mode is back to its default. */
export function clearSignedInHint(c: Context): void {
  deleteCookie(c, SIGNED_IN_HINT_COOKIE, { path: "/", secure: !isLocalhost(c.req.url) });
  if (getCookie(c, ADULT_HINT_COOKIE) !== undefined) deleteCookie(c, ADULT_HINT_COOKIE, { path: "/", secure: !isLocalhost(c.req.url) });
}

/** Sign-in state: ties a callback to the browser that started the sign-in (login CSRF) and keeps its return URL. */
const stateSchema = z.object({ state: z.string().min(16).max(64), ret: z.string().max(2048) });
export type SignInState = z.infer<typeof stateSchema>;

export async function issueStateCookie(c: Context, config: AuthConfig, value: SignInState): Promise<void> {
  const token = await siteToken(value, STATE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + STATE_TTL_SECONDS)
    .sign(await key(config.sessionSecret));
  setCookie(c, stateCookieName(c.req.url), token, cookieOptions(c.req.url, STATE_TTL_SECONDS));
}

/** The sign-in state, or null: a missing state and one that fails verification both refuse the callback. */
export async function readStateCookie(c: Context, config: AuthConfig): Promise<SignInState | null> {
  const state = await readSiteToken(c, stateCookieName(c.req.url), config, { audience: STATE_AUDIENCE, requiredClaims: ["exp"], claims: stateSchema });
  return state === "invalid" ? null : state;
}

export function clearStateCookie(c: Context): void {
  deleteCookie(c, stateCookieName(c.req.url), { path: "/", secure: !isLocalhost(c.req.url) });
}
