import type { Context } from "hono";
import { hasSignedInHint } from "../auth/session-cookie";
import { preferencesFromCookies, preferencesKey, type ViewerPreferences } from "../../src/app/viewer-preferences";

/**
 * What a cached page may differ by: the signed-in hint (first paint says 'Profile') and the
 * viewer's cookie preferences (child-friendly, spoiler-free, consent). Never the session: a
 * handful of variants per page, each rendered for everyone who shares it.
 *
 * The site lock is not a variant: the lock middleware (worker/site-lock/site-lock.ts) answers a
 * locked visitor before the page cache is read, and its lock screen is never stored. An admitted
 * visitor (allow_entry) sees exactly the open site's page, so admitted and open share their entries.
 */
export interface PageVariant {
  /** the signed-in variant (first paint says 'Profile'), chosen by the hint cookie */
  signedInHint: boolean;
  preferences: ViewerPreferences;
}

export function pageVariantOf(c: Context): PageVariant {
  return { signedInHint: hasSignedInHint(c), preferences: preferencesFromCookies(c.req.header("cookie")) };
}

/** The variant's part of the page-cache key. */
export function pageVariantKey(variant: PageVariant): string {
  return `${variant.signedInHint ? "signed-in" : "visitor"}.${preferencesKey(variant.preferences)}`;
}
