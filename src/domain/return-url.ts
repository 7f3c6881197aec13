/**
 * Return URLs (login/logout returns, stored player return points) are same-site only, so a
 * link to the site cannot send a supporter on to another one after signing in. Anything that could leave the site or run script falls back to '/':
 * protocol-relative ('//x', '/\x'), absolute ('https://x'), other schemes ('javascript:'), and
 * the same hidden behind percent-encoding, whitespace or control characters.
 */
export const SAFE_FALLBACK = "/";

const BASE = "https://return-url.invalid";
// C0 controls, DEL, C1 controls, and every Unicode space/line/paragraph separator.
const UNSAFE_CHARS = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/** Decodes until stable (at most a few rounds), or null when an escape is malformed. */
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let i = 0; i < 5; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

function safePathStart(path: string): boolean {
  return path.startsWith("/") && path[1] !== "/" && path[1] !== "\\";
}

export function safeReturnUrl(input: string | null | undefined): string {
  return sameSitePath(input) ?? SAFE_FALLBACK;
}

/**
 * The input as a same-site path, normalised as a browser would ('/a/../b' is '/b'), or null when
 * it could leave the site or run script (the cases above). Also the rule for stored links to the
 * site's own pages (src/domain/link-rule.ts).
 */
export function sameSitePath(input: string | null | undefined): string | null {
  if (typeof input !== "string" || input === "") return null;
  // raw whitespace or control characters are never part of a URL we issued
  if (UNSAFE_CHARS.test(input)) return null;
  if (!safePathStart(input)) return null;

  // The path part (before ? or #), decoded, must still be a plain same-site path.
  const pathEnd = input.search(/[?#]/);
  const rawPath = pathEnd === -1 ? input : input.slice(0, pathEnd);
  const decodedPath = fullyDecoded(rawPath);
  if (decodedPath === null) return null;
  if (!safePathStart(decodedPath) || decodedPath.includes("\\") || UNSAFE_CHARS.test(decodedPath)) {
    return null;
  }
  // Normalise as a browser would ('/a/../b', dot segments) and check it stays on our origin
  // with a path that does not itself start with '//'.
  let url: URL;
  try {
    url = new URL(input, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname.startsWith("//")) return null;
  const decodedNormalised = fullyDecoded(url.pathname);
  if (decodedNormalised === null || !safePathStart(decodedNormalised)) return null;
  return url.pathname + url.search + url.hash;
}
