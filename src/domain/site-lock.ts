/**
 * Site lock (spec §2 'Site lock screen', §4 'Site lock', §5): while the club has the lock on, every
 * address answers the lock screen 'This site is in development' until the entry phrase is given;
 * then the cookie allow_entry admits the browser for 60 days.
 *
 * What stays reachable while locked: the streamer layout (the lock screen is 'not used in the
 * streamer layout'), sign-in (/sso, /auth: the portal and its callbacks), third-party webhooks
 * (Stripe cannot type a phrase), the club's admin API (a machine client behind its own bearer
 * token, which is how the club turns the lock off again), the transcoder's and the ingest's APIs
 * (services with their own bearer tokens: a club preparing its launch behind the lock still needs
 * its videos transcoded and its streams packaged), the static files the lock screen itself needs,
 * and the form the lock screen posts to.
 */
export const SITE_LOCK_TEXT = "This site is in development";
export const SITE_LOCK_ACCESS_TEXT = "Access";
/** Where the lock screen's form posts the phrase (POST only). */
export const SITE_LOCK_ENTRY_PATH = "/site-lock";

const EXEMPT_PREFIXES = ["/streamer", "/sso", "/auth", "/webhooks", "/api/admin", "/api/transcoder", "/api/ingest"] as const;
/**
 * Static files: the client build, the generated artwork and public/'s own files. In production the
 * asset layer answers them before the worker runs; the worker sees only the names it lacks.
 */
const STATIC_PREFIXES = ["/build/", "/images/"] as const;
const STATIC_FILES = new Set(["/crest.svg", "/favicon.svg", "/robots.txt", "/site.webmanifest", "/site-lock.js"]);

/** true for an address the lock never covers (the path alone decides; no query, no method). */
export function isSiteLockExempt(pathname: string, method = "GET"): boolean {
  if (pathname === SITE_LOCK_ENTRY_PATH) return method === "POST";
  if (EXEMPT_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return true;
  if (STATIC_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return true;
  return STATIC_FILES.has(pathname);
}

