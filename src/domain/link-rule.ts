import { sameSitePath } from "./return-url";

/**
 * The one rule for links the club stores (web settings, advert, sponsor and promo links): a link is
 * either a path on this site or an `https:` URL, never anything a browser would take off-site or
 * run. It is applied where a link is written (the admin API and the console refuse it with a field
 * error) and again where it is rendered (a value stored before the rule, or written straight into
 * D1, is dropped for the page's own default, never rendered as a link).
 *
 * - site path: one leading '/', never '//' or '/\' (protocol-relative: another host), no
 *   whitespace or control characters, and still on the site once percent-decoded and normalised
 *   (src/domain/return-url.ts, the rule return URLs keep).
 * - https: `https://host…` with a host, without user:password@ (which makes `https://club@evil`
 *   read as the club), no whitespace or control characters. `http:`, `javascript:`, `data:`,
 *   `vbscript:` and every other scheme are refused.
 */
export type LinkKind = "site-path" | "https" | "site-path-or-https";

export const MAX_LINK_LENGTH = 2048;

const LINK_DETAIL: Record<LinkKind, string> = {
  "site-path": "a path on this site (/…, not // or /\\)",
  https: "an https: URL (https://…)",
  "site-path-or-https": "a path on this site (/…, not // or /\\) or an https: URL",
};

// C0 and C1 controls, DEL, and every Unicode space or separator (a browser strips or folds them).
const UNSAFE_CHARS = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/;

export function isSitePath(value: string): boolean {
  return value.length <= MAX_LINK_LENGTH && sameSitePath(value) !== null;
}

export function isHttpsLink(value: string): boolean {
  if (value.length > MAX_LINK_LENGTH || UNSAFE_CHARS.test(value) || value.includes("\\") || !/^https:\/\/[^/]/i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === "";
}

/** null when `value` is a link of that kind; else what it must be (the field error). */
export function linkProblem(kind: LinkKind, value: string): string | null {
  const ok = kind === "site-path" ? isSitePath(value) : kind === "https" ? isHttpsLink(value) : isSitePath(value) || isHttpsLink(value);
  return ok ? null : LINK_DETAIL[kind];
}

/** The stored value when it keeps the rule, else undefined (the caller renders its default). */
export function safeLink(kind: LinkKind, value: string | null | undefined): string | undefined {
  return value && linkProblem(kind, value) === null ? value : undefined;
}

/**
 * The web settings that are links, and what each must be. `cookie.policyLink` opens a page of the
 * site in the router; the footer's social links go to the networks; the packages widget's second
 * button may do either.
 */
export const LINK_SETTINGS: Readonly<Record<string, LinkKind>> = {
  "cookie.policyLink": "site-path",
  "packages.cta2ButtonLink": "site-path-or-https",
  "social.facebook": "https",
  "social.x": "https",
  "social.threads": "https",
  "social.instagram": "https",
  "social.youtube": "https",
  "social.tiktok": "https",
};

/**
 * The kind of link a setting key holds, or null when it is not a link. Pages read a setting by its
 * dotted key or the underscore spelling (src/data/web-settings.ts), so both name the link.
 */
export function linkSettingKind(key: string): LinkKind | null {
  for (const [dotted, kind] of Object.entries(LINK_SETTINGS)) {
    if (key === dotted || key === dotted.replace(/\./g, "_")) return kind;
  }
  return null;
}
