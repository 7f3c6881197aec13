/**
 * Spec §2 'Route behaviour': a redirect carries a status (302 by default) and a path or
 * location object; an absolute external target replaces the browser location entirely.
 */
export const DEFAULT_REDIRECT_STATUS = 302;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface RedirectLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

export type RedirectTarget =
  | string
  | { status?: number; path: string }
  | { status?: number; location: RedirectLocation };

export interface ResolvedRedirect {
  status: number;
  /** a same-site path ('/news?x#y') or, when external, the absolute URL */
  location: string;
  external: boolean;
}

function withPrefix(value: string | undefined, prefix: string): string {
  if (!value) return "";
  return value.startsWith(prefix) ? value : prefix + value;
}

function targetString(target: RedirectTarget): string {
  if (typeof target === "string") return target;
  if ("path" in target) return target.path;
  const { pathname, search, hash } = target.location;
  return withPrefix(pathname, "/") + withPrefix(search, "?") + withPrefix(hash, "#");
}

function targetStatus(target: RedirectTarget): number {
  if (typeof target === "string" || target.status === undefined) return DEFAULT_REDIRECT_STATUS;
  return REDIRECT_STATUSES.has(target.status) ? target.status : DEFAULT_REDIRECT_STATUS;
}

/**
 * Resolves a redirect against the site's origin. Same-origin targets (relative or absolute)
 * become paths; other http(s) origins are external; any other scheme (javascript:, data:) or an
 * unparseable target goes home, so a CMS entry can never run script.
 */
export function resolveRedirect(target: RedirectTarget, siteOrigin: string): ResolvedRedirect {
  const status = targetStatus(target);
  const raw = targetString(target).trim();
  let origin: string;
  let url: URL;
  try {
    origin = new URL(siteOrigin).origin;
    url = new URL(raw === "" ? "/" : raw, origin + "/");
  } catch {
    return { status, location: "/", external: false };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { status, location: "/", external: false };
  if (url.origin !== origin) return { status, location: url.href, external: true };
  return { status, location: url.pathname + url.search + url.hash, external: false };
}
