import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { authConfigOf, AuthConfigError } from "../auth/config";
import { base64Url, constantTimeEqual } from "../auth/constant-time";
import { isLocalhost } from "../auth/session-cookie";
import { SITE_LOCK_COOKIE_DAYS, SITE_LOCK_COOKIE_NAME } from "../../src/domain/timings";

/**
 * The allow_entry cookie (spec §4 'Site lock': set for 60 days once the phrase is entered):
 * `v1.<expires, unix seconds>.<HMAC-SHA256>`. The MAC covers the expiry and a digest of the current
 * entry phrase, under a key derived from SESSION_SECRET for this one purpose: a forged or edited
 * cookie is refused, and changing the phrase locks out every browser admitted with the old one.
 */
const VERSION = "v1";
const KEY_LABEL = "rovers site lock: allow_entry";
const encoder = new TextEncoder();

/** A key of its own, HMAC(SESSION_SECRET, label): a session token can never pass for an entry cookie. */
async function entryKey(sessionSecret: string): Promise<CryptoKey> {
  const secret = await crypto.subtle.importKey("raw", encoder.encode(sessionSecret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const derived = await crypto.subtle.sign("HMAC", secret, encoder.encode(KEY_LABEL));
  return crypto.subtle.importKey("raw", derived, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

async function mac(sessionSecret: string, expires: number, entryPhrase: string): Promise<string> {
  const phraseDigest = base64Url(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(entryPhrase))));
  const signature = await crypto.subtle.sign("HMAC", await entryKey(sessionSecret), encoder.encode(`${VERSION}.${expires}.${phraseDigest}`));
  return base64Url(new Uint8Array(signature));
}

/** The session secret, or null without a complete sign-in configuration (then nobody is admitted). */
function sessionSecretOf(env: object): string | null {
  const config = authConfigOf(env);
  return config instanceof AuthConfigError || config.sessionSecret === "" ? null : config.sessionSecret;
}

export async function entryCookieValue(sessionSecret: string, entryPhrase: string, now = Date.now()): Promise<string> {
  const expires = Math.floor(now / 1000) + SITE_LOCK_COOKIE_DAYS * 24 * 60 * 60;
  return `${VERSION}.${expires}.${await mac(sessionSecret, expires, entryPhrase)}`;
}

/** true when the value is an unexpired allow_entry this worker signed for the current phrase. */
export async function isValidEntryCookie(value: string | undefined, sessionSecret: string, entryPhrase: string, now = Date.now()): Promise<boolean> {
  const match = /^v1\.(\d{1,12})\.([\w-]{43})$/.exec(value ?? "");
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now) return false;
  return constantTimeEqual(match[2]!, await mac(sessionSecret, expires, entryPhrase));
}

export async function hasEntry(c: Context, entryPhrase: string): Promise<boolean> {
  const secret = sessionSecretOf(c.env);
  return secret !== null && isValidEntryCookie(getCookie(c, SITE_LOCK_COOKIE_NAME), secret, entryPhrase);
}

/** Sets allow_entry on the response; false when it cannot be signed (no sign-in configuration). */
export async function grantEntry(c: Context, entryPhrase: string): Promise<boolean> {
  const secret = sessionSecretOf(c.env);
  if (secret === null) return false;
  setCookie(c, SITE_LOCK_COOKIE_NAME, await entryCookieValue(secret, entryPhrase), {
    path: "/",
    httpOnly: true,
    secure: !isLocalhost(c.req.url),
    sameSite: "Lax",
    maxAge: SITE_LOCK_COOKIE_DAYS * 24 * 60 * 60,
  });
  return true;
}
