import { isHttpsLink, linkProblem, MAX_LINK_LENGTH } from "./link-rule";
import { sameSitePath } from "./return-url";

/**
 * The redirects the club manages in the console (old path → new path or https URL, 301 or 302).
 * The worker applies one only where the site would answer 404 (worker/redirects/), so a redirect
 * never hides a page. These are the rules both the console's writes and the lookup use.
 */
export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/**
 * Paths the worker answers before any page (the API, sign-in, media, sockets, the console, the
 * generated files): a redirect from them would never be reached, so none may be stored.
 */
const NOT_A_PAGE = /^\/(api|auth|sso|media|ws|admin|images|calendar|webhooks|dev-payments|dev-state|site-lock|build)(\/|$)|^\/(sitemap\.xml|robots\.txt)$/;

/**
 * The form a `from` path is stored and looked up in: the site path alone (no query or fragment),
 * normalised as a browser would ('/a/./b/../c' is '/a/c'), without a trailing slash; null when it
 * is not a path of this site. Case is kept: the site's paths are case-sensitive.
 */
export function normaliseRedirectPath(input: string): string | null {
  if (input.length > MAX_LINK_LENGTH) return null;
  const path = sameSitePath(input.trim());
  if (path === null) return null;
  const bare = path.replace(/[?#].*$/, "");
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, "") : bare;
  return trimmed === "" ? "/" : trimmed;
}

/** null when `input` may be a redirect's `from`; else the field error. */
export function redirectFromProblem(input: string): string | null {
  const path = normaliseRedirectPath(input);
  if (path === null) return "a path on this site (/…, not // or /\\)";
  if (path === "/") return "not the home page: it always exists";
  if (NOT_A_PAGE.test(path)) return "a page's path: the site answers this one before any redirect";
  return null;
}

/** null when `input` may be a redirect's `to` (the link rule: a site path or an https: URL); else the field error. */
export function redirectToProblem(input: string): string | null {
  return linkProblem("site-path-or-https", input.trim());
}

/** The path a `to` lands on when it is on this site (its query and fragment aside), else null (an https: URL). */
export function redirectLandingPath(to: string): string | null {
  return isHttpsLink(to) ? null : normaliseRedirectPath(to);
}

export interface StoredRedirect {
  id: number;
  from: string;
  to: string;
}

export type RedirectChainProblem = { field: "to" | "from"; detail: string };

/**
 * Refuses what would make a browser follow more than one redirect, or never stop: a `to` that is
 * its own `from` (a loop), a `to` that is another redirect's `from` (a chain onward), and a `from`
 * that another redirect lands on (a chain into this one). `others`: every stored redirect but the
 * one being changed. Each case names the redirect to change instead.
 */
export function redirectChainProblem(from: string, to: string, others: readonly StoredRedirect[]): RedirectChainProblem | null {
  const landing = redirectLandingPath(to);
  if (landing !== null && landing === from) return { field: "to", detail: "goes back to its own old path: a loop" };
  const onward = landing === null ? undefined : others.find((r) => r.from === landing);
  if (onward) return { field: "to", detail: `is itself redirected (to ${onward.to}): point straight at where that one goes` };
  const into = others.find((r) => redirectLandingPath(r.to) === from);
  if (into) return { field: "from", detail: `is where the redirect from ${into.from} lands: change that one instead` };
  return null;
}
